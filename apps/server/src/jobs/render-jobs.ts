// Runs the renders queued by POST /api/render/async: each due job is claimed (the claim expires, so a job an
// instance took before dying is run by another, or by this one after a restart), rendered in the worker pool at
// batch priority, its PDF stored like a batch result (kept 24 hours), and its webhook event queued.
import type { EinvoiceRequest, Stamp, Theme } from "@docsvc/layout";
import type { PdfStandard } from "@docsvc/pdf";
import type { SignInput } from "../schemas/sign.js";
import type { DocumentSigner } from "../services/signing.js";
import { batchProtectKey, openProtect } from "./batch-protect.js";
import type { BlobStore } from "../blobs/store.js";
import type { Db } from "../db/database.js";
import { claimRenderJob, dueRenderJobs, finishRenderJob, type RenderJobRow } from "../db/render-jobs.js";
import { errorFields, type Logger } from "../log.js";
import { RenderAbortedError, RenderBudgetError, RenderQueueFullError } from "../render/budget.js";
import type { Renderer } from "../render/renderer.js";
import { baseRefFor } from "../services/base-pdf.js";
import type { Meter } from "../services/meter.js";
import { clockNow, DAY, nowIso } from "../time.js";
import { queueEvent, renderEvent } from "../webhooks/events.js";
import type { WebhookSettings } from "../webhooks/settings.js";
import { PollLoop } from "./poll-loop.js";
import type { ProtectOptions } from "@docsvc/pdf";
import { formOptions } from "../schemas/forms.js";

/** What a queued render asks of its PDF beyond the data: the sync render's options, protect sealed. */
export interface RenderJobPdfOptions {
  readonly forms?: boolean;
  readonly flatten?: boolean;
  readonly stamps?: readonly Stamp[];
  /** Signed after rendering, as the sync render signs (the job fails when the signature cannot be made). */
  readonly sign?: SignInput;
  /** ProtectOptions sealed with sealProtect (./batch-protect.ts), bound to the job id. */
  readonly protect?: string;
  /** false: an untagged PDF (formOptions). */
  readonly tagged?: boolean;
  /** The e-invoice to embed (docs/einvoicing.md); stored with the request, so no column of its own. */
  readonly einvoice?: EinvoiceRequest | false;
  /** The render's pdfStandards (absent in requests queued before the option existed). */
  readonly pdfStandards?: readonly PdfStandard[];
}

/** What a queued render renders (render_jobs.request). */
export interface RenderJobRequest extends RenderJobPdfOptions {
  readonly content: string;
  readonly editorMode: "report" | "html";
  readonly data: unknown;
  readonly theme: Theme | undefined;
  readonly title: string | undefined;
  /** The template whose base PDF is drawn behind the pages (the stored template, or baseTemplateId). */
  readonly baseTemplateId: string | undefined;
  /** The stored template's `<id>@<updatedAt>`, so the worker's document cache serves it. */
  readonly cacheKey: string | null;
}

/** The PDFs of asynchronous renders are kept this long, like batch results. */
export const RENDER_RESULT_RETENTION_MS = DAY;

/** Where an asynchronous render's PDF is stored. */
export function renderResultKey(jobId: string): string {
  return `render/${jobId}/result.pdf`;
}

/** What the runner needs. */
export interface RenderJobOptions {
  readonly db: Db;
  readonly blobs: BlobStore;
  readonly renderer: Renderer;
  readonly meter: Meter;
  readonly log: Logger;
  readonly publicUrl: string;
  readonly settings: WebhookSettings;
  /** The render pool's time budget: a claim outlasts it. */
  readonly renderTimeoutMs: number;
  /** Called when an event was queued (the dispatcher looks at once). */
  readonly queued?: () => void;
  /** Opens a job's sealed `protect` (absent: such a job fails). */
  readonly jwtSecret?: Uint8Array;
  /** Signs a job's PDF when it was submitted with `sign` (absent: such a job fails). */
  readonly signer?: DocumentSigner;
}

/** Runs queued asynchronous renders: start() in every process that runs background work. */
export class RenderJobRunner {
  private readonly loop: PollLoop;

  constructor(private readonly options: RenderJobOptions) {
    this.loop = new PollLoop("render jobs", () => this.turn(), options.settings.pollMs, options.log);
  }

  start(): void {
    this.loop.start();
  }

