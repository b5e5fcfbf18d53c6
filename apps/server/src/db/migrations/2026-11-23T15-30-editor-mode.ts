// Frozen: versions and batch submissions remember the editor mode of the content they hold (`report` or
// `html`), so restoring a version or running a batch reads the content as what it was.
import { sql, type Kysely } from "kysely";

/** Adds editor_mode to template_versions and batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("template_versions").addColumn("editor_mode", "text", (c) => c.notNull().defaultTo(sql`'report'`)).execute();
  await db.schema.alterTable("batch_inputs").addColumn("editor_mode", "text", (c) => c.notNull().defaultTo(sql`'report'`)).execute();
}
