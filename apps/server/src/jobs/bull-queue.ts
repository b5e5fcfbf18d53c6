// The batch queue on BullMQ (REDIS_URL): a BullMQ job per batch job, named by the batch job's id. BullMQ brings the
// hand-over to one worker, the lock that a dead worker stops renewing (stalled-job recovery puts the job back in
// the queue) and per-process concurrency. The database stays the record: rows are recorded there as they finish,
// so a job taken over after a crash resumes at the first unrecorded row, and a sweep re-queues every job the
// database still calls pending or processing, so an emptied or restarted Redis loses nothing.
import { DelayedError, Queue, WaitingError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { pendingJobIds } from "../db/batch.js";
import { isDatabaseUnavailable } from "../db/dialect.js";
import { errorFields, type Logger } from "../log.js";
import { QueueUnavailableError, type BatchQueue } from "./batch-queue.js";
import { BatchRunner, type BatchRunnerOptions } from "./batch-runner.js";

/** The BullMQ queue's name (its keys are `<REDIS_PREFIX>bull:batch:…`). */
export const BULL_QUEUE_NAME = "batch";

/** How the BullMQ queue is set up. */
export interface BullQueueOptions extends BatchRunnerOptions {
  readonly redisUrl: string;
  /** REDIS_PREFIX (`docsvc:`); BullMQ's keys go under `<prefix>bull`. */
  readonly redisPrefix: string;
  /** Jobs one process runs at once (BATCH_CONCURRENCY). */
  readonly jobsAtOnce: number;
  /**
   * BullMQ's job lock (BATCH_LOCK_MS): renewed at half this while the job runs; a worker that stops renewing
   * it (killed, frozen) loses the job to the next stalled-job check, which runs as often.
   */
  readonly lockMs: number;
  /** How often a worker process re-queues what the database says is unfinished (default one minute). */
  readonly sweepMs?: number;
}

// A submission waits this long for Redis before answering 503.
const ENQUEUE_TIMEOUT_MS = 2_000;
// A job claimed by another worker (a stalled one still running) or paused by an unreachable database waits so long.
const RETRY_LATER_MS = 5_000;

type BatchJobData = Record<string, never>;

/** Batch jobs through BullMQ. */
export class BullBatchQueue implements BatchQueue {
  readonly kind = "redis";
  private readonly producer: Redis;
  private readonly queue: Queue<BatchJobData>;
  private readonly runner: BatchRunner;
  private worker: Worker<BatchJobData> | undefined;
  private workerConnection: Redis | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;
  private downLogged = false;

  constructor(private readonly options: BullQueueOptions) {
    this.runner = new BatchRunner(options);
    // Submissions fail fast while Redis is down (no offline queue): the client answers 503 at once.
    this.producer = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, retryStrategy: (n) => Math.min(n * 200, 2_000) });
    this.producer.on("error", (err: Error) => this.logDown(err));
    this.producer.on("ready", () => {
      if (this.downLogged) options.log.info("batch queue: redis reachable again");
      this.downLogged = false;
    });
    this.queue = new Queue<BatchJobData>(BULL_QUEUE_NAME, {
      connection: this.producer,
      prefix: `${options.redisPrefix}bull`,
      // Finished BullMQ jobs hold nothing the database does not: dropped at once, so the sweep may re-add an id.
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 3, backoff: { type: "exponential", delay: 1_000 } },
    });
    this.queue.on("error", (err: Error) => this.logDown(err));
  }

  async enqueue(jobId: string): Promise<void> {
    if (this.producer.status !== "ready") throw new QueueUnavailableError(new Error(`redis connection is ${this.producer.status}`));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("redis did not answer in time")), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.add(BULL_QUEUE_NAME, {}, { jobId }), timeout]);
    } catch (err) {
      throw new QueueUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }

  async reachable(): Promise<boolean> {
    if (this.producer.status !== "ready") return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), 1_000);
    });
    const answered = this.producer.ping().then(() => true, () => false);
    const result = await Promise.race([answered, timeout]);
    clearTimeout(timer);
    return result;
  }

  start(): void {
    if (this.worker !== undefined) return;
    this.stopping = false;
    const { redisUrl, redisPrefix, jobsAtOnce, lockMs, log } = this.options;
    // Workers wait on Redis with blocking commands: BullMQ wants retries without limit on their connection.
    this.workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(n * 200, 2_000) });
    this.workerConnection.on("error", (err: Error) => this.logDown(err));
    this.worker = new Worker<BatchJobData>(BULL_QUEUE_NAME, (job, token) => this.process(job, token), {
      connection: this.workerConnection,
      prefix: `${redisPrefix}bull`,
      concurrency: jobsAtOnce,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // Resuming is safe (recorded rows are skipped), so a job that stalls again and again is still resumed.
      maxStalledCount: 100,
    });
    this.worker.on("error", (err: Error) => this.logDown(err));
    this.worker.on("failed", (job, err) => log.error("batch queue: job failed in the queue", { jobId: job?.id, ...errorFields(err) }));
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepMs ?? 60_000);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    const worker = this.worker;
    if (worker === undefined) return;
    // Running jobs stop between rows and go back to the queue (see process); close waits for them.
    this.stopping = true;
    await worker.close();
    await this.workerConnection?.quit().catch(() => this.workerConnection?.disconnect());
    this.worker = undefined;
    this.workerConnection = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    await this.queue.close().catch(() => undefined);
    await this.producer.quit().catch(() => this.producer.disconnect());
  }

  /** Re-queues the jobs the database calls unfinished; BullMQ ignores the ids it holds already. */
  async sweep(): Promise<number> {
    try {
      const ids = await pendingJobIds(this.options.db);
      for (const id of ids) await this.queue.add(BULL_QUEUE_NAME, {}, { jobId: id });
      return ids.length;
    } catch (err) {
      this.options.log.warn("batch queue: could not re-queue unfinished jobs; retrying later", errorFields(err));
      return 0;
    }
  }

  private async process(job: Job<BatchJobData>, token: string | undefined): Promise<void> {
    const jobId = job.id;
    if (jobId === undefined) return;
    let outcome;
    try {
      outcome = await this.runner.run(jobId, () => this.stopping);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // The database is away: try again shortly, without spending one of the job's attempts.
      this.options.log.warn("batch worker: database unreachable, retrying", errorFields(err));
      outcome = "claimed" as const;
    }
    if (outcome === "finished") return;
    if (outcome === "interrupted") {
      // This process is stopping: the job goes back to the queue for another worker, attempts untouched.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    await job.moveToDelayed(Date.now() + RETRY_LATER_MS, token);
    throw new DelayedError();
  }

  private logDown(err: Error): void {
    if (!this.downLogged) this.options.log.warn("batch queue: redis unreachable; batch submissions answer 503 until it returns", errorFields(err));
    this.downLogged = true;
  }
}