  /** A job was queued: look now. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs the due jobs (two at a time, beside the interactive renders); answers whether there were any. */
  async turn(): Promise<boolean> {
    const { db, renderTimeoutMs } = this.options;
    const now = clockNow();
    const ids = await dueRenderJobs(db, nowIso(now), 2);
    await Promise.all(
      ids.map(async (id) => {
        const job = await claimRenderJob(db, id, nowIso(now), nowIso(now + renderTimeoutMs * 2 + 60_000));
        if (job !== undefined) await this.run(job);
      }),
    );
    return ids.length > 0;
  }

  private async run(job: RenderJobRow): Promise<void> {
    const { db, blobs, renderer, meter, log } = this.options;
    const request = JSON.parse(job.request) as RenderJobRequest;
    const started = performance.now();
    let error: string | null = null;
    let pages: number | null = null;
    let bytes: number | null = null;
    try {
      const base = request.baseTemplateId === undefined ? undefined : await baseRefFor(db, blobs, job.workspace_id, request.baseTemplateId);
      const protect = request.protect === undefined ? undefined : this.openProtect(request.protect, job.id);
      const result = await renderer.render(
        {
          cacheKey: request.cacheKey, content: request.content, editorMode: request.editorMode, data: request.data, theme: request.theme, title: request.title, now: undefined, base,
          ...formOptions(request),
          ...(request.stamps !== undefined ? { stamps: request.stamps } : {}),
          ...(protect !== undefined ? { protect } : {}),
          ...(request.einvoice !== undefined ? { einvoice: request.einvoice } : {}),
          ...(request.pdfStandards !== undefined ? { pdfStandards: request.pdfStandards } : {}),
        },
        { workspaceId: job.workspace_id, priority: "batch" },
      );
      if (!result.ok) {
        const standards = result.errors["pdfStandards"];
        error = result.einvoice !== undefined
          ? `The e-invoice cannot be built from this data: ${result.einvoice.message}`
          : standards !== undefined ? standards.join(" ") : "The template content is not a valid document.";
      } else {
        const pdf = request.sign === undefined ? result.pdf : await this.sign(job.workspace_id, result.pdf, request.sign);
        await blobs.put(renderResultKey(job.id), pdf);
        pages = result.pages;
        bytes = pdf.byteLength;
        meter.record({ workspaceId: job.workspace_id, templateId: job.template_id, source: job.source, pages, bytes, durationMs: performance.now() - started });
      }
    } catch (err) {
      if (err instanceof RenderQueueFullError || err instanceof RenderAbortedError) {
        // The pool is busy: the claim is let go by time and the job runs again later.
        log.warn("render job: the render pool is busy; retrying later", { jobId: job.id });
        return;
      }
      if (err instanceof RenderBudgetError || err instanceof RenderJobFailure) error = err.message;
      else {
        log.error("render job failed", { jobId: job.id, ...errorFields(err) });
        error = "The render failed unexpectedly.";
      }
    }
    const now = clockNow();
    const finished = {
      status: error === null ? ("completed" as const) : ("failed" as const),
      pages,
      bytes,
      error,
      finished_at: nowIso(now),
      expires_at: nowIso(now + RENDER_RESULT_RETENTION_MS),
    };
    const webhook = job.webhook_url;
    // The job's end and its webhook event are recorded together: no crash between them can lose the event.
    await db.transaction().execute(async (trx) => {
      await finishRenderJob(trx, job.id, finished);
      if (webhook !== null) await queueEvent(trx, this.options.settings, webhook, renderEvent({ ...job, ...finished }, this.options.publicUrl));
    });
    if (webhook !== null) this.options.queued?.();
  }

  private openProtect(sealed: string, jobId: string): ProtectOptions {
    if (this.options.jwtSecret === undefined) throw new RenderJobFailure("This server cannot protect documents.");
    try {
      return openProtect(sealed, batchProtectKey(this.options.jwtSecret), jobId);
    } catch {
      // Sealed under another JWT_SECRET (rotated since): the passwords are gone.
      throw new RenderJobFailure("The protect passwords could not be read (the server's JWT_SECRET changed since the job was queued).");
    }
  }

  private async sign(workspaceId: string, pdf: Uint8Array, sign: SignInput): Promise<Uint8Array> {
    if (this.options.signer === undefined) throw new RenderJobFailure("This server cannot sign documents.");
    return this.options.signer.sign(workspaceId, pdf, sign, { priority: "batch" }).catch((err: unknown) => {
      throw new RenderJobFailure(`The PDF could not be signed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

/** A job that cannot be done as asked: it fails with this message. */
class RenderJobFailure extends Error {}
