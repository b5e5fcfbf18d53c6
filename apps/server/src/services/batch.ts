// Batch rendering: submission (everything validated before anything is stored), status, the job list and
// the result download. Jobs reach a worker through the batch queue (src/jobs/batch-queue.ts).
import type { EinvoiceOption } from "../schemas/einvoice.js";
import type { Theme } from "@docsvc/layout";
import type { ProtectOptions } from "@docsvc/pdf";
import { batchProtectKey, sealProtect } from "../jobs/batch-protect.js";
import type { Principal } from "../auth/principal.js";
import type { BlobReader } from "../blobs/store.js";
import { deleteJob, findJob, insertJob, listJobs, rowResults, type BatchJobSummaryRow } from "../db/batch.js";
import type { BatchOutput, BatchStatus } from "../db/schema.js";
import { findTemplate, type TemplateRow } from "../db/templates.js";
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { limitsOf } from "../config-limits.js";
import { tooDeep } from "../json-depth.js";
import { DEFAULT_FILE_NAME_PATTERN, resultKey } from "../jobs/batch-files.js";
import { batchReport, type BatchReport } from "../jobs/batch-report.js";
import { QueueUnavailableError } from "../jobs/batch-queue.js";
import { errorFields } from "../log.js";
import { MAX_BATCH_ROWS } from "../schemas/batch.js";
import { formOptions } from "../schemas/forms.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { claimKey, releaseKey, submissionHash } from "./batch-idempotency.js";
import { requireRole } from "./workspaces.js";
import type { SignInput } from "../schemas/sign.js";
import type { PdfStandard } from "@docsvc/pdf";
import { checkStandardsWithProtect } from "../schemas/pdf-standards.js";
import { checkWebhookAllowed } from "./webhooks.js";

