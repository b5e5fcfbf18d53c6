// Grid, multi-column, flex and inline-block pages (test/html/cases/<name>.html) printed by docsvc and
// compared page by page with Chromium's print of the same page (test/golden/html-chromium, written by
// scripts/chromium-html-layout-reference.mjs with the same Inter TTF), and with our own goldens
// (test/golden/html, UPDATE_GOLDEN=1 rewrites them; each was checked by eye).
//
// The Chromium comparison is coarser than the golden one: two rasterisers (pdftoppm for Chromium's PDF,
// pdf.js for ours) and two text engines (line heights a fraction of a point apart add up down a column) put
// edges a pixel or two apart. Both pages are averaged over BLOCK × BLOCK pixel squares (grey levels), and a
// square differs when its means are more than BLOCK_THRESHOLD apart. As pages differ in how much ink they
// hold, the tolerance is relative: our page must differ from Chromium's by at most CHROMIUM_SHARE of what
// Chromium's own page moved down by 4 pt differs from it (and the moved page must itself fail, so the measure
// sees layout). A box a few points off, a column break elsewhere or text reflowed onto other lines fails.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { renderHtml } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir, packageRoot } from "../support/paths.js";

/** Side of the averaged squares, in pixels (72 dpi): about one line of 8 pt text. */
const BLOCK = 6;
/** Grey-level difference (0–255) at which a square counts as different. */
const BLOCK_THRESHOLD = 20;
/** Our page may differ from Chromium's by at most this share of what a 4 pt move changes (see above). */
const CHROMIUM_SHARE = 0.35;

const CASES: Record<string, number> = {
  "grid-ticket": 1,
  "multicol-newsletter": 1,
  "multicol-pages": 2,
  "flex-wrap-order": 1,
  "table-attributes": 1,
  "table-collapse": 1,
  "text-details": 1,
  "form-controls": 1,
};

/**
 * Pages compared with our goldens only. table-collapse: the shared borders are drawn once, as Chromium does,
 * but each cell still keeps its own full border widths as insets where Chromium's collapsed cells keep half
 * of the shared border, so our rows are a border width taller (its Chromium print is committed beside the
 * others for when cells get collapsed insets). form-controls: the controls are drawn as Chromium draws them,
 * but sized by form-control.ts (`size` × 0.55 em) where Chromium sizes a text input from the font's average
 * and widest character (about 0.8 em per `size` for Inter), so its inputs are wider.
 */
const GOLDEN_ONLY = new Set(["table-collapse", "form-controls"]);

const dir = join(packageRoot, "test", "html", "cases");

for (const [name, pages] of Object.entries(CASES)) {
  test(`HTML ${name} prints as Chromium prints it, and matches its golden pages`, async () => {
    const html = readFileSync(join(dir, `${name}.html`), "utf8");
    const report = await renderHtml(html, {}, { now: new Date("2026-11-23T12:00:00Z") });
    assert.deepEqual(report.diagnostics, []);
    const pngs = await rasterise(report.pdf, { scale: 1 });
    assert.equal(pngs.length, pages, "page count (Chromium's)");
    for (const [i, png] of pngs.entries()) {
      if (GOLDEN_ONLY.has(name)) break;
      const chromium = readFileSync(join(goldenDir, "html-chromium", `${name}-p${i + 1}.png`));
      const fraction = await blockDiff(png, chromium);
      const moved = await blockDiff(await shifted(chromium, 4), chromium);
      if (process.env.LAYOUT_DIFF_REPORT === "1") console.log(`${name} p${i + 1}: ${(fraction * 100).toFixed(2)} % of squares differ from Chromium, ${(moved * 100).toFixed(2)} % moved by 4 pt`);
      assert.ok(moved > 0.02, `${name} p${i + 1}: a page moved by 4 pt differs by only ${(moved * 100).toFixed(2)} %`);
      assert.ok(fraction <= CHROMIUM_SHARE * moved, `${name} p${i + 1}: ${(fraction * 100).toFixed(2)} % of the squares differ from Chromium's print (limit ${(CHROMIUM_SHARE * moved * 100).toFixed(2)} %)`);
    }
    await compareWithGolden(name, pngs, { dir: join(goldenDir, "html") });
  });
}

async function greys(png: Uint8Array): Promise<{ width: number; height: number; grey: Float64Array }> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const grey = new Float64Array(image.width * image.height);
  for (let p = 0; p < grey.length; p++) grey[p] = ((data[p * 4] as number) + (data[p * 4 + 1] as number) + (data[p * 4 + 2] as number)) / 3;
  return { width: image.width, height: image.height, grey };
}

/** The fraction of BLOCK × BLOCK squares whose mean grey differs by more than BLOCK_THRESHOLD (pages cut to the smaller size). */
async function blockDiff(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ga, gb] = await Promise.all([greys(a), greys(b)]);
  // pdf.js rounds a 595.28 pt page up to 596 pixels where pdftoppm rounds down: the extra column is blank.
  assert.ok(Math.abs(ga.width - gb.width) <= 1 && Math.abs(ga.height - gb.height) <= 1, `page sizes ${ga.width}×${ga.height} and ${gb.width}×${gb.height}`);
  const width = Math.min(ga.width, gb.width);
  const height = Math.min(ga.height, gb.height);
  let squares = 0;
  let differing = 0;
  for (let y0 = 0; y0 + BLOCK <= height; y0 += BLOCK) {
    for (let x0 = 0; x0 + BLOCK <= width; x0 += BLOCK) {
      let sa = 0;
      let sb = 0;
      for (let y = y0; y < y0 + BLOCK; y++) {
        for (let x = x0; x < x0 + BLOCK; x++) {
          sa += ga.grey[y * ga.width + x] as number;
          sb += gb.grey[y * gb.width + x] as number;
        }
      }
      squares++;
      if (Math.abs(sa - sb) / (BLOCK * BLOCK) > BLOCK_THRESHOLD) differing++;
    }
  }
  return differing / squares;
}

/** The picture moved down by `points` (72 dpi: one pixel per point), white above. */
async function shifted(png: Uint8Array, points: number): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, points);
  return canvas.encodeSync("png");
}
