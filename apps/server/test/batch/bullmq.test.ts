// The batch queue on BullMQ (REDIS_URL): jobs go through Redis under the test's own key prefix, a job whose worker
// stops or dies mid-way resumes on another queue instance with only the unrecorded rows rendered, a job Redis lost
// is re-queued from the database, and an unreachable Redis turns submissions into 503s (with Retry-After) and
// /health into `degraded` until it returns. Against the local Redis; skipped with a message when none answers.
import assert from "node:assert/strict";
import JSZip from "jszip";
import { Redis } from "ioredis";
import { after, before, describe, test } from "node:test";
import { BullBatchQueue } from "../../src/jobs/bull-queue.js";
import type { Renderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";
import { startInstance } from "../helpers/instance.js";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.js";
import { createTemplate, waitForJob } from "./helpers.js";

const skip = await redisUnavailable();
if (skip !== undefined) console.warn(`bullmq.test: skipped: ${skip}`);

const keys = testPrefix();
const LOCK_MS = 1_000;
let t: TestApp;
let owner: TestUser;
let redis: Redis;
const queues: BullBatchQueue[] = [];

/** Another process' queue on the same database and Redis prefix (its own worker when started). */
function queue(renderer: Renderer, redisUrl = TEST_REDIS_URL): BullBatchQueue {
  const d = t.deps;
  const q = new BullBatchQueue({ db: d.db, renderer, mailer: d.mailer, meter: d.meter, metrics: d.metrics, log: d.log, blobs: d.blobs, publicUrl: "http://x", concurrency: 2, redisUrl, redisPrefix: keys.prefix, jobsAtOnce: 1, lockMs: LOCK_MS });
  queues.push(q);
  return q;
}

const counting = (pool: Renderer, onRender: (n: number) => void): Renderer => {
  let n = 0;
  return { ...pool, render: (task, options) => (onRender(++n), pool.render(task, options)) };
};

async function submit(templateId: string, rows: readonly Record<string, unknown>[]): Promise<string> {
  const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{name}}" } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.jobId as string;
}

