// `docsvc worker`: the batch worker alone (no HTTP), so render capacity scales apart from the web tier. It
// shares the database and blob store with the web instances; on PostgreSQL each job is claimed by one worker.
import type { Config } from "./config.js";
import { openBlobStore } from "./blobs/open.js";
import { connectDatabase } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import { BatchWorker } from "./jobs/batch-worker.js";
import { createLogger, errorFields, type Logger } from "./log.js";
import { createMailer } from "./mail/mailer.js";
import { createRenderer, type Renderer } from "./render/renderer.js";
import { Metrics } from "./metrics/metrics.js";
import { Meter } from "./services/meter.js";

/** A running worker. */
export interface RunningWorker {
  /** Finishes the rows in flight (the job resumes on the next worker) and releases everything. */
  close(): Promise<void>;
}

/** Starts a batch worker process' work: migrations (as any instance), then the job loop. */
export async function startWorker(config: Config, overrides: { readonly log?: Logger; readonly renderer?: Renderer } = {}): Promise<RunningWorker> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const db = connectDatabase(config, log);
  await migrateToLatest(db);
  const blobs = openBlobStore(config.blobStore, config.dataDir, db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: blobs, log });
  const renderer = overrides.renderer ?? createRenderer(config.render);
  // A worker serves no /metrics; the counters exist because the batch code increments them.
  const metrics = new Metrics();
  const meter = new Meter(db, log, metrics);
  const worker = new BatchWorker({ db, renderer, mailer, meter, metrics, log, blobs, publicUrl: config.publicUrl });
  worker.start();
  log.info("batch worker started", { blobs: blobs.kind });
  return {
    async close() {
      for (const [what, step] of [
        ["batch worker", () => worker.stop()],
        ["metering", () => meter.flush()],
        ["mail", () => mailer.close()],
        ["render pool", () => renderer.close()],
        ["database", () => db.destroy()],
        ["blob store", async () => blobs.close?.()],
      ] as const) {
        await step().catch((err: unknown) => log.error(`shutdown: ${what} failed`, errorFields(err)));
      }
    },
  };
}
