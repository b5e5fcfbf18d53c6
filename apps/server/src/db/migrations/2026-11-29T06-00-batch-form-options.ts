// Frozen: a batch job keeps the form options it was submitted with (forms, flatten: docs/forms.md), as JSON
// text beside its theme; null when none was set.
import type { Kysely } from "kysely";

/** Adds form_options (JSON text, nullable) to batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_inputs").addColumn("form_options", "text").execute();
}
