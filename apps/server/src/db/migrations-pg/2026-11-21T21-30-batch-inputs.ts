// Frozen: the PostgreSQL twin of migrations/2026-11-21T21-30-batch-inputs.ts; `real` is double precision, `blob` bytea.
// a batch job's submission (template snapshot, rows, theme) in its own table. Kept in batch_jobs, every
// finished row's counter update rewrote the whole record, megabytes of rows included; batch_jobs.content, rows
// and theme stay as columns but are written empty from now on.
import type { Kysely } from "kysely";

/** Creates batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("batch_inputs")
    .addColumn("job_id", "text", (c) => c.primaryKey().references("batch_jobs.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("rows", "text", (c) => c.notNull())
    .addColumn("theme", "text")
    .execute();
}
