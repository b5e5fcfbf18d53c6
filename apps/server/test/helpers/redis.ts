// Redis for tests: the local server (DOCSVC_TEST_REDIS_URL overrides), a key prefix per test, and the keys
// removed afterwards. Tests skip with a clear message when no Redis answers (a failure
// under CI=true, where .ci/run checks it is up).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { skipUnlessCi } from "./ci.js";

/** The Redis tests use. */
export const TEST_REDIS_URL = process.env["DOCSVC_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";

/** Why Redis tests cannot run here, or undefined when it answers (under CI=true it throws instead). */
export async function redisUnavailable(): Promise<string | undefined> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (err) {
    return skipUnlessCi(`Redis is not reachable at ${TEST_REDIS_URL} (${err instanceof Error ? err.message : String(err)}); set DOCSVC_TEST_REDIS_URL`);
  } finally {
    client.disconnect();
  }
}

/** A fresh key prefix, and a function deleting every key under it. */
export function testPrefix(): { prefix: string; cleanup(): Promise<void> } {
  const prefix = `docsvc-test-${randomBytes(6).toString("hex")}:`;
  return {
    prefix,
    cleanup: async () => {
      const client = new Redis(TEST_REDIS_URL);
      try {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
      } finally {
        client.disconnect();
      }
    },
  };
}
