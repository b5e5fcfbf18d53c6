// What every process of the service opens first, the web tier (main.ts) and a batch worker (worker.ts) alike: the
// log, the migrated database, the blob store, the mailer and the render pool; and one way to shut things down.
import { openBlobStore } from "./blobs/open.js";
import type { BlobStore } from "./blobs/store.js";
import type { Config } from "./config.js";
import { connectDatabase } from "./db/connect.js";
import type { Db } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { createLogger, errorFields, type Logger } from "./log.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { createRenderer, type Renderer } from "./render/renderer.js";

/** The services a process is built on. */
export interface Core {
  readonly log: Logger;
  readonly db: Db;
  readonly blobs: BlobStore;
  readonly mailer: Mailer;
  readonly renderer: Renderer;
}

/** One named step of a shutdown. */
export type ShutdownStep = readonly [what: string, step: () => Promise<unknown>];

/** Opens the core from the configuration; migrations run before anything else touches the database. */
export async function openCore(config: Config, overrides: { readonly log?: Logger; readonly renderer?: Renderer } = {}): Promise<Core> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const db = connectDatabase(config, log);
  await migrateToLatest(db);
  const blobs = openBlobStore(config.blobStore, config.dataDir, db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: blobs, log });
  const renderer = overrides.renderer ?? createRenderer(config.render);
  return { log, db, blobs, mailer, renderer };
}

/** The core's own shutdown steps, last in any process: mail, render pool, database, blob store. */
export function coreShutdown(core: Core): ShutdownStep[] {
  return [
    ["mail", () => core.mailer.close()],
    ["render pool", () => core.renderer.close()],
    ["database", () => core.db.destroy()],
    ["blob store", async () => core.blobs.close?.()],
  ];
}

/** Runs the steps in order; a failing step is logged and the next one still runs. */
export async function shutDown(log: Logger, steps: readonly ShutdownStep[]): Promise<void> {
  for (const [what, step] of steps) {
    await step().catch((err: unknown) => log.error(`shutdown: ${what} failed`, errorFields(err)));
  }
}
