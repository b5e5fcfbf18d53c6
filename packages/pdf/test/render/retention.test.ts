// Renders in a loop that never yields to the event loop (an embedder's `for … await renderPdf`) must not
// keep their documents alive: nothing of a finished render may wait in process.nextTick callbacks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { renderDocument } from "../../src/index.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

test("a tight loop of renders retains nothing per document", async () => {
  const template = await fixtureText("receipt.template.json");
  const data = JSON.parse(await fixtureText("receipt.data.json")) as unknown;
  const renderMany = async (count: number) => {
    for (let i = 0; i < count; i++) await renderDocument(template, data, { now: FIXED_NOW });
  };
  // Two things are measured, each where it can be read reliably:
  // - the heap, right after the loop and a full GC, without yielding: a document kept alive by callbacks waiting
  //   for the event loop (the bug this test holds) is still there then, and its objects are on the heap;
  // - ArrayBuffer memory after yielding once: Node 24's V8 frees the backing stores of collected buffers on a
  //   background task after the GC, so read straight after gc() they look retained (about 30 KB per render).
  // Bounded caches (laid-out paragraphs, shaped words, parsed templates) may still be filling after a short
  // warm-up, so the figures asserted are a second window's, after a first of the same length.
  const measure = async (count: number) => {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    const before = process.memoryUsage();
    await renderMany(count);
    gc();
    const heap = (process.memoryUsage().heapUsed - before.heapUsed) / 2 ** 20;
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    const buffers = (process.memoryUsage().arrayBuffers - before.arrayBuffers) / 2 ** 20;
    return { heap, buffers };
  };
  await renderMany(50); // caches filled
  const first = await measure(400);
  const second = await measure(400);
  // A retained document costs about 80 KB (heap plus its buffers): 400 of them would be over 30 MB.
  const figures = `heap ${second.heap.toFixed(1)} MB, buffers ${second.buffers.toFixed(1)} MB over 400 renders (before that: heap ${first.heap.toFixed(1)}, buffers ${first.buffers.toFixed(1)})`;
  assert.ok(second.heap < 4, `the heap grew: ${figures}`);
  assert.ok(second.buffers < 4, `buffer memory grew: ${figures}`);
});
