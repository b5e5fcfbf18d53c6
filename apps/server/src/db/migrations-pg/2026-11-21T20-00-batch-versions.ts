// Frozen: the PostgreSQL twin of migrations/2026-11-21T20-00-batch-versions.ts; `real` is double precision, `blob` bytea.
// template versions and batch jobs. Never edit once shipped; add a new dated migration instead.
import { sql, type Kysely } from "kysely";

/** Creates template_versions, batch_jobs and batch_rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("template_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("template_id", "text", (c) => c.notNull().references("templates.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('auto', 'manual', 'restore')`))
    .addColumn("label", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("template_versions_number", ["template_id", "number"])
    .execute();

  await db.schema
    .createTable("batch_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull())
    // No foreign key: a job keeps its snapshot (and its history) when the template is deleted.
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("template_name", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("rows", "text", (c) => c.notNull())
    .addColumn("theme", "text")
    .addColumn("output", "text", (c) => c.notNull().check(sql`output in ('zip', 'merged')`))
    .addColumn("file_name_pattern", "text", (c) => c.notNull())
    .addColumn("email_column", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'processing', 'completed', 'failed')`))
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  await db.schema.createIndex("batch_jobs_template").on("batch_jobs").columns(["workspace_id", "template_id", "created_at"]).execute();
  await db.schema.createIndex("batch_jobs_status").on("batch_jobs").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("batch_rows")
    .addColumn("job_id", "text", (c) => c.notNull().references("batch_jobs.id").onDelete("cascade"))
    .addColumn("idx", "integer", (c) => c.notNull())
    .addColumn("ok", "integer", (c) => c.notNull())
    .addColumn("pages", "integer", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("reason", "text")
    .addColumn("email_note", "text")
    .addPrimaryKeyConstraint("batch_rows_pk", ["job_id", "idx"])
    .execute();
}
