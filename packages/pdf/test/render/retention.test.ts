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
  // Bounded caches (laid-out paragraphs, decoded images, parsed templates) may still be filling after a
  // short warm-up, and what they hold is capped by their budgets. A document kept alive per render grows
  // without bound instead, so compare two equal windows after a warm-up: a leak grows in both, a filling
  // cache only in the first. The figure asserted is the second window's growth.
  const measure = async (count: number) => {
    gc();
    const before = process.memoryUsage();
    await renderMany(count);
    gc();
    const after = process.memoryUsage();
    return (after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers) / 2 ** 20;
  };
  await renderMany(50); // caches filled
  const first = await measure(400);
  const second = await measure(400);
  // A retained document costs about 80 KB (heap plus its buffers): 400 of them would be over 30 MB.
  assert.ok(second < 8, `memory grew by ${second.toFixed(1)} MB over 400 renders (${first.toFixed(1)} MB over the 400 before)`);
});
