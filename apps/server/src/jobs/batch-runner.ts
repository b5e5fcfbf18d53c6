// Runs one batch job to its end, whichever queue handed it over (the database poll or BullMQ). Attempted rows are
// recorded a pack at a time (./batch-packs.ts: their files in one blob, then one transaction), so a job interrupted
// by a restart, a crash or a stop resumes at the unrecorded rows and no row reaches the result twice.
import type { PdfStandard } from "@docsvc/pdf";
import { storedFormOptions } from "../schemas/forms.js";
import { editorModeOf } from "../services/content.js";
import type { Stamp, Theme } from "@docsvc/layout";
import type { ProtectOptions } from "@docsvc/pdf";
import { batchProtectKey, openProtect } from "./batch-protect.js";
import { availableParallelism } from "node:os";
import { writeBatchZip } from "./batch-zip.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { putLocalFile } from "../blobs/put-file.js";
import { withTempDir } from "./temp-dir.js";
import { ZipTooLargeError } from "./zip-file.js";
import type { BlobStore } from "../blobs/store.js";
import { batchReport } from "./batch-report.js";
import { findJob, openJob, rowResults, setJobStatus, type BatchJobRow, type BatchRowResult } from "../db/batch.js";
import { batchEvent, queueEvent } from "../webhooks/events.js";
import { WEBHOOK_DEFAULTS, type WebhookSettings } from "../webhooks/settings.js";
import type { Db } from "../db/database.js";
import { isDatabaseUnavailable } from "../db/dialect.js";
import { withJobClaim } from "../db/job-claim.js";
import { findTemplate } from "../db/templates.js";
import { RenderBudgetError } from "../render/budget.js";
import type { BaseRef, MergeTaskResult } from "../render/protocol.js";
import { baseRefFor } from "../services/base-pdf.js";
import { errorFields, type Logger } from "../log.js";
import type { Mailer } from "../mail/mailer.js";
import type { MergeRowSource, Renderer } from "../render/renderer.js";
import type { Metrics } from "../metrics/metrics.js";
import type { Meter } from "../services/meter.js";
import { clockNow, DAY, nowIso } from "../time.js";
import { fileStem, jobPrefix, resultKey, rowKey, rowLayoutKey, uniqueNames } from "./batch-files.js";
import { PackReader, PackRecorder, type PendingRow } from "./batch-packs.js";
import { keepsLayouts, renderRow, rowEmail, type RowLook, type RowOutcome } from "./batch-rows.js";
import type { DocumentSigner } from "../services/signing.js";
import type { SignInput } from "../schemas/sign.js";

/** Batch results are kept this long after the job finishes. */
export const RESULT_RETENTION_MS = DAY;

/** What running a job needs. */
export interface BatchRunnerOptions {
  readonly db: Db;
  readonly renderer: Renderer;
  readonly mailer: Mailer;
  readonly meter: Meter;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** Row PDFs and results (shared by every instance when the store is). */
  readonly blobs: BlobStore;
  readonly publicUrl: string;
  /** Opens the sealed `protect` option of a job (src/jobs/batch-protect.ts); without it such a job fails. */
  readonly jwtSecret?: Uint8Array;
  /** Rows in flight at once (default: four per core, so the pool never waits while rows are recorded and stored). */
  readonly concurrency?: number;
  /** Signs each row's PDF (ZIP output, emails) or the merged PDF when the job was submitted with `sign`. */
  readonly signer?: DocumentSigner;
  /** How webhook events are retried (a job with a webhook queues batch.completed / batch.failed). */
  readonly webhooks?: Pick<WebhookSettings, "retryForMs">;
  /** Called when an event was queued (the dispatcher looks at once). */
  readonly webhookQueued?: () => void;
}

/**
 * How a run ended: `finished` (completed or failed now, or already finished elsewhere, or unknown), `claimed`
 * (another worker holds the job; nothing was done), `interrupted` (stopped between rows; the job stays
 * `processing` and resumes on the next run).
 */
export type RunOutcome = "finished" | "claimed" | "interrupted";

class JobFailure extends Error {}

/** Runs jobs by id. A database that becomes unreachable mid-run throws (the job stays `processing`). */
export class BatchRunner {
  // Jobs running in this process: the database claim is per connection (and SQLite has none), so a job handed
  // over twice to one process (a queue's stalled-job check firing while it still runs) is refused here.
  private readonly running = new Set<string>();

