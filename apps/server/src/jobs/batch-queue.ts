// How stored batch jobs reach a worker. Two implementations, chosen by configuration: the database polled by
// the process' own worker (the embedded default, src/jobs/batch-worker.ts) and BullMQ on Redis when REDIS_URL is
// set (src/jobs/bull-queue.ts). Either way the job and its recorded rows live in the database; the queue only
// says which job to run next, so losing the queue loses no work.

/** The batch queue as the web tier and the worker processes see it. */
export interface BatchQueue {
  /** `database` or `redis`, for logs and /health. */
  readonly kind: "database" | "redis";
  /** Hands a stored (pending) job to the workers; throws QueueUnavailableError when the queue cannot take it. */
  enqueue(jobId: string): Promise<void>;
  /** Starts taking jobs in this process (idempotent); a process that never calls it only submits. */
  start(): void;
  /** Finishes the rows in flight and stops taking jobs; a running job stays `processing` and resumes elsewhere. */
  stop(): Promise<void>;
  /** Whether submissions can be queued now (always true for the database queue). */
  reachable(): Promise<boolean>;
  /** Releases connections (after stop). */
  close(): Promise<void>;
}

/** The queue cannot take a job now (Redis unreachable); the submission answers 503. */
export class QueueUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The batch queue is unreachable.", { cause });
    this.name = "QueueUnavailableError";
  }
}
