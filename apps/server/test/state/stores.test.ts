// The shared-state stores on each backend (SQLite, PostgreSQL, Redis), two handles each as two instances would
// hold them: a check token issued through one is redeemed through the other once, only by its workspace and
// for its reference, not after it expired; refine counts stop at the limit across both; the database's render
// bucket is one bucket for both, refills, and is swept once full; idempotency keys are claimed once.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { CheckTokens, CHECK_TOKEN_TTL_MS, type CheckTokenStore } from "../../src/ai/check-tokens.js";
import type { RefineCounter } from "../../src/ai/quota.js";
import { DbCheckTokenStore } from "../../src/db/check-tokens.js";
import { openDatabase, type Db } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { openPostgres } from "../../src/db/postgres.js";
import { DbRateLimiter } from "../../src/db/rate-buckets.js";
import { DbRefineCounter } from "../../src/db/refine-counts.js";
import { insertWorkspace } from "../../src/db/workspaces.js";
import { ServiceUnavailableError, UnprocessableError } from "../../src/errors.js";
import { createLogger } from "../../src/log.js";
import { RedisCheckTokenStore } from "../../src/redis/check-tokens.js";
import { connectRedis, type RedisHandle } from "../../src/redis/client.js";
import { RedisRefineCounter } from "../../src/redis/refine-counts.js";
import { claimKey, IDEMPOTENCY_KEY_TTL_MS } from "../../src/services/batch-idempotency.js";
import type { PlanLimits } from "../../src/services/plans.js";
import { sweepSharedState } from "../../src/services/shared-state-sweep.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";