  constructor(private readonly options: BatchRunnerOptions) {}

  /** The job's sealed `protect` option opened; a key that cannot open it (JWT_SECRET rotated) fails the job. */
  private protectOf(job: BatchJobRow): ProtectOptions | undefined {
    if (job.protect === null || job.protect === undefined) return undefined;
    try {
      if (this.options.jwtSecret === undefined) throw new Error("no key");
      return openProtect(job.protect, batchProtectKey(this.options.jwtSecret), job.id);
    } catch {
      throw new JobFailure("The job's passwords cannot be read with this server's JWT secret (was it changed?); submit the batch again.");
    }
  }

  /** Runs the job under its claim; `stopping` is asked between rows. */
  async run(jobId: string, stopping: () => boolean): Promise<RunOutcome> {
    if (this.running.has(jobId)) return "claimed";
    this.running.add(jobId);
    try {
      let outcome: RunOutcome = "finished";
      // Re-read under the claim: the worker that held it may have finished the job meanwhile.
      const ran = await withJobClaim(this.options.db, jobId, async () => {
        const job = await openJob(this.options.db, jobId);
        if (job !== undefined) outcome = await this.runJob(job, stopping);
      });
      return ran ? outcome : "claimed";
    } finally {
      this.running.delete(jobId);
    }
  }

  private async runJob(job: BatchJobRow, stopping: () => boolean): Promise<RunOutcome> {
    try {
      return await this.process(job, stopping);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      const detail = err instanceof JobFailure ? err.message : "The job failed unexpectedly.";
      if (!(err instanceof JobFailure)) this.options.log.error("batch job failed", { jobId: job.id, ...errorFields(err) });
      await this.finish(job, "failed", detail);
      return "finished";
    }
  }

  private async process(job: BatchJobRow, stopping: () => boolean): Promise<RunOutcome> {
    const { db, blobs } = this.options;
    if (job.status === "pending") {
      if ((await findTemplate(db, job.workspace_id, job.template_id)) === undefined) {
        throw new JobFailure("The template was deleted before the job started.");
      }
      await setJobStatus(db, job.id, "processing");
    }
    const rows = JSON.parse(job.rows) as unknown[];
    const theme = job.theme === null ? undefined : (JSON.parse(job.theme) as Theme);
    const protect = this.protectOf(job);
    const stamps = job.stamps === null || job.stamps === undefined ? undefined : (JSON.parse(job.stamps) as Stamp[]);
    const done = new Set((await rowResults(db, job.id)).map((r) => r.idx));
    // The template's base PDF as it is when the job (re)starts.
    const base = await baseRefFor(db, blobs, job.workspace_id, job.template_id);
    const pdfStandards = job.pdf_standards === null || job.pdf_standards === undefined ? undefined : (JSON.parse(job.pdf_standards) as PdfStandard[]);
    const look: RowLook = { theme, base, ...(protect !== undefined ? { protect } : {}), ...(stamps !== undefined ? { stamps } : {}), ...(pdfStandards !== undefined ? { pdfStandards } : {}) };
    const todo = rows.map((_, i) => i).filter((i) => !done.has(i));
    let next = 0;
    let aborted = false;
    const recorder = new PackRecorder(db, blobs, job.id);
    const lane = async (): Promise<void> => {
      while (!stopping() && !aborted && next < todo.length) {
        const index = todo[next++] as number;
        // A job-level failure in one lane stops the others from starting rows.
        await this.row(job, look, rows[index], index)
          .then((row) => recorder.add(row))
          .catch((err: unknown) => {
            aborted = true;
            throw err;
          });
      }
    };
    const lanes = Math.max(1, this.options.concurrency ?? availableParallelism() * 4);
    try {
      await Promise.all(Array.from({ length: Math.min(lanes, todo.length) }, lane));
    } catch (err) {
      // No pack may still be written once the job is failed (its files are removed) or handed back.
      await recorder.settle();
      throw err;
    }
    // Stopped or not, the rows finished so far are recorded: a resumed job renders only the others.
    await recorder.flush();
    if (next < todo.length) return "interrupted";
    await this.assemble(job, rows, look);
    await this.finish(job, "completed", null);
    // Only now: a restart between writing the result and recording completion assembles again from these files.
    await blobs.deletePrefix(`${jobPrefix(job.id)}rows/`);
    return "finished";
  }

