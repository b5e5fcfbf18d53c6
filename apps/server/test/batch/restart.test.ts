// A server restart mid-job, played with two workers over one database and DATA_DIR (the second is the
// restarted process): the job resumes at the first unrecorded row and every row reaches the result once.
import assert from "node:assert/strict";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { rowKey } from "../../src/jobs/batch-files.js";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { openDatabase } from "../../src/db/database.js";
import { BatchWorker } from "../../src/jobs/batch-worker.js";
import { createLogger } from "../../src/log.js";
import { startServer } from "../../src/main.js";
import { createRenderer, type Renderer } from "../../src/render/renderer.js";
import { startTestApp, testConfig, uniqueEmail, type TestApp, type TestUser } from "../helpers/harness.js";
import { TINY_TEMPLATE, createTemplate, waitForJob } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  // deps.batch is never started here: the test's own workers play the two process lifetimes.
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

function worker(renderer: Renderer): BatchWorker {
  return new BatchWorker({ db: t.deps.db, renderer, mailer: t.deps.mailer, meter: t.deps.meter, metrics: t.deps.metrics, log: t.deps.log, blobs: t.deps.blobs, publicUrl: "http://x", concurrency: 2, pollMs: 20 });
}

describe("durable batch jobs", () => {
  test("a job interrupted by a restart resumes and finishes with every row exactly once", async () => {
    const templateId = await createTemplate(t, owner.token);
    const total = 40;
    const rows = Array.from({ length: total }, (_, i) => ({ name: `row${i}` }));
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{name}}" } });
    assert.equal(res.status, 200);
    const jobId = res.body.jobId as string;

    // First lifetime: stops (SIGTERM) after 10 renders; rows in flight finish and are recorded.
    let firstRenders = 0;
    const first = worker({
      ...t.deps.renderer,
      render: async (task) => {
        firstRenders += 1;
        if (firstRenders === 10) void first.stop();
        return t.deps.renderer.render(task);
      },
    });
    first.start();
    while (firstRenders < 10) await new Promise((r) => setTimeout(r, 10));
    await first.stop();
    const mid = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token: owner.token });
    assert.equal(mid.body.status, "processing");
    const doneBefore = mid.body.completed as number;
    assert.ok(doneBefore >= 10 && doneBefore < total, `completed ${doneBefore}`);

    // A crash between writing a row's file and recording it leaves a stray file: the next run overwrites it.
    await t.deps.blobs.put(rowKey(jobId, total - 1), new TextEncoder().encode("half-written"));

    // Second lifetime: renders exactly the rows not yet recorded.
    let secondRenders = 0;
    const second = worker({ ...t.deps.renderer, render: (task) => ((secondRenders += 1), t.deps.renderer.render(task)) });
    second.start();
    const job = await waitForJob(t, owner.token, templateId, jobId);
    await second.stop();
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", total, 0]);
    assert.equal(secondRenders, total - doneBefore);
    const result = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}/result`, { token: owner.token });
    const zip = await JSZip.loadAsync(result.bytes);
    const names = Object.keys(zip.files).filter((n) => n.endsWith(".pdf")).sort();
    assert.deepEqual(names, rows.map((r) => `${r.name}.pdf`).sort());
    for (const name of names) {
      const head = Buffer.from((await zip.file(name)!.async("uint8array")).subarray(0, 5)).toString();
      assert.equal(head, "%PDF-", name);
    }
  });

  test("stopping leaves queued jobs pending; the next start takes them in order", async () => {
    const templateId = await createTemplate(t, owner.token);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{ name: `q${i}` }], output: "zip" } });
      ids.push(res.body.jobId as string);
    }
    for (const id of ids) {
      const status = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${id}`, { token: owner.token });
      assert.equal(status.body.status, "pending");
    }
    const order: string[] = [];
    const w = worker({ ...t.deps.renderer, render: (task) => (order.push(task.cacheKey ?? ""), t.deps.renderer.render(task)) });
    w.start();
    for (const id of ids) await waitForJob(t, owner.token, templateId, id);
    await w.stop();
    assert.deepEqual(order, ids.map((id) => `batch:${id}`));
  });
  test("a real server restart: close() (the SIGTERM path) mid-job leaves it processing and the queued job pending; the next start finishes both, every row once", async () => {
    const config = await testConfig();
    const counting = (pool: Renderer, onRender: (n: number) => void): Renderer => {
      let n = 0;
      return { ...pool, render: (task) => (onRender(++n), pool.render(task)) };
    };
    let reached!: () => void;
    const eightRendered = new Promise<void>((resolve) => (reached = resolve));
    const first = await startServer(config, { log: createLogger("silent"), renderer: counting(createRenderer({ threads: 1 }), (n) => n === 8 && reached()) });
    const call = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, { method, headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as Record<string, any>) : {}, bytes: new Uint8Array(await res.arrayBuffer().catch(() => new ArrayBuffer(0))) };
    };
    const token = (await call(first.url, "POST", "/api/auth/signup", undefined, { email: uniqueEmail(), password: "restart test" })).body.accessToken as string;
    const templateId = (await call(first.url, "POST", "/api/templates", token, { name: "R", content: TINY_TEMPLATE })).body.id as string;
    const rows = Array.from({ length: 30 }, (_, i) => ({ name: `r${i}` }));
    const long = (await call(first.url, "POST", `/api/templates/${templateId}/render-batch`, token, { rows, output: "zip", fileNamePattern: "{{name}}" })).body.jobId as string;
    const queued = (await call(first.url, "POST", `/api/templates/${templateId}/render-batch`, token, { rows: rows.slice(0, 3), output: "merged" })).body.jobId as string;
    await eightRendered;
    await first.close();

    const db = openDatabase(join(config.dataDir, "docsvc.db"));
    const statuses = await db.selectFrom("batch_jobs").select(["id", "status", "completed"]).execute();
    await db.destroy();
    const stopped = statuses.find((j) => j.id === long);
    assert.equal(stopped?.status, "processing");
    assert.ok(stopped.completed >= 8 && stopped.completed < 30, `completed ${stopped.completed}`);
    assert.equal(statuses.find((j) => j.id === queued)?.status, "pending");

    let secondRenders = 0;
    const second = await startServer(config, { log: createLogger("silent"), renderer: counting(createRenderer({ threads: 1 }), () => (secondRenders += 1)) });
    try {
      for (const jobId of [long, queued]) {
        for (let i = 0; ; i++) {
          const job = (await call(second.url, "GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, token)).body;
          if (job.status === "completed") break;
          assert.ok(i < 600, JSON.stringify(job));
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      assert.equal(secondRenders, 30 - stopped.completed + 3, "only the unrecorded rows (and the queued job's) were rendered again");
      const result = await call(second.url, "GET", `/api/templates/${templateId}/render-batch/jobs/${long}/result`, token);
      const zip = await JSZip.loadAsync(result.bytes);
      assert.deepEqual(Object.keys(zip.files).filter((n) => n.endsWith(".pdf")).sort(), rows.map((r) => `${r.name}.pdf`).sort());
    } finally {
      await second.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
