// The final paint of a merged batch through the render pool: with two threads a helper job paints chunks of rows
// in the second worker; the PDF must be the very bytes one thread paints alone, and the pool must be left as it
// was (no job waiting, no worker stopped).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, test } from "node:test";
import { createRenderer } from "../../src/render/renderer.js";
import { REPO_ROOT as root } from "../helpers/fixtures.js";

const one = createRenderer({ threads: 1 });
const two = createRenderer({ threads: 2 });
after(async () => {
  await Promise.all([one.close(), two.close()]);
});

test("a merged paint with a helper in the second worker writes the bytes of one worker alone", async () => {
  const content = await readFile(join(root, "fixtures", "invoice.template.json"), "utf8");
  const data = JSON.parse(await readFile(join(root, "fixtures", "invoice-20.data.json"), "utf8")) as { items: unknown[] };
  const task = { cacheKey: "merge-helper", content, theme: undefined, title: "Batch", now: "2026-01-01T00:00:00Z" };
  // Enough rows for several chunks of 16, so the helper has some to paint.
  const layouts = await Promise.all(Array.from({ length: 120 }, async (_, i) => {
    const row = { ...data, invoiceNumber: `INV-${i + 1}`, items: data.items.slice(0, 1 + (i % 12)) };
    const result = await two.render({ ...task, data: row, keepLayout: { paint: false } }, { priority: "batch" });
    assert.ok(result.ok && result.layout !== undefined);
    return result.layout;
  }));
  const read = (i: number) => Promise.resolve({ layout: layouts[i]!.slice() });
  const alone = await one.mergeRows!({ ...task, count: layouts.length }, read);
  const helped = await two.mergeRows!({ ...task, count: layouts.length }, read);
  assert.ok(alone.ok && helped.ok);
  assert.equal(helped.pages, layouts.length);
  assert.ok(Buffer.from(helped.pdf).equals(Buffer.from(alone.pdf)));
  // The helper answers its job just after the painting job (it is told "done" at the end): the pool goes idle.
  for (let i = 0; i < 100 && two.stats!().running > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const stats = two.stats!();
  assert.deepEqual([stats.running, stats.queued.batch, stats.workerRestarts], [0, 0, 0]);
});
