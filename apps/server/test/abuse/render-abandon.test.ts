// Abandoned requests: a client that gives up (closes the connection) cancels its render, queued or running,
// so the workers are free again for everyone else at once, not after the render would have finished.
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import { documentOf, send, startLoadServer, textOf, tinyRender, type LoadServer } from "./render-load.js";

let s: LoadServer;
before(async () => {
  // A long budget: only the abandonment may free the workers within this test.
  s = await startLoadServer({ timeoutMs: 60_000 });
});
after(async () => {
  await s.close();
});

const HEAVY = documentOf([{ id: "d", kind: "detail", height: 20, elements: [textOf("w", "{{word}}")] }]);

async function until(check: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

test("two abandoned heavy renders (and a third, still queued) free the workers for another workspace", async () => {
  const stats = () => s.renderer.stats?.() ?? assert.fail("the renderer has stats");
  const abortedBefore = stats().aborted;
  const clients = Array.from({ length: 3 }, () => new AbortController());
  const requests = clients.map((client) =>
    send(s.url, "POST", "/api/render", s.a.token, { content: HEAVY, data: { word: "x".repeat(1_000_000) } }, client.signal).then(
      () => "answered",
      (error: unknown) => (error instanceof Error && error.name === "AbortError" ? "aborted" : String(error)),
    ),
  );
  // Both workers busy on two of them, the third waiting.
  assert.ok(await until(() => stats().running === 2 && stats().queued.interactive === 1, 30_000), JSON.stringify(stats()));
  for (const client of clients) client.abort();
  assert.deepEqual(await Promise.all(requests), ["aborted", "aborted", "aborted"]);
  // The server sees each connection close and cancels: nothing queued, nothing running, two workers replaced.
  assert.ok(await until(() => stats().aborted - abortedBefore === 3 && stats().running === 0 && stats().queued.interactive === 0, 5_000), JSON.stringify(stats()));
  const tiny = await tinyRender(s);
  assert.equal(tiny.status, 200);
  assert.ok(tiny.ms < s.bounds.tinyMs, `another workspace's tiny render took ${Math.round(tiny.ms)} ms after the abandonments (bound ${Math.round(s.bounds.tinyMs)} ms)`);
});
