// The batch queue the configuration names: BullMQ on Redis (BATCH_QUEUE=redis, the default with REDIS_URL) or
// the database polled by this process (the embedded default).
import type { Config } from "../config.js";
import type { BatchQueue } from "./batch-queue.js";
import type { BatchRunnerOptions } from "./batch-runner.js";
import { BatchWorker } from "./batch-worker.js";
import type * as BullQueueModule from "./bull-queue.js";
import { requireFromServer } from "../lazy-require.js";

// BullMQ and ioredis are some 250 modules: loaded only when the configuration asks for the Redis queue, so an
// embedded server starts without them (Node >= 20.19 requires ES modules synchronously).
const loadBullQueue = (): typeof BullQueueModule => requireFromServer("./jobs/bull-queue.js") as typeof BullQueueModule;

/** Builds (does not start) the configured queue. */
export function openBatchQueue(config: Pick<Config, "batch" | "redisUrl" | "redisPrefix">, runner: BatchRunnerOptions): BatchQueue {
  if (config.batch?.queue === "redis" && config.redisUrl !== undefined) {
    const { BullBatchQueue } = loadBullQueue();
    return new BullBatchQueue({
      ...runner,
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix ?? "docsvc:",
      jobsAtOnce: config.batch.concurrency,
      lockMs: config.batch.lockMs,
    });
  }
  return new BatchWorker(runner);
}
