// The render pool's scheduling and budgets, with a stand-in worker whose job costs the test chooses: round-robin
// between workspaces, interactive before batch, a bounded queue, and a job stopped by its time budget, its
// caller's abort or its worker's heap cap without taking anything else down.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { RenderAbortedError, RenderBudgetError, RenderQueueFullError } from "../../src/render/budget.js";
import type { Priority } from "../../src/render/fair-queue.js";
import { RenderPool, type SpareMode } from "../../src/render/pool.js";
import { eventually } from "../helpers/eventually.js";

const WORKER = new URL("./fixtures/pool-worker.js", import.meta.url).href;

/** A one-thread pool whose worker is up (a job sent now starts at once); its spare starts with the workers warm. */
async function pool(queueMax = 100, threads = 1, spare: SpareMode = "always"): Promise<RenderPool> {
  const p = new RenderPool({ file: WORKER, threads, heapMb: 32, queueMax, spare });
  await Promise.all(Array.from({ length: threads }, () => p.run(job("ready", "w", { ms: 50 }))));
  return p;
}

function job(label: string, workspace: string, options: { ms?: number; hog?: boolean; priority?: Priority; timeoutMs?: number; signal?: AbortSignal } = {}) {
  return {
    kind: "render" as const,
    task: { label, ms: options.ms ?? 0, hog: options.hog ?? false },
    workspace,
    priority: options.priority ?? "interactive",
    timeoutMs: options.timeoutMs ?? 10_000,
    signal: options.signal,
  };
}

test("workspaces take turns; interactive jobs go before batch rows", async () => {
  const p = await pool();
  const order: unknown[] = [];
  // The first job holds the only worker while the rest queue up.
  const jobs = [
    p.run(job("a0", "a", { ms: 300 })),
    ...["a1", "a2", "a3"].map((label) => p.run(job(label, "a"))),
    p.run(job("r1", "a", { priority: "batch" })),
    p.run(job("b1", "b")),
    p.run(job("c1", "c")),
    p.run(job("b2", "b")),
  ].map((run) => run.then((label) => order.push(label)));
  await Promise.all(jobs);
  assert.deepEqual(order, ["a0", "a1", "b1", "c1", "a2", "b2", "a3", "r1"]);
  await p.close();
});

test("a workspace holding every worker waits behind one holding none, though it queued first", async () => {
  const p = await pool(100, 2);
  const order: unknown[] = [];
  const record = (run: Promise<unknown>) => run.then((label) => order.push(label));
  const jobs = [record(p.run(job("a1", "a", { ms: 300 }))), record(p.run(job("a2", "a", { ms: 600 })))];
  await eventually(() => p.stats().running === 2, 5000, "a1 and a2 running");
  jobs.push(record(p.run(job("a3", "a"))), record(p.run(job("b1", "b"))));
  await Promise.all(jobs);
  // When a1 ends, a still runs a2 and b runs nothing: b1 goes first.
  assert.deepEqual(order.slice(0, 2), ["a1", "b1"]);
  await p.close();
});

test("a job past its time budget is stopped with RenderBudgetError; the next job runs on the spare", async () => {
  const p = await pool();
  // The spare starts once the worker is ready, not with it.
  assert.equal(p.stats().spare, true);
  const slow = p.run(job("slow", "a", { ms: 60_000, timeoutMs: 300 }));
  const next = p.run(job("next", "b"));
  await assert.rejects(slow, (error: unknown) => error instanceof RenderBudgetError && error.kind === "timeout" && /took too long to render/.test(error.message));
  assert.equal(await next, "next");
  const stats = p.stats();
  assert.equal(stats.timeouts, 1);
  assert.equal(stats.workerRestarts, 1);
  assert.equal(stats.spare, true);
  await p.close();
});

