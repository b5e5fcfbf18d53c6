// Batch jobs and their per-row results. Queries that callers reach by id take the workspace too.
import type { Db } from "./database.js";
import type { BatchJobsTable, BatchRowsTable, BatchStatus } from "./schema.js";

/** A job with its submission; `editor_mode` lives in batch_inputs with the content. */
export type BatchJobRow = BatchJobsTable & { readonly editor_mode: string; readonly form_options?: string | null; readonly protect?: string | null; readonly stamps?: string | null; readonly sign?: string | null; readonly pdf_standards?: string | null };
export type BatchJobSummaryRow = Omit<BatchJobRow, "content" | "rows" | "theme" | "editor_mode" | "form_options" | "protect" | "stamps" | "sign" | "pdf_standards">;
export type BatchRowResult = BatchRowsTable;

const SUMMARY = [
  "id", "workspace_id", "template_id", "template_name", "output", "file_name_pattern", "email_column", "source",
  "status", "total", "completed", "failed", "error", "created_at", "finished_at", "expires_at", "webhook_url",
] as const;

/** Inserts a job and its submission (content snapshot, rows, theme) in one transaction. */
export async function insertJob(db: Db, row: BatchJobRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { editor_mode, form_options, protect, stamps, sign, pdf_standards, ...job } = row;
    await trx.insertInto("batch_jobs").values({ ...job, content: "", rows: "[]", theme: null }).execute();
    await trx.insertInto("batch_inputs").values({ job_id: row.id, content: row.content, editor_mode, rows: row.rows, theme: row.theme, form_options: form_options ?? null, protect: protect ?? null, stamps: stamps ?? null, sign: sign ?? null, pdf_standards: pdf_standards ?? null }).execute();
  });
}

/** One job of this workspace and template (without its rows). */
export function findJob(db: Db, workspaceId: string, templateId: string, id: string): Promise<BatchJobSummaryRow | undefined> {
  return db
    .selectFrom("batch_jobs")
    .select(SUMMARY)
    .where("workspace_id", "=", workspaceId)
    .where("template_id", "=", templateId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The workspace's most recent jobs for a template, newest first. */
export function listJobs(db: Db, workspaceId: string, templateId: string, limit: number): Promise<BatchJobSummaryRow[]> {
  return db
    .selectFrom("batch_jobs")
    .select(SUMMARY)
    .where("workspace_id", "=", workspaceId)
    .where("template_id", "=", templateId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * The next job to work on (with its submission): an interrupted (processing) one first, then the oldest
 * pending; jobs in `skip` (claimed by other workers) are passed over.
 */
export async function nextJob(db: Db, skip: ReadonlySet<string> = new Set()): Promise<BatchJobRow | undefined> {
  let query = db
    .selectFrom("batch_jobs")
    .select(SUMMARY)
    .where("status", "in", ["processing", "pending"]);
  if (skip.size > 0) query = query.where("id", "not in", [...skip]);
  const job = await query
    .orderBy((eb) => eb.case().when("status", "=", "processing").then(0).else(1).end())
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (job === undefined) return undefined;
  return withInput(db, job);
}

/** Every unfinished job's id, oldest first (the BullMQ queue re-queues them; see src/jobs/bull-queue.ts). */
export async function pendingJobIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("batch_jobs").select("id").where("status", "in", ["processing", "pending"]).orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Removes a job that never reached the queue (its submission answered 503), with its submission. */
export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("batch_inputs").where("job_id", "=", id).execute();
    await trx.deleteFrom("batch_jobs").where("id", "=", id).execute();
  });
}

/** The job with this id, if it is still to be worked on (another worker may have finished it meanwhile). */
export async function openJob(db: Db, id: string): Promise<BatchJobRow | undefined> {
  const job = await db.selectFrom("batch_jobs").select(SUMMARY).where("id", "=", id).where("status", "in", ["processing", "pending"]).executeTakeFirst();
  return job === undefined ? undefined : withInput(db, job);
}

async function withInput(db: Db, job: BatchJobSummaryRow): Promise<BatchJobRow> {
  const input = await db.selectFrom("batch_inputs").select(["content", "editor_mode", "rows", "theme", "form_options", "protect", "stamps", "sign", "pdf_standards"]).where("job_id", "=", job.id).executeTakeFirst();
  // A job without its submission cannot run; it is handed over empty and fails as invalid content.
  return { ...job, content: input?.content ?? "", editor_mode: input?.editor_mode ?? "report", rows: input?.rows ?? "[]", theme: input?.theme ?? null, form_options: input?.form_options ?? null, protect: input?.protect ?? null, stamps: input?.stamps ?? null, sign: input?.sign ?? null, pdf_standards: input?.pdf_standards ?? null };
}

/** Sets a job's status (and, when finishing, its finish and expiry times or error). */
export async function setJobStatus(
  db: Db,
  id: string,
  status: BatchStatus,
  extra: Partial<Pick<BatchJobRow, "finished_at" | "expires_at" | "error">> = {},
): Promise<void> {
  await db.updateTable("batch_jobs").set({ status, ...extra }).where("id", "=", id).execute();
}

/** The rows already attempted for a job. */
export function rowResults(db: Db, jobId: string): Promise<BatchRowResult[]> {
  return db.selectFrom("batch_rows").selectAll().where("job_id", "=", jobId).orderBy("idx").execute();
}

/** Rows per insert statement (9 values each: far below either database's parameter limit). */
const INSERT_CHUNK = 100;

/**
 * Records a pack of one job's attempted rows and bumps the job's counters, in one transaction (three statements
 * for the whole pack, not two per row). Rows recorded before (a pack retried after its commit failed to answer)
 * are left as they were; answers the indexes recorded now.
 */
export async function recordRows(db: Db, jobId: string, rows: readonly BatchRowResult[]): Promise<ReadonlySet<number>> {
  if (rows.length === 0) return new Set();
  return db.transaction().execute(async (trx) => {
    const taken = new Set<number>();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const indexes = rows.slice(i, i + INSERT_CHUNK).map((r) => r.idx);
      const before = await trx.selectFrom("batch_rows").select("idx").where("job_id", "=", jobId).where("idx", "in", indexes).execute();
      for (const r of before) taken.add(r.idx);
    }
    const fresh = rows.filter((r) => r.job_id === jobId && !taken.has(r.idx));
    if (fresh.length === 0) return new Set<number>();
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) await trx.insertInto("batch_rows").values(fresh.slice(i, i + INSERT_CHUNK)).execute();
    const ok = fresh.filter((r) => r.ok === 1).length;
    await trx
      .updateTable("batch_jobs")
      .set((eb) => ({ completed: eb("completed", "+", ok), failed: eb("failed", "+", fresh.length - ok) }))
      .where("id", "=", jobId)
      .execute();
    return new Set(fresh.map((r) => r.idx));
  });
}

/** Finished jobs whose result expired before `now`, with files still to remove. */
export function expiredJobs(db: Db, now: string): Promise<{ id: string }[]> {
  return db
    .selectFrom("batch_jobs")
    .select("id")
    .where("status", "in", ["completed", "failed"])
    .where("expires_at", "<=", now)
    .where("id", "in", db.selectFrom("batch_inputs").select("job_id"))
    .execute();
}

/** Drops an expired job's rows and row results (the job record stays, for its status). */
export async function forgetJobData(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("batch_rows").where("job_id", "=", id).execute();
    await trx.deleteFrom("batch_inputs").where("job_id", "=", id).execute();
  });
}
