// A merged batch painted in parts: a helper (here on a channel in this thread; in the server, the render pool's
// other worker) paints chunks of rows from the end while the coordinator paints from the start. The bytes must
// not depend on who painted which chunk, nor on a helper that goes away; every resource kind (font subsets,
// images, opacity states, shadings, SVG paths, links) must come out as one document's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import type { TemplateDocument } from "@docsvc/layout";
import { helpPaintMergedRows, layoutRow, loadDesignerFonts, paintMergedRows, renderDocument, type MergedRowSource } from "../../src/index.js";
import { near, raster } from "../support/inspect.js";
import { extractText, links, rasterise } from "../support/pdfjs.js";
import { packageRoot } from "../support/paths.js";
import { FIXED_NOW } from "./fixtures.js";

const LOGO = readFileSync(join(packageRoot, "test", "rich", "gradient-logo.svg"), "utf8");

/** A page with every resource kind: text, an SVG logo (shadings, paths), a link, a translucent group. */
const RICH: TemplateDocument = {
  version: 4,
  pageSize: { id: "custom", width: 360, height: 260 },
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
  bands: [{ id: "b", kind: "report-header", height: 220, elements: [
    { id: "logo", type: "image", src: `data:image/svg+xml,${encodeURIComponent(LOGO)}`, x: 0, y: 0, width: 200, height: 100 },
    { id: "md", type: "markdown", x: 0, y: 110, width: 320, height: 40, text: "Row **{{ name }}**, see [the guide](https://docsvc.example/{{ name }})", fontSize: 10 },
    { id: "mark", type: "text", x: 0, y: 160, width: 320, height: 30, text: "DRAFT {{ name }}", fontSize: 20, opacity: 0.3 },
  ] }],
  schema: [],
} as unknown as TemplateDocument;

async function encoded(count: number): Promise<Uint8Array[]> {
  return Promise.all(Array.from({ length: count }, async (_, i) => (await layoutRow(RICH, { name: `r${i}` }, { now: FIXED_NOW, paint: false })).layout));
}

const source = (rows: readonly Uint8Array[]): MergedRowSource => ({ count: rows.length, read: (i) => Promise.resolve(rows[i]!) });

/** A coordinator's end of a channel whose helper runs in this thread; counts the chunks handed to it. */
async function helperPeer(read: (index: number) => Promise<Uint8Array>): Promise<{ peer: MessagePort; handed: () => number; done: Promise<void> }> {
  const fonts = await loadDesignerFonts();
  const { port1, port2 } = new MessageChannel();
  let handed = 0;
  const post = port1.postMessage.bind(port1);
  port1.postMessage = (message: { kind?: string }, transfer?: never) => {
    if (message.kind === "chunk") handed += 1;
    post(message, transfer);
  };
  const done = helpPaintMergedRows(port2, read, fonts);
  return { peer: port1, handed: () => handed, done };
}

describe("merged batches painted in parts", () => {
  test("a helper's chunks give the very bytes of a paint without one, every resource kind included", async () => {
    const rows = await encoded(70);
    const alone = await paintMergedRows(source(rows), { now: FIXED_NOW, title: "Batch" });
    const helper = await helperPeer(source(rows).read);
    const helped = await paintMergedRows(source(rows), { now: FIXED_NOW, title: "Batch" }, helper.peer);
    await helper.done;
    assert.ok(helper.handed() > 0, "the helper painted some chunks");
    assert.ok(Buffer.from(helped.pdf).equals(Buffer.from(alone.pdf)));
    assert.deepEqual(helped.rowPages, Array.from({ length: 70 }, () => 1));

    const file = Buffer.from(helped.pdf).toString("latin1");
    assert.equal(file.match(/\/ShadingType 2/g)?.length, 1, "one axial shading object for every row");
    assert.equal(file.match(/\/ShadingType 3/g)?.length, 1, "one radial shading object");
    assert.equal(file.match(/\/Type \/ExtGState/g)?.length, 1, "one opacity state");
    assert.equal(file.match(/\/Subtype \/Type0/g)?.length, new Set(file.match(/\/BaseFont \/[A-Z]{6}\+\S+/g)).size, "one subset per face");
    const texts = await extractText(helped.pdf);
    assert.deepEqual(texts.map((text) => /Row (r\d+)/.exec(text)?.[1]), rows.map((_, i) => `r${i}`));
    const annotations = await links(helped.pdf);
    assert.deepEqual(annotations.map((page) => page.map((l) => l.url)), rows.map((_, i) => [`https://docsvc.example/r${i}`]));

    // The last row (painted by the helper) looks like the row rendered on its own.
    const single = await renderDocument(RICH, { name: "r69" }, { now: FIXED_NOW });
    const [expected] = await rasterise(single.pdf, { scale: 1 });
    const actual = (await rasterise(helped.pdf, { scale: 1 }))[69]!;
    const [a, b] = [await raster(actual), await raster(expected!)];
    for (let y = 5; y < a.height; y += 10) for (let x = 5; x < a.width; x += 10) assert.ok(near(a.at(x, y), b.at(x, y), 4), `pixel ${x},${y}`);
  });

  test("a helper that goes away mid-paint leaves its chunks to the coordinator", async () => {
    const rows = await encoded(80);
    const alone = await paintMergedRows(source(rows), { now: FIXED_NOW });
    const { port1, port2 } = new MessageChannel();
    // Says it runs, then closes once it is handed its first chunk.
    port2.on("message", (message: { kind: string }) => {
      if (message.kind === "chunk") port2.close();
    });
    port2.postMessage({ kind: "ready" });
    const merged = await paintMergedRows(source(rows), { now: FIXED_NOW }, port1);
    assert.ok(Buffer.from(merged.pdf).equals(Buffer.from(alone.pdf)));
  });

  test("a helper's failed chunk is painted by the coordinator; a row that cannot be read still fails the merge", async () => {
    const rows = await encoded(70);
    const alone = await paintMergedRows(source(rows), { now: FIXED_NOW });
    const fonts = await loadDesignerFonts();
    const flaky = new MessageChannel();
    // The helper cannot read row 65; the coordinator can.
    const flakyDone = helpPaintMergedRows(flaky.port2, (i) => (i === 65 ? Promise.reject(new Error("gone")) : Promise.resolve(rows[i]!)), fonts);
    const merged = await paintMergedRows(source(rows), { now: FIXED_NOW }, flaky.port1);
    await flakyDone;
    assert.ok(Buffer.from(merged.pdf).equals(Buffer.from(alone.pdf)));

    // Row 65 reads in the first pass (glyphs), then is gone, for the helper and the coordinator alike.
    let reads = 0;
    const read = (i: number): Promise<Uint8Array> => (i === 65 && ++reads > 1 ? Promise.reject(new Error("row 65 is gone")) : Promise.resolve(rows[i]!));
    const helper = await helperPeer(read);
    await assert.rejects(paintMergedRows({ count: rows.length, read }, { now: FIXED_NOW }, helper.peer), /row 65 is gone/);
    await helper.done;
  });
});
