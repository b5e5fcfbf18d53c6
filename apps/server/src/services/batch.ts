// Batch rendering: submission (everything validated before anything is stored), status, the job list and
// the result download. Jobs reach a worker through the batch queue (src/jobs/batch-queue.ts).
import type { Theme } from "@docsvc/layout";
import type { Principal } from "../auth/principal.js";
import { deleteJob, findJob, insertJob, listJobs, rowResults, type BatchJobSummaryRow } from "../db/batch.js";
import type { BatchOutput, BatchStatus } from "../db/schema.js";
import { findTemplate } from "../db/templates.js";
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { limitsOf } from "../config-limits.js";
import { tooDeep } from "../json-depth.js";
import { DEFAULT_FILE_NAME_PATTERN, resultKey } from "../jobs/batch-files.js";
import { batchReport, type BatchReport } from "../jobs/batch-report.js";
import { QueueUnavailableError } from "../jobs/batch-queue.js";
import { errorFields } from "../log.js";
import { MAX_BATCH_ROWS } from "../schemas/batch.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { requireRole } from "./workspaces.js";

/** A submission, validated. */
export interface BatchInput {
  readonly rows: readonly Record<string, unknown>[];
  readonly output?: BatchOutput | null | undefined;
  readonly fileNamePattern?: string | null | undefined;
  readonly emailColumn?: string | null | undefined;
  readonly theme: Theme | undefined;
}

/** A job's status (the spec's five fields plus what a client needs to show it). */
export interface BatchJobView {
  readonly jobId: string;
  readonly status: BatchStatus;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly output: BatchOutput;
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly expiresAt: string | null;
}

/** How many jobs the list shows. */
export const JOB_LIST_LIMIT = 50;

function view(row: BatchJobSummaryRow): BatchJobView {
  return {
    jobId: row.id,
    status: row.status,
    total: row.total,
    completed: row.completed,
    failed: row.failed,
    output: row.output,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
  };
}

/** Session callers need Owner or Editor; API keys act for their workspace. */
function requireBatchRole(principal: Principal): void {
  if (principal.kind === "session") requireRole(principal, "Owner", "Editor");
}

/** Throws 400 when the rows are empty or more than the limit. */
export function checkRowCount(count: number, source: "rows" | "file"): void {
  if (count > MAX_BATCH_ROWS) {
    throw ValidationError.field(source, `${source === "rows" ? "rows" : "The file"} must hold at most 2,000 rows (got ${count.toLocaleString("en-US")}).`);
  }
  if (count === 0) throw ValidationError.field(source, source === "rows" ? "rows must hold at least one row." : "The file holds no data rows.");
}

/** Seconds a client is told to wait when the batch queue is unreachable. */
export const QUEUE_RETRY_AFTER_SECONDS = 5;

