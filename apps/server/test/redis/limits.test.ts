// Render limits and the login throttle on Redis: one bucket and one failure count across instances, the same
// token-bucket rule and Retry-After as in memory, and per-instance insurance while Redis is unreachable.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, describe, test } from "node:test";
import { createLogger } from "../../src/log.js";
import { connectRedis, type RedisHandle } from "../../src/redis/client.js";
import { RedisLoginBuckets } from "../../src/redis/login-throttle.js";
import { LOGIN_DEFAULTS, LoginThrottle } from "../../src/services/login-throttle.js";
import { leaseSize, RedisRateLimiter, takeScript } from "../../src/redis/rate-limiter.js";
import type { PlanLimits } from "../../src/services/plans.js";
import { TEST_REDIS_URL, redisUnavailable, testPrefix } from "../helpers/redis.js";

const skip = await redisUnavailable();
if (skip !== undefined) console.warn(`limits.test: skipped: ${skip}`);
const silent = createLogger("silent");
const LIMITS: PlanLimits = { renderRatePerSecond: 0.5, renderBurst: 5, aiGenerationsPerMonth: 0 };
const keys = testPrefix();
const handles: RedisHandle[] = [];

async function instance(url = TEST_REDIS_URL, log = silent): Promise<RedisHandle> {
  const handle = connectRedis(url, keys.prefix, log);
  handles.push(handle);
  await handle.ready(3_000);
  return handle;
}

after(async () => {
  for (const h of handles) await h.close();
  await keys.cleanup();
});

describe("on Redis", { skip }, () => {
  test("two instances draw on one render bucket: the burst in all, then 429 with the seconds until one token", async () => {
    const [a, b] = [new RedisRateLimiter(await instance(), silent), new RedisRateLimiter(await instance(), silent)];
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await (i % 2 === 0 ? a : b).take("ws-burst", LIMITS));
    assert.equal(results.filter((r) => r.ok).length, LIMITS.renderBurst);
    const refused = results.at(-1);
    assert.ok(refused !== undefined && !refused.ok);
    // Empty bucket refilling at 0.5/s: up to 2 s until the next token.
    assert.ok(refused.retryAfterSeconds > 1.5 && refused.retryAfterSeconds <= 2, String(refused.retryAfterSeconds));
    assert.equal((await a.take("ws-other", LIMITS)).ok, true, "buckets are per workspace");
  });

  test("the bucket script is sent by hash, and sent again after Redis forgets it (SCRIPT FLUSH, a restart)", async () => {
    const handle = await instance();
    const limiter = new RedisRateLimiter(handle, silent);
    assert.equal((await limiter.take("ws-script", LIMITS)).ok, true);
    // Another client's view: the script is cached under its hash after the first take.
    const [cached] = (await handle.client.script("EXISTS", createHash("sha1").update(takeScript()).digest("hex"))) as number[];
    assert.equal(cached, 1);
    await handle.client.script("FLUSH");
    const results = [];
    for (let i = 0; i < LIMITS.renderBurst; i++) results.push(await limiter.take("ws-script", LIMITS));
    // One token was taken before the flush: the bucket (a plain hash) survived it, the script came back.
    assert.deepEqual(results.map((r) => r.ok), [true, true, true, true, false]);
  });

  test("a high-rate plan leases tokens: one Redis call takes several, and two instances together stay within one bucket", async () => {
    const fast: PlanLimits = { renderRatePerSecond: 100, renderBurst: 200, aiGenerationsPerMonth: 0 };
    assert.equal(leaseSize(fast), 5);
    assert.equal(leaseSize({ renderRatePerSecond: 25, renderBurst: 150, aiGenerationsPerMonth: 0 }), 1, "the pro plan takes one at a time");
    const [ha, hb] = [await instance(), await instance()];
    const [a, b] = [new RedisRateLimiter(ha, silent), new RedisRateLimiter(hb, silent)];
    const key = `${keys.prefix}render:ws-lease`;
    assert.equal((await a.take("ws-lease", fast)).ok, true);
    // The first take leased five: the shared bucket lost five (and refilled a little meanwhile).
    const left = Number(await ha.client.hget(key, "tokens"));
    assert.ok(left >= 195 && left < 199, `${left}: five tokens taken, not one`);
    const started = Date.now();
    let ok = 1;
    for (let i = 0; i < 600; i++) if ((await (i % 2 === 0 ? b : a).take("ws-lease", fast)).ok) ok++;
    const elapsed = (Date.now() - started) / 1000 + 0.1;
    // Never more than the one bucket gave out (burst plus refill); at most the two leases' remainders are lost.
    assert.ok(ok <= 200 + Math.ceil(100 * elapsed), `${ok} admitted in ${elapsed} s`);
    assert.ok(ok >= 200 - 2 * 4, `${ok} admitted`);
  });

  test("the login buckets are shared across instances; a success through either starts the pair afresh", async () => {
    const settings = { ...LOGIN_DEFAULTS, pairFailures: { capacity: 3, refillMs: 5 * 60_000 } };
    const [a, b] = [new LoginThrottle(new RedisLoginBuckets(await instance(), silent), settings), new LoginThrottle(new RedisLoginBuckets(await instance(), silent), settings)];
    const email = `t-${keys.prefix}@example.test`;
    for (const throttle of [a, b, a]) {
      const attempt = await throttle.begin("192.0.2.7", email);
      assert.equal(attempt.refused, undefined);
      if (attempt.refused === undefined) await attempt.failed();
    }
    const refused = await b.begin("192.0.2.7", email);
    assert.equal(refused.refused, "pair");
    assert.ok(refused.refused !== undefined && refused.retryAfter > 4 * 60 && refused.retryAfter <= 5 * 60, JSON.stringify(refused));
    assert.equal((await a.begin("192.0.2.8", email)).refused, undefined, "another address is not refused");
    await b.clear(email);
    assert.equal((await a.begin("192.0.2.7", email)).refused, undefined, "a password reset forgets the email's buckets");
  });
});

test("with Redis unreachable, limits fall back to this instance (same burst) with one warning", async () => {
  const lines: string[] = [];
  const log = createLogger("warn", (l) => lines.push(l));
  // Nothing listens on port 1.
  const handle = await instance("redis://127.0.0.1:1", log);
  const limiter = new RedisRateLimiter(handle, log);
  const results = [];
  for (let i = 0; i < 7; i++) results.push(await limiter.take("ws-down", LIMITS));
  assert.equal(results.filter((r) => r.ok).length, LIMITS.renderBurst);
  assert.equal(lines.filter((l) => l.includes("render limits: Redis unreachable")).length, 1);
  const throttle = new LoginThrottle(new RedisLoginBuckets(handle, log), { ...LOGIN_DEFAULTS, pairFailures: { capacity: 2, refillMs: 60_000 } });
  for (let i = 0; i < 2; i++) {
    const attempt = await throttle.begin("192.0.2.9", "x@example.test");
    assert.equal(attempt.refused, undefined);
    if (attempt.refused === undefined) await attempt.failed();
  }
  assert.equal((await throttle.begin("192.0.2.9", "x@example.test")).refused, "pair");
  assert.equal(lines.filter((l) => l.includes("login throttle: Redis unreachable")).length, 1);
});