  // Renders one row; answers it as it waits for its pack (./batch-packs.ts), which records it.
  private async row(job: BatchJobRow, look: RowLook, data: unknown, index: number): Promise<PendingRow> {
    const { meter } = this.options;
    const rendered = await renderRow(this.options.renderer, job, look, data);
    if (rendered.kind === "invalid") throw new JobFailure(rendered.detail);
    const outcome = await this.signRow(job, rendered);
    this.options.metrics.batchRows.inc({ outcome: outcome.kind });
    const diagnostics = outcome.diagnostics.length === 0 ? null : JSON.stringify(outcome.diagnostics.map(({ code, message, path }) => ({ code, message, path })));
    const result: PendingRow["result"] = { job_id: job.id, idx: index, ok: 0, pages: 0, file_name: null, reason: null, email_note: null, diagnostics };
    if (outcome.kind === "failed") return { result: { ...result, reason: outcome.reason } };
    const stem = fileStem(job.file_name_pattern, data, index, new Date(clockNow()));
    // The row's file in its pack: the PDF for a ZIP, the layout for a merged PDF.
    const file = job.output === "zip" ? outcome.pdf : outcome.layout;
    // Rows of an emailing job always have their PDF (renderRow paints it).
    const email = outcome.pdf === undefined ? undefined : rowEmail(this.options.mailer, job, data, outcome.pdf, `${stem}.pdf`, this.options.publicUrl);
    return {
      result: { ...result, ok: 1, pages: outcome.pages, file_name: stem, email_note: email?.note ?? null },
      ...(file !== undefined ? { file } : {}),
      recorded: () => {
        email?.send?.();
        meter.record({
          workspaceId: job.workspace_id,
          templateId: job.template_id,
          source: job.source,
          pages: outcome.pages,
          // A merged row that is not emailed has no file of its own: its bytes are counted in the merged PDF only.
          bytes: outcome.pdf?.byteLength ?? 0,
          durationMs: outcome.durationMs,
        });
      },
    };
  }

  /** The job's `sign` request, if it was submitted with one. */
  private signRequest(job: BatchJobRow): SignInput | undefined {
    return job.sign === undefined || job.sign === null ? undefined : (JSON.parse(job.sign) as SignInput);
  }

  /** A rendered row with its own PDF signed (a row that cannot be signed fails, with the reason). */
  private async signRow(job: BatchJobRow, outcome: Exclude<RowOutcome, { kind: "invalid" }>): Promise<Exclude<RowOutcome, { kind: "invalid" }>> {
    const request = this.signRequest(job);
    if (request === undefined || outcome.kind !== "ok" || outcome.pdf === undefined) return outcome;
    try {
      const pdf = await this.signer().sign(job.workspace_id, outcome.pdf, request, { priority: "batch" });
      return { ...outcome, pdf };
    } catch (err) {
      return { kind: "failed", reason: `The row could not be signed: ${err instanceof Error ? err.message : String(err)}`, diagnostics: outcome.diagnostics };
    }
  }

  private signer(): DocumentSigner {
    if (this.options.signer === undefined) throw new JobFailure("This server cannot sign documents.");
    return this.options.signer;
  }

