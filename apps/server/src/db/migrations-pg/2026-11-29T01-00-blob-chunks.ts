// Frozen (PostgreSQL twin of migrations/2026-11-29T01-00-blob-chunks.ts): blobs past one chunk are kept as numbered chunks (blob_chunks), so the database blob store
// writes a batch's ZIP or merged PDF from its file a chunk at a time and reads downloads a chunk at a time, never
// the whole value in one statement. blobs.chunk_bytes is the chunk size of such a blob (null: bytes inline).
import type { Kysely } from "kysely";

/** Creates blob_chunks and blobs.chunk_bytes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blobs").addColumn("chunk_bytes", "integer").execute();
  await db.schema
    .createTable("blob_chunks")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("idx", "integer", (c) => c.notNull())
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .addPrimaryKeyConstraint("blob_chunks_pk", ["key", "idx"])
    .execute();
}
