// `docsvc worker`: the batch worker alone (no HTTP), so render capacity scales apart from the web tier. It
// shares the database and blob store with the web instances and takes jobs from the configured queue (BullMQ with
// REDIS_URL, else the database); on PostgreSQL each job is also claimed by one worker.
import type { Config } from "./config.js";
import { openBatchQueue } from "./jobs/open-queue.js";
import { coreShutdown, openCore, shutDown } from "./core.js";
import type { Logger } from "./log.js";
import type { Renderer } from "./render/renderer.js";
import { Metrics } from "./metrics/metrics.js";
import { Meter } from "./services/meter.js";
import { RenderJobRunner } from "./jobs/render-jobs.js";
import { WebhookDispatcher } from "./jobs/webhook-dispatcher.js";
import { SecretBox } from "./webhooks/secrets.js";
import { WEBHOOK_DEFAULTS } from "./webhooks/settings.js";
import { DocumentSigner } from "./services/signing.js";

/** A running worker. */
export interface RunningWorker {
  /** Finishes the rows in flight (the job resumes on the next worker) and releases everything. */
  close(): Promise<void>;
}

/** Starts a batch worker process' work: migrations (as any instance), then the job loop. */
export async function startWorker(config: Config, overrides: { readonly log?: Logger; readonly renderer?: Renderer } = {}): Promise<RunningWorker> {
  const core = await openCore(config, overrides);
  const { log, db, blobs, mailer, renderer } = core;
  // A worker serves no /metrics; the counters exist because the batch code increments them.
  const metrics = new Metrics();
  const meter = new Meter(db, log, metrics);
  const settings = config.webhooks ?? WEBHOOK_DEFAULTS;
  const dispatcher = new WebhookDispatcher({ db, log, settings, secrets: new SecretBox(config.jwtSecret) });
  const queued = (): void => dispatcher.wake();
  const signer = new DocumentSigner({ db, renderer, config });
  const renderJobs = new RenderJobRunner({ db, blobs, renderer, meter, log, publicUrl: config.publicUrl, settings, renderTimeoutMs: config.render.timeoutMs, queued, jwtSecret: config.jwtSecret, signer });
  const worker = openBatchQueue(config, { db, renderer, mailer, meter, metrics, log, blobs, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret, signer, webhooks: settings, webhookQueued: queued });
  renderer.start?.();
  worker.start();
  // Queued renders and webhook deliveries are background work too.
  renderJobs.start();
  dispatcher.start();
  log.info("batch worker started", { blobs: blobs.kind, batchQueue: worker.kind });
  return {
    async close() {
      await shutDown(log, [
        ["batch worker", () => worker.stop()],
        ["batch queue", () => worker.close()],
        ["render jobs", () => renderJobs.stop()],
        ["webhook dispatcher", () => dispatcher.stop()],
        ["metering", () => meter.flush()],
        ...coreShutdown(core),
      ]);
    },
  };
}
