// Frozen: each batch row keeps the diagnostics its render produced, so the job's report can show them per row.
import type { Kysely } from "kysely";

/** Adds batch_rows.diagnostics (a JSON array of {code, message, path}; null when there were none). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_rows").addColumn("diagnostics", "text").execute();
}
