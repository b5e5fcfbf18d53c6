// The Redis connection (REDIS_URL) shared by the limiters and the hub's publisher. Commands fail fast while Redis is
// down (no offline queue, a short timeout), so callers fall back to their in-memory insurance at once.
import { Redis } from "ioredis";
import { errorFields, type Logger } from "../log.js";

/** A connected client and the key prefix every key of this deployment starts with. */
export interface RedisHandle {
  readonly client: Redis;
  /** `docsvc:` unless REDIS_PREFIX says otherwise (tests use one each). */
  readonly prefix: string;
  /** Resolves true once connected, false after `ms` without a connection (the service starts either way). */
  ready(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects to `url`; reconnects forever in the background, logging each loss once. */
export function connectRedis(url: string, prefix: string, log: Logger): RedisHandle {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let down = false;
  client.on("error", (err: Error) => {
    if (!down) log.warn("redis: unreachable; shared limits fall back to this instance", errorFields(err));
    down = true;
  });
  client.on("ready", () => {
    if (down) log.info("redis: reachable again");
    down = false;
  });
  return {
    client,
    prefix,
    ready: (ms) =>
      client.status === "ready"
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), ms);
            client.once("ready", () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
