// Frozen: the PostgreSQL twin of migrations/2026-11-23T12-10-batch-row-diagnostics.ts.
import type { Kysely } from "kysely";

/** Adds batch_rows.diagnostics (a JSON array of {code, message, path}; null when there were none). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_rows").addColumn("diagnostics", "text").execute();
}