/** A submission, validated. */
export interface BatchInput {
  readonly rows: readonly Record<string, unknown>[];
  readonly output?: BatchOutput | null | undefined;
  readonly fileNamePattern?: string | null | undefined;
  readonly emailColumn?: string | null | undefined;
  readonly theme: Theme | undefined;
  readonly sign?: SignInput | null | undefined;
  readonly forms?: boolean | undefined;
  readonly flatten?: boolean | undefined;
  readonly tagged?: boolean | undefined;
  /** Every row's PDF and the merged PDF encrypted (stored sealed until the job has run). */
  readonly protect?: ProtectOptions | undefined;
  /** Stamps on every row's pages (validated by StampsField). */
  readonly stamps?: readonly unknown[] | undefined;
  /** Every row's PDF carries its own e-invoice built from its row (zip output only). */
  readonly einvoice?: EinvoiceOption | undefined;
  /** PDF/A and PDF/UA for every row's PDF (not merged output yet). */
  readonly pdfStandards?: readonly PdfStandard[] | undefined;
  /** Told when the job finishes (batch.completed / batch.failed). */
  readonly webhook?: { readonly url: string } | null | undefined;
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

/** Throws 400 when the rows are empty or more than the limit (BATCH_MAX_ROWS). */
export function checkRowCount(count: number, source: "rows" | "file", max: number = MAX_BATCH_ROWS): void {
  if (count > max) {
    throw ValidationError.field(source, `${source === "rows" ? "rows" : "The file"} must hold at most ${max.toLocaleString("en-US")} rows (got ${count.toLocaleString("en-US")}).`);
  }
  if (count === 0) throw ValidationError.field(source, source === "rows" ? "rows must hold at least one row." : "The file holds no data rows.");
}

/** Seconds a client is told to wait when the batch queue is unreachable. */
export const QUEUE_RETRY_AFTER_SECONDS = 5;

/** A submission's answer; `replayed` when an Idempotency-Key named a job made before. */
export interface SubmittedBatch {
  readonly jobId: string;
  readonly replayed: boolean;
}

/**
 * Stores a job with the template content as it is now, and queues it (503 when the queue is unreachable). With
 * an idempotency key, a repeated submission answers the job made the first time (see batch-idempotency.ts).
 */
export async function submitBatch(deps: ServiceDeps, principal: Principal, templateId: string, input: BatchInput, idempotencyKey?: string): Promise<SubmittedBatch> {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  requireBatchRole(principal);
  checkRowCount(input.rows.length, "rows", limitsOf(deps.config).batchRows);
  // One invoice XML per PDF: a merged PDF of many rows has no single invoice to carry.
  if (input.einvoice && input.output === "merged") throw ValidationError.field("einvoice", "einvoice needs output zip: each row's PDF carries the invoice of its row, and a merged PDF has no single invoice.");
  if (input.webhook) await checkWebhookAllowed(deps, principal, "webhook");
  checkStandardsWithProtect(input.pdfStandards, input.protect);
  // JSON bodies were checked whole; rows from a spreadsheet nest by their dotted column names.
  const maxDepth = limitsOf(deps.config).jsonDepth;
  if (tooDeep({ rows: input.rows }, maxDepth) !== undefined) {
    throw ValidationError.field("rows", `rows are nested more than ${maxDepth} levels deep (the limit for a request body).`);
  }
  // A job that could not be signed is refused now, not after every row was rendered.
  if (input.sign) await deps.signer.check(principal.workspaceId, input.sign);
  const now = clockNow();
  const rows = JSON.stringify(input.rows);
  const id = uuidv7(now);
  if (idempotencyKey !== undefined) {
    const { rows: _rows, ...rest } = input;
    // The key is claimed for `id` before the job is stored, so two submissions racing with it make one job.
    const claim = await claimKey(deps.db, principal.workspaceId, idempotencyKey, submissionHash(template.id, rows, rest), id, now);
    if (claim.replay) return { jobId: claim.jobId, replayed: true };
  }
  try {
    await storeAndQueue(deps, principal, template, input, rows, id, now);
  } catch (err) {
    if (idempotencyKey !== undefined) await releaseKey(deps.db, principal.workspaceId, idempotencyKey, id).catch((e: unknown) => deps.log.error("batch submission: could not give back the idempotency key", { jobId: id, ...errorFields(e) }));
    throw err;
  }
  return { jobId: id, replayed: false };
}

/** The form options and the e-invoice option as the job's `form_options` JSON (null when neither is set). */
function storedRenderOptions(input: BatchInput): string | null {
  const options = { ...formOptions(input), ...(input.einvoice !== undefined ? { einvoice: input.einvoice } : {}) };
  return Object.keys(options).length === 0 ? null : JSON.stringify(options);
}

async function storeAndQueue(deps: ServiceDeps, principal: Principal, template: TemplateRow, input: BatchInput, rows: string, id: string, now: number): Promise<void> {
  await insertJob(deps.db, {
    id,
    workspace_id: principal.workspaceId,
    template_id: template.id,
    template_name: template.name,
    content: template.content,
    editor_mode: template.editor_mode,
    rows,
    theme: input.theme === undefined ? null : JSON.stringify(input.theme),
    sign: input.sign ? JSON.stringify(input.sign) : null,
    form_options: storedRenderOptions(input),
    protect: input.protect === undefined ? null : sealProtect(input.protect, batchProtectKey(deps.config.jwtSecret), id),
    stamps: input.stamps === undefined ? null : JSON.stringify(input.stamps),
    pdf_standards: input.pdfStandards === undefined ? null : JSON.stringify(input.pdfStandards),
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
    webhook_url: input.webhook?.url ?? null,
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
): Promise<{ reader: BlobReader; contentType: string; fileName: string; etag: string; finishedAt: Date | undefined }> {
  const row = await job(deps, principal, templateId, jobId);
  if (row.status !== "completed") {
    const why = row.status === "failed" ? `failed (${row.error ?? "no detail"}), so there is no result` : `${row.status}; the result can be downloaded once it is completed`;
    throw new ConflictError(`The batch job is ${why}.`);
  }
  if (row.expires_at !== null && Date.parse(row.expires_at) <= clockNow()) {
    throw new NotFoundError("Batch result (results are kept for 24 hours)");
  }
  // Opened, not read: the download streams it piece by piece (src/http/ranges.ts).
  const reader = await deps.blobs.open(resultKey(row.id, row.output));
  if (reader === undefined) throw new NotFoundError("Batch result (results are kept for 24 hours)");
  const stem = `batch-${row.id}`;
  const fixed = { reader, etag: `"${row.id}-${reader.size}"`, finishedAt: row.finished_at === null ? undefined : new Date(row.finished_at) };
  return row.output === "zip"
    ? { ...fixed, contentType: "application/zip", fileName: `${stem}.zip` }
    : { ...fixed, contentType: "application/pdf", fileName: `${stem}.pdf` };
}
