// Frozen: the blob store's table (BLOB_STORE=database; the default with DATABASE_URL): base PDFs, rasters,
// batch files and the outbox, keyed by their relative path.
import type { Kysely } from "kysely";

/** Creates blobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blobs")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("bytes", "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
