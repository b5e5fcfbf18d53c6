// One workspace's burst or batch cannot starve another: the queue is bounded (503 with Retry-After past it),
// workspaces take turns, interactive renders go before batch rows, and rows obey the render budget.
import JSZip from "jszip";
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import { documentOf, rssPeak, send, startLoadServer, textOf, whileResponsive, type LoadServer } from "./render-load.js";

// A short budget here: with both workers busy on the attacker's renders, the bystander waits for one of them.
const TIMEOUT_MS = 1_000;
const TOO_LONG = new RegExp(`took too long to render: it was stopped after ${TIMEOUT_MS} ms`);
const HEAVY = documentOf([{ id: "d", kind: "detail", height: 20, elements: [textOf("w", "{{word}}")] }]);
// Laying out a 1,000,000-character word takes seconds on any runtime: far past the budget.
const WORD = "x".repeat(1_000_000);

let s: LoadServer;
before(async () => {
  // The bystander's first render arrives behind 40 one-megabyte bodies, which the main thread reads, parses and
  // refuses (503) in arrival order (about 1.4 s here, measured with the pool's queue times), and then waits up to
  // one budget for a worker: its bound is that budget plus 2 s, not the general tiny-render bound.
  s = await startLoadServer({ timeoutMs: TIMEOUT_MS, queueMax: 4, tinyRenderMs: TIMEOUT_MS + 2_000 });
});
after(async () => {
  await s.close();
});

test("40 concurrent heavy renders from one workspace: bounded queue (503 + Retry-After), the others over budget (422)", async () => {
  const rejectedBefore = s.renderer.stats?.().rejected ?? 0;
  const memory = rssPeak();
  const burst = Array.from({ length: 40 }, () => send(s.url, "POST", "/api/render", s.a.token, { content: HEAVY, data: { word: WORD } }));
  const answers = await whileResponsive(s, Promise.all(burst), 3);
  const statuses = answers.map((a) => a.status);
  assert.ok(statuses.every((status) => status === 422 || status === 503), statuses.join(","));
  const busy = answers.filter((a) => a.status === 503);
  // 2 running and at most 1 waiting (a quarter of RENDER_QUEUE_MAX=4) per workspace: most are refused at once.
  assert.ok(busy.length >= 30, `${busy.length} refused`);
  for (const a of busy) {
    assert.ok(Number(a.headers.get("Retry-After")) >= 1);
    assert.match(a.json.detail, /busy rendering/);
  }
  for (const a of answers.filter((x) => x.status === 422)) assert.match(a.json.detail, TOO_LONG);
  // The last accepted render waited for at most 2 rounds of 2 workers: well within 15 s even on a loaded machine.
  assert.ok(Math.max(...answers.map((a) => a.ms)) < 15_000);
  assert.equal((s.renderer.stats?.().rejected ?? 0) - rejectedBefore, busy.length);
  assert.ok(memory.stop() < 600, "RSS grew by more than 600 MB");
  const stats = s.renderer.stats?.();
  assert.equal(stats?.running, 0);
  assert.equal(stats?.queued.interactive, 0);
});

test("a batch of heavy rows: other workspaces' renders go first, each row fails with the budget message", async () => {
  const created = await send(s.url, "POST", "/api/templates", s.a.token, { name: "Heavy", content: HEAVY });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const templateId = created.json.id as string;
  const rows = Array.from({ length: 4 }, () => ({ word: WORD }));
  const submitted = await send(s.url, "POST", `/api/templates/${templateId}/render-batch`, s.a.token, { rows });
  assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
  const jobPath = `/api/templates/${templateId}/render-batch/jobs/${submitted.json.jobId as string}`;
  const finished = (async () => {
    for (;;) {
      const job = await send(s.url, "GET", jobPath, s.a.token);
      if (job.json.status === "completed" || job.json.status === "failed") return job.json;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const job = await whileResponsive(s, finished, 3);
  assert.equal(job.status, "completed");
  assert.equal(job.failed, 4);
  assert.equal(job.completed, 0);
  const result = await send(s.url, "GET", `${jobPath}/result`, s.a.token);
  assert.equal(result.status, 200);
  const report = JSON.parse(await (await JSZip.loadAsync(result.bytes)).file("report.json")!.async("string")) as { failures: { reason: string }[] };
  assert.equal(report.failures.length, 4);
  for (const failure of report.failures) assert.match(failure.reason, TOO_LONG);
});
