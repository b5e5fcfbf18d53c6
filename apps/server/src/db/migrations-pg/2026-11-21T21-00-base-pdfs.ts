// Frozen: the PostgreSQL twin of migrations/2026-11-21T21-00-base-pdfs.ts; `real` is double precision, `blob` bytea.
// base PDFs (one per template). Never edit once shipped; add a new dated migration instead.
import type { Kysely } from "kysely";

/** Creates base_pdfs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("base_pdfs")
    .addColumn("template_id", "text", (c) => c.primaryKey().references("templates.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    // SHA-256 of the original; also the folder name under DATA_DIR/base-pdfs/<templateId>/.
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    /** JSON array of {width, height} in points. */
    .addColumn("pages", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
