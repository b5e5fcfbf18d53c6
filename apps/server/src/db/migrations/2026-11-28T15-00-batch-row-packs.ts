// Frozen: batch rows are recorded in packs (src/jobs/batch-packs.ts): the files of up to 32 rows (their PDFs,
// or their layouts for a merged job) are written as one blob, and each row names that blob. Null: the row's
// file is its own blob (rows recorded before packs), or the row failed.
import type { Kysely } from "kysely";

/** Adds batch_rows.pack (the id of the pack blob holding the row's file; null for a row file of its own). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("batch_rows").addColumn("pack", "text").execute();
}