  private async assemble(job: BatchJobRow, rows: readonly unknown[], look: RowLook): Promise<void> {
    const { db, blobs } = this.options;
    const results = await rowResults(db, job.id);
    const ok = results.filter((r) => r.ok === 1);
    if (job.output === "merged") {
      if (ok.length === 0) throw new JobFailure("Every row failed; there is nothing to merge.");
      const key = resultKey(job.id, "merged");
      // The worker writes the PDF into a file as it paints; the file is then handed to the blob store (renamed on
      // disk, streamed to S3 or into the database's chunks), so no thread holds the whole PDF (docs/downloads.md).
      await withTempDir("docsvc-merged-", async (dir) => {
        const merged = await this.merge(job, ok, rows, look, join(dir, "result.pdf")).catch((err: unknown) => {
          throw err instanceof RenderBudgetError ? new JobFailure(err.message) : err;
        });
        if (!merged.ok) throw new JobFailure(merged.errors["pdfStandards"]?.join(" ") ?? "The template content is invalid.");
        const request = this.signRequest(job);
        if (request === undefined && merged.file !== undefined) return putLocalFile(blobs, key, merged.file);
        // A merged PDF is signed once, as a whole: the signature covers every byte, so it is read into memory here.
        const whole = merged.file === undefined ? merged.pdf : new Uint8Array(await readFile(merged.file));
        const pdf = request === undefined ? whole : await this.signer().sign(job.workspace_id, whole, request, { priority: "batch" }).catch((err: unknown) => {
          throw new JobFailure(`The merged PDF could not be signed: ${err instanceof Error ? err.message : String(err)}`);
        });
        await blobs.put(key, pdf);
      });
      return;
    }
    const names = uniqueNames(ok.map((r) => r.file_name ?? `document-${r.idx + 1}`));
    const packs = new PackReader(blobs, job.id);
    const entries = ok.map((r, i) => ({
      name: names[i] as string,
      // A row recorded before packs has its own file.
      read: async () => {
        const pdf = r.pack === null ? await blobs.get(rowKey(job.id, r.idx)) : await packs.file(r.pack, r.idx);
        if (pdf === undefined) throw new Error(`batch: row ${r.idx} of job ${job.id} is recorded but its PDF is missing`);
        return pdf;
      },
    }));
    const report = `${JSON.stringify(batchReport(job.id, rows.length, results), null, 2)}\n`;
    await writeBatchZip(blobs, resultKey(job.id, "zip"), entries, report, new Date(clockNow())).catch((err: unknown) => {
      throw err instanceof ZipTooLargeError ? new JobFailure(err.message) : err;
    });
  }

  // The merged PDF: painted from the rows' kept layouts (each row laid out once), or, with a renderer that
  // cannot keep layouts, every successful row laid out again in one merge job.
  private async merge(job: BatchJobRow, ok: readonly BatchRowResult[], rows: readonly unknown[], look: RowLook, outputFile: string): Promise<MergeTaskResult> {
    const { renderer, blobs } = this.options;
    const task = { cacheKey: `batch:${job.id}`, content: job.content, editorMode: editorModeOf(job.editor_mode), title: job.template_name, now: undefined, ...look, ...storedFormOptions(job.form_options) };
    const options = { workspaceId: job.workspace_id, priority: "batch" } as const;
    if (keepsLayouts(renderer, job)) {
      // A row recorded before layouts were kept (a job resumed across an upgrade) is laid out by the merge worker;
      // one recorded before packs has its layout in a file of its own.
      const packs = new PackReader(blobs, job.id);
      const read = async (i: number): Promise<MergeRowSource> => {
        const r = ok[i] as BatchRowResult;
        const layout = r.pack === null ? await blobs.get(rowLayoutKey(job.id, r.idx)) : await packs.file(r.pack, r.idx);
        return layout === undefined ? { data: rows[r.idx] } : { layout };
      };
      return renderer.mergeRows!({ ...task, count: ok.length, outputFile }, read, options);
    }
    const merge = renderer.merge;
    if (merge === undefined) throw new JobFailure("This server's renderer cannot merge documents.");
    return merge.call(renderer, { ...task, rows: ok.map((r) => rows[r.idx]) }, options);
  }

  private async finish(job: BatchJobRow, status: "completed" | "failed", error: string | null): Promise<void> {
    const now = clockNow();
    const webhook = job.webhook_url;
    // The job's end and its webhook event are recorded together: no crash between them can lose the event.
    await this.options.db.transaction().execute(async (trx) => {
      await setJobStatus(trx, job.id, status, { finished_at: nowIso(now), expires_at: nowIso(now + RESULT_RETENTION_MS), error });
      const finished = webhook ? await findJob(trx, job.workspace_id, job.template_id, job.id) : undefined;
      if (webhook && finished !== undefined) await queueEvent(trx, this.options.webhooks ?? WEBHOOK_DEFAULTS, webhook, batchEvent(finished, this.options.publicUrl));
    });
    if (webhook) this.options.webhookQueued?.();
    if (status === "failed") await this.options.blobs.deletePrefix(jobPrefix(job.id));
  }
}
