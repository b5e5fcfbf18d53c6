// Frozen: the PostgreSQL twin of migrations/2026-11-28T15-00-batch-row-packs.ts.
import type { Kysely } from "kysely";

/** Adds batch_rows.pack (the id of the pack blob holding the row's file; null for a row file of its own). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_rows").addColumn("pack", "text").execute();
}