async function zipNames(templateId: string, jobId: string): Promise<string[]> {
  const result = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}/result`, { token: owner.token });
  assert.equal(result.status, 200);
  const zip = await JSZip.loadAsync(result.bytes);
  return Object.keys(zip.files).filter((n) => n.endsWith(".pdf")).sort();
}

/** A second worker finishes the job: it renders `expectedRenders` rows and the result holds every row once. */
async function finishOnAnotherWorker(templateId: string, jobId: string, rows: readonly { name: string }[], expectedRenders: number, why: string): Promise<void> {
  let renders = 0;
  const second = queue(counting(t.deps.renderer, () => (renders += 1)));
  second.start();
  const job = await waitForJob(t, owner.token, templateId, jobId);
  await second.stop();
  assert.deepEqual([job.status, job.completed, job.failed], ["completed", rows.length, 0]);
  assert.equal(renders, expectedRenders, why);
  assert.deepEqual(await zipNames(templateId, jobId), rows.map((r) => `${r.name}.pdf`).sort());
}

describe("batch jobs on BullMQ", { skip, timeout: 180_000 }, () => {
  before(async () => {
    // The app's own queue is the web tier's: it submits through BullMQ and is never started here.
    t = await startTestApp({ config: { redisUrl: TEST_REDIS_URL, redisPrefix: keys.prefix, batch: { queue: "redis", concurrency: 1, lockMs: LOCK_MS } } });
    owner = await t.signup();
    redis = new Redis(TEST_REDIS_URL);
  });
  after(async () => {
    for (const q of queues) await q.close();
    await t?.deps.batch.close();
    await t?.close();
    redis?.disconnect();
    await keys.cleanup();
  });

  test("a submission becomes a BullMQ job under the prefix; a worker elsewhere runs it; health says ok", async () => {
    assert.equal(t.deps.batch.kind, "redis");
    const templateId = await createTemplate(t, owner.token);
    const rows = Array.from({ length: 5 }, (_, i) => ({ name: `b${i}` }));
    const jobId = await submit(templateId, rows);
    assert.equal(await redis.exists(`${keys.prefix}bull:batch:${jobId}`), 1, "the job waits in Redis");
    assert.equal((await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token: owner.token })).body.status, "pending");
    const worker = queue(t.deps.renderer);
    worker.start();
    const job = await waitForJob(t, owner.token, templateId, jobId);
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", 5, 0]);
    assert.deepEqual(await zipNames(templateId, jobId), rows.map((r) => `${r.name}.pdf`).sort());
    await worker.stop();
    const health = await t.call("GET", "/health");
    assert.deepEqual([health.status, health.body], [200, { status: "ok", database: "ok", batchQueue: "ok" }]);
  });

  test("a worker stopped mid-job hands it back: another finishes it, rendering only the unrecorded rows", async () => {
    const templateId = await createTemplate(t, owner.token);
    const total = 40;
    const rows = Array.from({ length: total }, (_, i) => ({ name: `s${i}` }));
    const jobId = await submit(templateId, rows);
    let reached!: () => void;
    const tenRendered = new Promise<void>((resolve) => (reached = resolve));
    const first = queue(counting(t.deps.renderer, (n) => n === 10 && reached()));
    first.start();
    await tenRendered;
    await first.stop();
    const mid = (await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token: owner.token })).body;
    assert.equal(mid.status, "processing");
    const doneBefore = mid.completed as number;
    assert.ok(doneBefore >= 10 && doneBefore < total, `completed ${doneBefore}`);
    assert.equal(await redis.exists(`${keys.prefix}bull:batch:${jobId}`), 1, "the job went back to the queue");

    await finishOnAnotherWorker(templateId, jobId, rows, total - doneBefore, "only the rows not recorded before the stop");
  });

  test("a `docsvc worker` killed with SIGKILL mid-job loses the job to another: only the rows it had not recorded are rendered again", async () => {
    const templateId = await createTemplate(t, owner.token);
    const total = 60;
    const rows = Array.from({ length: total }, (_, i) => ({ name: `k${i}` }));
    const jobId = await submit(templateId, rows);
    // A separate process on the same SQLite file and Redis prefix, as an operator starts one.
    const dying = await startInstance(["worker"], { DATA_DIR: t.config.dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: keys.prefix, BATCH_LOCK_MS: String(LOCK_MS) });
    try {
      assert.ok(dying.lines.some((l) => l.includes('"batchQueue":"redis"')), dying.lines.join("\n"));
      const path = `/api/templates/${templateId}/render-batch/jobs/${jobId}`;
      while (((await t.call("GET", path, { token: owner.token })).body.completed as number) < 10) await new Promise((r) => setTimeout(r, 20));
      await dying.kill();
    } finally {
      await dying.stop();
    }
    const mid = (await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token: owner.token })).body;
    assert.equal(mid.status, "processing");
    const recorded = mid.completed as number;
    assert.ok(recorded >= 10 && recorded < total, `recorded ${recorded}`);

    await finishOnAnotherWorker(templateId, jobId, rows, total - recorded, "the rows in flight when the worker died, and the rest, once each");
  });

  test("a job Redis lost (flushed, or a Redis without persistence restarted) is re-queued from the database", async () => {
    const templateId = await createTemplate(t, owner.token);
    const jobId = await submit(templateId, [{ name: "lost" }]);
    const bullKeys = await redis.keys(`${keys.prefix}bull:*`);
    await redis.del(...bullKeys);
    const worker = queue(t.deps.renderer);
    worker.start();
    const job = await waitForJob(t, owner.token, templateId, jobId);
    await worker.stop();
    assert.deepEqual([job.status, job.completed], ["completed", 1]);
  });

  test("Redis unreachable: submissions answer 503 problem+json with Retry-After at once, nothing is stored, /health is degraded; all recovers", async () => {
    const proxy: TcpProxy = await startTcpProxy("127.0.0.1", Number(new URL(TEST_REDIS_URL).port || 6379));
    // A database of its own, so a prefix of its own: no other test's worker may take its jobs.
    const own = testPrefix();
    const app = await startTestApp({ config: { redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix: own.prefix, batch: { queue: "redis", concurrency: 1, lockMs: LOCK_MS } } });
    try {
      const user = await app.signup();
      const templateId = await createTemplate(app, user.token);
      await proxy.cut();
      const started = Date.now();
      const refused = await app.call("POST", `/api/templates/${templateId}/render-batch`, { token: user.token, body: { rows: [{ name: "x" }], output: "zip", fileNamePattern: null, emailColumn: null } });
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.ok(Date.now() - started < 5_000, "answered without hanging");
      assert.equal(refused.headers.get("Content-Type"), "application/problem+json");
      assert.equal(refused.headers.get("Retry-After"), "5");
      assert.equal(refused.body.status, 503);
      const list = await app.call("GET", `/api/templates/${templateId}/render-batch/jobs`, { token: user.token });
      assert.deepEqual(list.body, [], "the refused job was not kept");
      const health = await app.call("GET", "/health");
      assert.deepEqual([health.status, health.body], [200, { status: "degraded", database: "ok", batchQueue: "unreachable" }]);
      // Renders do not need the queue.
      assert.equal((await app.call("POST", `/api/templates/${templateId}/render`, { token: user.token, body: { data: { name: "y" } } })).status, 200);

      await proxy.restore();
      let accepted = await app.call("POST", `/api/templates/${templateId}/render-batch`, { token: user.token, body: { rows: [{ name: "x" }], output: "zip" } });
      for (let i = 0; accepted.status === 503 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        accepted = await app.call("POST", `/api/templates/${templateId}/render-batch`, { token: user.token, body: { rows: [{ name: "x" }], output: "zip" } });
      }
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.deepEqual((await app.call("GET", "/health")).body, { status: "ok", database: "ok", batchQueue: "ok" });
      app.deps.batch.start();
      const job = await waitForJob(app, user.token, templateId, accepted.body.jobId as string);
      assert.equal(job.status, "completed");
    } finally {
      await app.deps.batch.close();
      await app.close();
      await proxy.close();
      await own.cleanup();
    }
  });
});
