// Frozen: the PostgreSQL twin of migrations/2026-11-23T16-00-blobs.ts: the blob store's table : base PDFs, rasters,
// batch files and the outbox, keyed by their relative path.
import type { Kysely } from "kysely";

/** Creates blobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blobs")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
