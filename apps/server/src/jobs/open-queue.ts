// The batch queue the configuration names: BullMQ on Redis (BATCH_QUEUE=redis, the default with REDIS_URL) or
// the database polled by this process (the embedded default).
import type { Config } from "../config.js";
import type { BatchQueue } from "./batch-queue.js";
import type { BatchRunnerOptions } from "./batch-runner.js";
import { BatchWorker } from "./batch-worker.js";
import { BullBatchQueue } from "./bull-queue.js";

/** Builds (does not start) the configured queue. */
export function openBatchQueue(config: Pick<Config, "batch" | "redisUrl" | "redisPrefix">, runner: BatchRunnerOptions): BatchQueue {
  if (config.batch?.queue === "redis" && config.redisUrl !== undefined) {
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
