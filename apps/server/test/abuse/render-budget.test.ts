// Renders that would run for minutes or exhaust memory: each stops within its budget with a 4xx that says why,
// while /health and another workspace's tiny render keep answering.
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import { documentOf, rssPeak, send, startLoadServer, TEST_TIMEOUT_MS, textOf, whileResponsive, type LoadServer } from "./render-load.js";

let s: LoadServer;
before(async () => {
  s = await startLoadServer();
});
after(async () => {
  await s.close();
});

// Budget plus a generous margin for a loaded machine (the body's transfer, a worker's replacement).
const ANSWER_WITHIN_MS = TEST_TIMEOUT_MS + 5_000;
const TOO_LONG = new RegExp(`took too long to render: it was stopped after ${TEST_TIMEOUT_MS} ms`);
const ROW_CAP = /more than 100,000 band instances and table rows/;

/** Seven detail bands, each nested in the one before and bound to `binding` (the first to `items`). */
function nested(binding: string): string {
  return documentOf(
    Array.from({ length: 7 }, (_, i) => ({
      id: `b${i}`,
      name: `Level ${i + 1}`,
      kind: "detail",
      height: 12,
      bindingField: i === 0 ? "items" : binding,
      ...(i > 0 ? { parentId: `b${i - 1}` } : {}),
      elements: [textOf(`t${i}`, "{{$index}}")],
    })),
  );
}
const items = Array.from({ length: 10 }, (_, i) => ({ n: i }));

test("7 nested bands bound to a field missing in the parent row: 10 rows, not 10^7 instances", async () => {
  const memory = rssPeak();
  const res = await whileResponsive(s, send(s.url, "POST", "/api/render", s.a.token, { content: nested("items"), data: { items } }));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("X-Page-Count"), "1");
  assert.ok(res.ms < ANSWER_WITHIN_MS, `${res.ms} ms`);
  assert.ok(memory.stop() < 300, "RSS grew by more than 300 MB");
});

test("7 nested bands bound to $root.items (10^7 instances): 422, stopped while laying out", async () => {
  const memory = rssPeak();
  const res = await whileResponsive(s, send(s.url, "POST", "/api/render", s.a.token, { content: nested("$root.items"), data: { items } }));
  assert.equal(res.status, 422);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json");
  // The row cap names the band; on a machine too loaded to reach 100,000 instances in the budget, the budget ends it.
  if (!TOO_LONG.test(res.json.detail)) {
    assert.match(res.json.detail, ROW_CAP);
    assert.match(res.json.detail, /band 'Level \d' \(bands\[\d\]\)/);
  }
  assert.ok(res.ms < ANSWER_WITHIN_MS, `${res.ms} ms`);
  assert.ok(memory.stop() < 400, "RSS grew by more than 400 MB");
});

test("a 5 MB one-word text: 422 'took too long' after the budget, the worker replaced", async () => {
  const before = s.renderer.stats?.().timeouts ?? 0;
  const content = documentOf([{ id: "d", kind: "detail", height: 20, elements: [textOf("w", "{{word}}")] }]);
  const memory = rssPeak();
  const res = await whileResponsive(s, send(s.url, "POST", "/api/render", s.a.token, { content, data: { word: "x".repeat(5_000_000) } }));
  assert.equal(res.status, 422);
  assert.match(res.json.detail, TOO_LONG);
  assert.ok(res.ms >= TEST_TIMEOUT_MS && res.ms < ANSWER_WITHIN_MS, `${res.ms} ms`);
  assert.ok(memory.stop() < 400, "RSS grew by more than 400 MB");
  assert.equal((s.renderer.stats?.().timeouts ?? 0) - before, 1);
});

test("a 300,000-row table: 422 (over the row cap or the time budget), memory bounded", async () => {
  const content = documentOf([
    { id: "d", kind: "detail", height: 40, elements: [{ id: "t", type: "table", x: 0, y: 0, width: 400, height: 40, bindingField: "rows", columns: [{ key: "a", header: "A", width: 200 }, { key: "b", header: "B", width: 200 }] }] },
  ]);
  const rows = Array.from({ length: 300_000 }, (_, i) => ({ a: "row", b: i }));
  const memory = rssPeak();
  const res = await whileResponsive(s, send(s.url, "POST", "/api/render", s.a.token, { content, data: { rows } }));
  assert.equal(res.status, 422);
  // Which comes first depends on the machine: copying 300,000 rows to the worker takes a good part of the budget.
  assert.match(res.json.detail, new RegExp(`${ROW_CAP.source}|${TOO_LONG.source}`));
  assert.ok(res.ms < ANSWER_WITHIN_MS, `${res.ms} ms`);
  assert.ok(memory.stop() < 600, "RSS grew by more than 600 MB");
});

test("a detail band of 10,001 rows each on its own page: 422 at the page cap", async () => {
  const content = documentOf([{ id: "d", kind: "detail", height: 20, bindingField: "rows", pageBreakPerRow: true, elements: [] }]);
  const res = await send(s.url, "POST", "/api/render", s.a.token, { content, data: { rows: Array.from({ length: 10_001 }, () => ({})) } });
  assert.equal(res.status, 422);
  assert.match(res.json.detail, /more than 10,000 pages|took too long/);
});
