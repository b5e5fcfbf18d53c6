// Frozen: a batch job's `protect` option (passwords and permissions), sealed (src/jobs/batch-protect.ts), and its
// `stamps` render option (JSON text).
import type { Kysely } from "kysely";

/** Adds protect (sealed text, nullable) and stamps (JSON text, nullable) to batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_inputs").addColumn("protect", "text").execute();
  await db.schema.alterTable("batch_inputs").addColumn("stamps", "text").execute();
}