// Decided before any suite is declared: a top-level await between suites lets the root's after() run early.
const pgSkip = await postgresUnavailable();
if (pgSkip !== undefined) console.warn(`stores.test (postgres): skipped: ${pgSkip}`);
const redisSkip = await redisUnavailable();
if (redisSkip !== undefined) console.warn(`stores.test (redis): skipped: ${redisSkip}`);
const silent = createLogger("silent");
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Two handles on one fresh SQLite file, migrated, with workspaces ws1 and ws2. */
async function sqlitePair(): Promise<[Db, Db]> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-state-"));
  const a = openDatabase(join(dir, "docsvc.db"));
  await migrateToLatest(a);
  const b = openDatabase(join(dir, "docsvc.db"));
  cleanups.push(async () => {
    await a.destroy();
    await b.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  await workspaces(a);
  return [a, b];
}

let pg: TestPostgres | undefined;
async function postgresPair(): Promise<[Db, Db]> {
  pg ??= await createTestPostgres();
  const url = pg.url;
  const a = openPostgres(url, silent);
  await migrateToLatest(a);
  const b = openPostgres(url, silent);
  cleanups.push(async () => {
    await a.destroy();
    await b.destroy();
    await pg?.drop();
  });
  await workspaces(a);
  return [a, b];
}

async function workspaces(db: Db): Promise<void> {
  for (const id of ["ws1", "ws2"]) await insertWorkspace(db, { id, name: id, plan: "free", created_at: new Date().toISOString() });
}

const redisKeys = testPrefix();
async function redisPair(): Promise<[RedisHandle, RedisHandle]> {
  const handles = [connectRedis(TEST_REDIS_URL, redisKeys.prefix, silent), connectRedis(TEST_REDIS_URL, redisKeys.prefix, silent)] as const;
  for (const h of handles) await h.ready(3_000);
  cleanups.push(async () => {
    for (const h of handles) await h.close();
    await redisKeys.cleanup();
  });
  return [handles[0], handles[1]];
}

async function checkTokenCases(a: CheckTokenStore, b: CheckTokenStore): Promise<void> {
  let now = Date.now();
  const onA = new CheckTokens(a, () => now);
  const onB = new CheckTokens(b, () => now);
  const t = await onA.issue("ws1", "ref1");
  assert.equal(await onB.redeem(t, "ws2", "ref1"), false, "another workspace's");
  assert.equal(await onB.redeem(t, "ws1", "ref2"), false, "another reference's");
  assert.equal(await onB.redeem(t, "ws1", "ref1"), true, "issued on A, good on B");
  assert.equal(await onA.redeem(t, "ws1", "ref1"), false, "used once, on either");
  const racing = await onA.issue("ws1", "ref1");
  const both = await Promise.all([onA.redeem(racing, "ws1", "ref1"), onB.redeem(racing, "ws1", "ref1")]);
  assert.deepEqual(both.sort(), [false, true], "two instances redeeming at once: one wins");
  assert.equal(await onB.redeem("ct_never-issued", "ws1", "ref1"), false);
  return void now;
}

async function expiryCase(a: CheckTokenStore, b: CheckTokenStore): Promise<void> {
  let now = Date.now();
  const late = await new CheckTokens(a, () => now).issue("ws1", "ref1");
  now += CHECK_TOKEN_TTL_MS + 1;
  assert.equal(await new CheckTokens(b, () => now).redeem(late, "ws1", "ref1"), false, "expired");
}

async function refineCases(a: RefineCounter, b: RefineCounter): Promise<void> {
  const day = 20_000;
  const taken = [];
  for (let i = 0; i < 5; i++) taken.push(await (i % 2 === 0 ? a : b).take("ws1", day, 3));
  assert.deepEqual(taken, [true, true, true, false, false], "three in all across both, refusals not counted");
  assert.equal(await a.take("ws1", day + 1, 3), true, "a new day starts at zero");
  assert.equal(await b.take("ws2", day, 3), true, "another workspace counts alone");
  assert.equal(await a.take("ws1", day + 2, 0), false, "a limit of 0 refuses");
}

const LIMITS: PlanLimits = { renderRatePerSecond: 2, renderBurst: 4, aiGenerationsPerMonth: 0 };

for (const backend of ["sqlite", "postgres"] as const) {
  const skip = backend === "postgres" ? pgSkip : undefined;
  describe(`the database stores on ${backend}`, { skip }, () => {
    test("check tokens, refine counts, render buckets and idempotency keys are one for two handles", async () => {
      const [a, b] = backend === "sqlite" ? await sqlitePair() : await postgresPair();
      await checkTokenCases(new DbCheckTokenStore(a), new DbCheckTokenStore(b));
      await expiryCase(new DbCheckTokenStore(a), new DbCheckTokenStore(b));
      await refineCases(new DbRefineCounter(a), new DbRefineCounter(b));

      // One render bucket: the burst of 4 across both handles, then a refusal with the seconds until one token.
      let now = 1_000_000;
      const [la, lb] = [new DbRateLimiter(a, silent, () => now), new DbRateLimiter(b, silent, () => now)];
      const results = [];
      for (let i = 0; i < 6; i++) results.push(await (i % 2 === 0 ? la : lb).take("ws1", LIMITS));
      assert.deepEqual(results.map((r) => r.ok), [true, true, true, true, false, false]);
      const refused = results[5];
      assert.ok(refused !== undefined && !refused.ok && Math.abs(refused.retryAfterSeconds - 0.5) < 1e-9, JSON.stringify(refused));
      now += 500;
      assert.equal((await lb.take("ws1", LIMITS)).ok, true, "one token refilled after half a second at 2/s");
      assert.equal((await la.take("ws1", LIMITS)).ok, false);
      assert.equal((await la.take("ws2", LIMITS)).ok, true, "another workspace has its own bucket");
      assert.equal((await la.take("ws1", { ...LIMITS, renderRatePerSecond: null })).ok, true, "no rate, no limit");
      // Concurrent takes on a fresh bucket hand out exactly the burst.
      now += 10_000;
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? la : lb).take("ws-race", LIMITS)));
      assert.equal(burst.filter((r) => r.ok).length, 4);

      // Idempotency keys: claimed once, replayed for the same body, refused for another, per workspace.
      const t0 = Date.now();
      assert.deepEqual(await claimKey(a, "ws1", "k1", "h1", "job-1", t0), { replay: false, jobId: "job-1" });
      assert.deepEqual(await claimKey(b, "ws1", "k1", "h1", "job-2", t0), { replay: true, jobId: "job-1" });
      await assert.rejects(claimKey(b, "ws1", "k1", "h2", "job-3", t0), UnprocessableError);
      assert.deepEqual(await claimKey(b, "ws2", "k1", "h2", "job-4", t0), { replay: false, jobId: "job-4" }, "keys are per workspace");
      assert.deepEqual(await claimKey(b, "ws1", "k1", "h2", "job-5", t0 + IDEMPOTENCY_KEY_TTL_MS + 1), { replay: false, jobId: "job-5" }, "an expired key is taken over");

      // The sweep drops what expired: tokens past 15 minutes, keys past 24 hours, full buckets, past days.
      const count = async (table: "ai_check_tokens" | "batch_idempotency_keys" | "rate_buckets" | "ai_refine_counts") =>
        Number((await a.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      await new CheckTokens(new DbCheckTokenStore(a)).issue("ws1", "ref-live");
      await new CheckTokens(new DbCheckTokenStore(a), () => Date.now() - CHECK_TOKEN_TTL_MS - 1_000).issue("ws1", "ref-dead");
      assert.equal(await count("ai_check_tokens"), 2, "a live and an expired, never redeemed token");
      await sweepSharedState(a, Date.now());
      assert.equal(await count("ai_check_tokens"), 1, "only the live token is left");
      assert.equal(await count("batch_idempotency_keys"), 2, "the keys are younger than a day");
      await sweepSharedState(a, Date.now() + 2 * IDEMPOTENCY_KEY_TTL_MS);
      for (const table of ["ai_check_tokens", "batch_idempotency_keys", "rate_buckets", "ai_refine_counts"] as const) assert.equal(await count(table), 0, table);
    });
  });
}