test("on demand (the default), the spare starts only after a worker was stopped, then takes the next stopped worker's place", async () => {
  const p = await pool(100, 1, "on-demand");
  // The pool decides on its spare when the workers report ready, which was before the warm-up job ran.
  assert.deepEqual({ spare: p.stats().spare, starting: p.stats().starting }, { spare: false, starting: 0 }, "no spare while no render was stopped");
  await assert.rejects(p.run(job("slow", "a", { ms: 60_000, timeoutMs: 300 })), RenderBudgetError);
  assert.equal(await p.run(job("next", "a")), "next");
  assert.equal(p.stats().spare, true, "a spare once a worker was stopped");
  await assert.rejects(p.run(job("slow again", "a", { ms: 60_000, timeoutMs: 300 })), RenderBudgetError);
  assert.equal(await p.run(job("after", "a")), "after");
  assert.equal(p.stats().workerRestarts, 2);
  await p.close();
});

test("threads start on start() or with the first job; a job sent before they are warm waits for one", async () => {
  const p = new RenderPool({ file: WORKER, threads: 2, heapMb: 32, queueMax: 10 });
  assert.equal(p.stats().starting, 0, "no thread before start()");
  p.start();
  p.start();
  assert.deepEqual({ starting: p.stats().starting, spare: p.stats().spare }, { starting: 2, spare: false }, "start() is idempotent; the spare waits for the others");
  assert.deepEqual(await Promise.all([p.run(job("x", "a")), p.run(job("y", "b"))]), ["x", "y"]);
  await p.close();
  const lazy = new RenderPool({ file: WORKER, threads: 1, heapMb: 32, queueMax: 10 });
  assert.equal(await lazy.run(job("first", "a")), "first");
  await lazy.close();
});

test("a worker that exhausts its heap cap fails only its own job (RenderBudgetError), and is replaced", async () => {
  const p = await pool();
  await assert.rejects(p.run(job("hog", "a", { hog: true })), (error: unknown) => error instanceof RenderBudgetError && error.kind === "memory" && /too much memory/.test(error.message));
  assert.equal(await p.run(job("after", "a")), "after");
  assert.equal(p.stats().memoryKills, 1);
  await p.close();
});

test("aborting cancels a running job (its worker replaced) and a queued one (dropped)", async () => {
  const p = await pool();
  const running = new AbortController();
  const queued = new AbortController();
  const first = p.run(job("running", "a", { ms: 60_000, signal: running.signal }));
  const second = p.run(job("queued", "a", { signal: queued.signal }));
  await eventually(() => p.stats().running === 1 && p.stats().queued.interactive === 1, 5000, "one job running, one queued");
  queued.abort();
  await assert.rejects(second, RenderAbortedError);
  running.abort();
  await assert.rejects(first, RenderAbortedError);
  assert.equal(await p.run(job("after", "b")), "after");
  assert.deepEqual({ aborted: p.stats().aborted, restarts: p.stats().workerRestarts }, { aborted: 2, restarts: 1 });
  await assert.rejects(p.run(job("late", "a", { signal: AbortSignal.abort() })), RenderAbortedError);
  await p.close();
});

test("the queue is bounded: past RENDER_QUEUE_MAX, or a quarter of it from one workspace, RenderQueueFullError", async () => {
  const p = await pool(8);
  const hold = p.run(job("hold", "a", { ms: 500 }));
  await eventually(() => p.stats().running === 1, 5000, "the holding job running");
  const a = [1, 2, 3].map((i) => p.run(job(`a${i}`, "a")).catch((error: unknown) => error));
  // Six more workspaces fill the queue to 8; the ninth waiting job is refused whoever sends it.
  const others = ["b", "c", "d", "e", "f", "g", "h"].map((w) => p.run(job(w, w)).catch((error: unknown) => error));
  // Batch rows are bounded by the batch worker, not by the queue.
  const batch = p.run(job("row", "a", { priority: "batch" }));
  const [a1, a2, a3] = await Promise.all(a);
  assert.deepEqual([a1, a2], ["a1", "a2"]);
  assert.ok(a3 instanceof RenderQueueFullError && a3.retryAfterSeconds >= 1);
  const settled = await Promise.all(others);
  assert.deepEqual(settled.slice(0, 6), ["b", "c", "d", "e", "f", "g"]);
  assert.ok(settled[6] instanceof RenderQueueFullError);
  assert.equal(await hold, "hold");
  assert.equal(await batch, "row");
  assert.equal(p.stats().rejected, 2);
  await p.close();
});
