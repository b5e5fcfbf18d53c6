// The embedded batch queue: jobs wait in the database and this process' worker polls for them in order (an
// interrupted job first, then the oldest pending). Several processes may poll one PostgreSQL: the runner's claim
// (an advisory lock) keeps a job on one worker. With REDIS_URL, BullMQ takes this role (src/jobs/bull-queue.ts).
import type { BlobStore } from "../blobs/store.js";
import { expiredJobs, forgetJobData, nextJob } from "../db/batch.js";
import type { Db } from "../db/database.js";
import { isDatabaseUnavailable } from "../db/dialect.js";
import { errorFields } from "../log.js";
import { clockNow, nowIso } from "../time.js";
import { jobPrefix } from "./batch-files.js";
import type { BatchQueue } from "./batch-queue.js";
import { BatchRunner, type BatchRunnerOptions } from "./batch-runner.js";

/** Removes the files of jobs whose results expired (the periodic sweep); answers how many. */
export async function expireResults(db: Db, blobs: BlobStore, now: number = clockNow()): Promise<number> {
  const expired = await expiredJobs(db, nowIso(now));
  for (const { id } of expired) {
    await blobs.deletePrefix(jobPrefix(id));
    await forgetJobData(db, id);
  }
  return expired.length;
}

/** What the worker needs. */
export interface BatchWorkerOptions extends BatchRunnerOptions {
  /** How often an idle worker looks for jobs another process (or a missed wake) queued. */
  readonly pollMs?: number;
}

/** Runs queued batch jobs one at a time, taking them from the database. */
export class BatchWorker implements BatchQueue {
  readonly kind = "database";
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeIdle: (() => void) | undefined;
  private readonly runner: BatchRunner;

  constructor(private readonly options: BatchWorkerOptions) {
    this.runner = new BatchRunner(options);
  }

  /** Starts the loop (idempotent). */
  start(): void {
    this.loop ??= this.run().catch((err: unknown) => this.options.log.error("batch worker stopped", errorFields(err)));
  }

  /** The job is in the database already: an idle worker is told to look now. */
  async enqueue(): Promise<void> {
    this.wake();
  }

  /** Tells an idle worker that a job was queued. */
  wake(): void {
    this.wakeIdle?.();
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}

  /** Finishes the rows in flight and stops; queued jobs stay pending, a running one stays processing (it resumes). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    // Stopped cleanly: a later start() begins a new loop (as a restarted process would).
    this.loop = undefined;
    this.stopping = false;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      // An unreachable database pauses the worker; the job stays processing and resumes where it stopped.
      await this.step().catch(async (err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
        this.options.log.warn("batch worker: database unreachable, retrying", errorFields(err));
        await this.idle();
      });
    }
  }

  // One turn: the next job no other worker holds, to completion (or failure), or an idle wait when there is none.
  private async step(): Promise<void> {
    const claimedElsewhere = new Set<string>();
    for (;;) {
      const next = await nextJob(this.options.db, claimedElsewhere);
      if (next === undefined) return this.idle();
      if ((await this.runner.run(next.id, () => this.stopping)) !== "claimed") return;
      claimedElsewhere.add(next.id);
    }
  }

  // Waits for a wake or the poll interval.
  private async idle(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs ?? 1_000);
      this.wakeIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeIdle = undefined;
  }
}