describe("the Redis stores", { skip: redisSkip }, () => {
  test("check tokens and refine counts are one for two connections; an expired token is gone", async () => {
    const [a, b] = await redisPair();
    await checkTokenCases(new RedisCheckTokenStore(a), new RedisCheckTokenStore(b));
    await refineCases(new RedisRefineCounter(a), new RedisRefineCounter(b));
    // Redis expires the key itself: a token issued with 50 ms left is gone 100 ms later.
    const store = new RedisCheckTokenStore(a);
    const tokens = new CheckTokens(store, () => Date.now() - CHECK_TOKEN_TTL_MS + 50);
    const t = await tokens.issue("ws1", "ref1");
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(await new CheckTokens(new RedisCheckTokenStore(b)).redeem(t, "ws1", "ref1"), false);
  });
});

describe("while a store is unreachable", () => {
  test("the database's render bucket falls back to a per-instance one (the same burst); Redis check tokens and refine counts answer 503", async () => {
    const down = openPostgres("postgres://postgres@127.0.0.1:1/none", silent);
    cleanups.push(() => down.destroy());
    const limiter = new DbRateLimiter(down, silent, () => 5_000);
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await limiter.take("ws1", LIMITS)).ok);
    assert.deepEqual(results, [true, true, true, true, false, false]);

    const redis = connectRedis("redis://127.0.0.1:1", redisKeys.prefix, silent);
    cleanups.push(() => redis.close());
    await assert.rejects(new CheckTokens(new RedisCheckTokenStore(redis)).issue("ws1", "ref1"), (err: unknown) => err instanceof ServiceUnavailableError);
    await assert.rejects(new RedisRefineCounter(redis).take("ws1", 1, 3), (err: unknown) => err instanceof ServiceUnavailableError);
  });
});