/** Stores a job with the template content as it is now, and queues it (503 when the queue is unreachable). */
export async function submitBatch(deps: ServiceDeps, principal: Principal, templateId: string, input: BatchInput): Promise<{ jobId: string }> {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  requireBatchRole(principal);
  checkRowCount(input.rows.length, "rows");
  // JSON bodies were checked whole; rows from a spreadsheet nest by their dotted column names.
  const maxDepth = limitsOf(deps.config).jsonDepth;
  if (tooDeep({ rows: input.rows }, maxDepth) !== undefined) {
    throw ValidationError.field("rows", `rows are nested more than ${maxDepth} levels deep (the limit for a request body).`);
  }
  const now = clockNow();
  const id = uuidv7(now);
  await insertJob(deps.db, {
    id,
    workspace_id: principal.workspaceId,
    template_id: template.id,
    template_name: template.name,
    content: template.content,
    editor_mode: template.editor_mode,
    rows: JSON.stringify(input.rows),
    theme: input.theme === undefined ? null : JSON.stringify(input.theme),
    output: input.output ?? "zip",
    file_name_pattern: input.fileNamePattern?.trim() || DEFAULT_FILE_NAME_PATTERN,
    email_column: input.emailColumn?.trim() || null,
    source: principal.kind === "apiKey" ? "api" : "preview",
    status: "pending",
    total: input.rows.length,
    completed: 0,
    failed: 0,
    error: null,
    created_at: nowIso(now),
    finished_at: null,
    expires_at: null,
  });
  try {
    await deps.batch.enqueue(id);
  } catch (err) {
    if (!(err instanceof QueueUnavailableError)) throw err;
    deps.log.warn("batch submission refused: the queue is unreachable", { jobId: id, ...errorFields(err.cause) });
    // The client is told it failed, so no job may run: the stored job goes. Should this fail too, the queue's
    // sweep still runs it once Redis returns (a job nobody was told about, but no lost or doubled rows).
    await deleteJob(deps.db, id).catch((e: unknown) => deps.log.error("batch submission: could not remove the refused job", { jobId: id, ...errorFields(e) }));
    throw new ServiceUnavailableError("Batch jobs cannot be queued right now; try again shortly.", QUEUE_RETRY_AFTER_SECONDS);
  }
  return { jobId: id };
}

async function job(deps: ServiceDeps, principal: Principal, templateId: string, jobId: string): Promise<BatchJobSummaryRow> {
  const row = await findJob(deps.db, principal.workspaceId, templateId, jobId);
  if (row === undefined) throw new NotFoundError("Batch job");
  return row;
}

/** A job's status. */
export async function getBatchJob(deps: ServiceDeps, principal: Principal, templateId: string, jobId: string): Promise<BatchJobView> {
  return view(await job(deps, principal, templateId, jobId));
}

/** The workspace's recent jobs for a template, newest first. */
export async function listBatchJobs(deps: ServiceDeps, principal: Principal, templateId: string): Promise<BatchJobView[]> {
  if ((await findTemplate(deps.db, principal.workspaceId, templateId)) === undefined) throw new NotFoundError("Template");
  return (await listJobs(deps.db, principal.workspaceId, templateId, JOB_LIST_LIMIT)).map(view);
}

/**
 * A job's per-row report (failures, unsent emails, diagnostics) from the rows recorded so far, for either output:
 * the same JSON as the ZIP's report.json, and the only report of a merged PDF. 404 once the job's data expired.
 */
export async function batchJobReport(deps: ServiceDeps, principal: Principal, templateId: string, jobId: string): Promise<BatchReport> {
  const row = await job(deps, principal, templateId, jobId);
  if (row.expires_at !== null && Date.parse(row.expires_at) <= clockNow()) {
    throw new NotFoundError("Batch report (results are kept for 24 hours)");
  }
  return batchReport(row.id, row.total, await rowResults(deps.db, row.id));
}

/** Where a finished job's result is: 409 before it is completed, 404 once expired. */
export async function batchResult(
  deps: ServiceDeps,
  principal: Principal,
  templateId: string,
  jobId: string,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  const row = await job(deps, principal, templateId, jobId);
  if (row.status !== "completed") {
    const why = row.status === "failed" ? `failed (${row.error ?? "no detail"}), so there is no result` : `${row.status}; the result can be downloaded once it is completed`;
    throw new ConflictError(`The batch job is ${why}.`);
  }
  if (row.expires_at !== null && Date.parse(row.expires_at) <= clockNow()) {
    throw new NotFoundError("Batch result (results are kept for 24 hours)");
  }
  const bytes = await deps.blobs.get(resultKey(row.id, row.output));
  if (bytes === undefined) throw new NotFoundError("Batch result (results are kept for 24 hours)");
  const stem = `batch-${row.id}`;
  return row.output === "zip"
    ? { bytes, contentType: "application/zip", fileName: `${stem}.zip` }
    : { bytes, contentType: "application/pdf", fileName: `${stem}.pdf` };
}
