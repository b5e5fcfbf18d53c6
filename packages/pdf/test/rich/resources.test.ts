// The resource pipeline: layout asks synchronously, renderDocument prepares what was pending and lays out
// once more; caches hold conversions across renders by content; sharp and jsdom load only when needed.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { layoutDocument, parseDocument, type TemplateDocument } from "@docsvc/layout";
import { clearResourceCaches, loadDesignerFonts, RenderResources, resourceCacheStats } from "../../src/index.js";
import { repoRoot } from "../support/paths.js";
import { dataUrl, makeImage, NOW, page, render } from "./image-samples.js";

function parse(template: string): TemplateDocument {
  const parsed = parseDocument(template);
  assert.ok(parsed.ok);
  return parsed.document;
}

test("a first render prepares what layout found pending; a later render of the same content is one pass", async () => {
  clearResourceCaches();
  const gif = await makeImage.gif();
  const document = parse(page([
    { type: "image", src: dataUrl("image/gif", gif) },
    { type: "icon", svg: "<svg viewBox='0 0 2 2'><rect width='1' height='1'/></svg>", x: 100 },
  ]));
  const fonts = await loadDesignerFonts();
  const first = new RenderResources();
  const pending = layoutDocument(document, {}, { fonts, now: NOW, resources: first });
  assert.ok(first.hasPending);
  assert.equal(pending.pages[0]?.items.length, 0, "pending resources draw nothing");
  assert.deepEqual(pending.diagnostics, []);
  await first.prepare();
  assert.equal(layoutDocument(document, {}, { fonts, now: NOW, resources: first }).pages[0]?.items.length, 2);
  const second = new RenderResources();
  const done = layoutDocument(document, {}, { fonts, now: NOW, resources: second });
  assert.equal(second.hasPending, false);
  assert.equal(done.pages[0]?.items.length, 2);
  assert.deepEqual(resourceCacheStats().rasters, 1);
  assert.deepEqual(resourceCacheStats().drawings, 1);
});

test("the same picture under different sources and in many rows is converted and embedded once", async () => {
  clearResourceCaches();
  const webp = await makeImage.webp();
  const rows = Array.from({ length: 30 }, (_, i) => ({ photo: i % 2 ? dataUrl("image/webp", webp) : Buffer.from(webp).toString("base64") }));
  const template = JSON.stringify({
    version: 4,
    pageSize: { id: "a4" },
    bands: [{ id: "d", kind: "detail", bindingField: "rows", height: 24, elements: [{ id: "p", type: "image", bindingField: "photo", x: 0, y: 0, width: 40, height: 20 }] }],
    schema: [],
  });
  const report = await render(template, { rows });
  assert.deepEqual(report.diagnostics, []);
  assert.equal(resourceCacheStats().rasters, 1);
  const xobjects = Buffer.from(report.pdf).toString("latin1").match(/\/Subtype \/Image/g) ?? [];
  assert.equal(xobjects.length, 1);
});

test("concurrent renders of the same new image share one conversion", async () => {
  clearResourceCaches();
  const bmp = await makeImage.bmp();
  const template = page([{ type: "image", src: dataUrl("image/bmp", bmp) }]);
  const reports = await Promise.all(Array.from({ length: 4 }, () => render(template)));
  for (const r of reports) assert.deepEqual(r.diagnostics, []);
  assert.equal(resourceCacheStats().rasters, 1);
});

test("undecodable images are reported on every render, also once cached", async () => {
  const broken = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(20, 7)]);
  for (let i = 0; i < 2; i++) {
    const report = await render(page([{ type: "image", src: dataUrl("image/gif", broken) }]));
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["image.undecodable"]);
  }
});

test("a render without images or SVG never loads sharp or jsdom; one with them does", () => {
  const entryJs = fileURLToPath(new URL("../../src/index.js", import.meta.url));
  // Compiled tests import dist/src/index.js; under tsx the .ts sources need the tsx loader.
  const loader = existsSync(entryJs) ? [] : ["--import", "tsx"];
  const script = (withImages: boolean): string => `
    import { readFileSync } from "node:fs";
    import { createRequire } from "node:module";
    const { renderDocument } = await import(${JSON.stringify(new URL("../../src/index.js", import.meta.url).href)});
    const root = ${JSON.stringify(repoRoot)};
    const template = ${withImages
      ? JSON.stringify(page([{ type: "image", src: "data:image/gif;base64,R0lGODlhAQABAIAAAP8AAAAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==" }, { type: "icon", svg: "<svg/>" }]))
      : `readFileSync(root + "/fixtures/invoice.template.json", "utf8")`};
    const data = ${withImages ? "{}" : `JSON.parse(readFileSync(root + "/fixtures/invoice-20.data.json", "utf8"))`};
    await renderDocument(template, data, { now: new Date(0) });
    const cache = Object.keys(createRequire(root + "/").cache);
    const jsdom = cache.some((k) => k.includes("/jsdom/"));
    const sharp = process.report.getReport().sharedObjects.some((s) => /sharp|vips/.test(s));
    console.log(JSON.stringify({ jsdom, sharp }));
  `;
  for (const withImages of [false, true]) {
    const child = spawnSync(process.execPath, [...loader, "--input-type=module", "-e", script(withImages)], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 });
    assert.equal(child.status, 0, child.stderr);
    const last = child.stdout.trim().split("\n").at(-1) ?? "";
    assert.deepEqual(JSON.parse(last), { jsdom: withImages, sharp: withImages }, withImages ? "with images" : "without images");
  }
});
