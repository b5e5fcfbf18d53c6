// Pages written for a browser (test/html/css-cases: a web font, var(), nesting, the font shorthand, CSS
// gradients and a background logo) printed by docsvc and compared page by page with what Debian's Chromium
// printed (scripts/chromium-css-reference.mjs; references in test/golden/html-css/*-chromium-p<N>.png), and
// with our own goldens for regressions. Both PDFs are rasterised by poppler at 72 dpi.
//
// The Chromium comparison is looser than a golden: the two engines break and antialias text differently by
// fractions of a point, so pages are compared as 6 × 6 px cells (their mean colour): at most 1 % —
// MAX_CELL_FRACTION — of cells may differ by more than CELL_THRESHOLD in a channel (the invoice differs in
// 0.00 %, the poster in 0.06 % when these were written). A missing logo, web font,
// background or a wrong font size moves far more cells than that (the test asserts so for the invoice).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { renderHtml } from "../../src/index.js";
import { cssCase } from "../support/css-cases.js";
import { compareWithGolden } from "../support/golden.js";
import { goldenDir } from "../support/paths.js";
import { popplerPngs } from "../support/poppler.js";

const CASES = ["web-invoice", "poster", "letter"] as const;
const CELL = 6;
const CELL_THRESHOLD = 40;
const MAX_CELL_FRACTION = 0.01;
const dir = join(goldenDir, "html-css");

// Mean colours of the cells of the top-left `width` × `height` pixels.
async function cells(png: Uint8Array, width: number, height: number): Promise<Float32Array> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, width, height);
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const means = new Float32Array(cw * ch * 3);
  const counts = new Float32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = Math.floor(y / CELL) * cw + Math.floor(x / CELL);
      const i = (y * width + x) * 4;
      for (let k = 0; k < 3; k++) means[c * 3 + k]! += data[i + k]!;
      counts[c]!++;
    }
  }
  for (let c = 0; c < counts.length; c++) for (let k = 0; k < 3; k++) means[c * 3 + k]! /= counts[c]!;
  return means;
}

/** The fraction of cells whose mean colour differs by more than CELL_THRESHOLD in some channel. */
async function cellDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ia, ib] = [await loadImage(Buffer.from(a)), await loadImage(Buffer.from(b))];
  // Page sizes are rounded to whole pixels differently (Chromium writes 298.08 pt for 105 mm): one pixel apart at most.
  assert.ok(Math.abs(ia.width - ib.width) <= 1 && Math.abs(ia.height - ib.height) <= 1, `page sizes ${ia.width}×${ia.height} and ${ib.width}×${ib.height}`);
  const width = Math.min(ia.width, ib.width);
  const height = Math.min(ia.height, ib.height);
  const ca = await cells(a, width, height);
  const cb = await cells(b, width, height);
  let differing = 0;
  const n = ca.length / 3;
  for (let c = 0; c < n; c++) {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(ca[c * 3 + k]! - cb[c * 3 + k]!) > CELL_THRESHOLD) {
        differing++;
        break;
      }
    }
  }
  return differing / n;
}

async function printed(name: string, html = cssCase(name)) {
  const report = await renderHtml(html, {}, { now: new Date("2026-11-23T12:00:00Z") });
  return { report, pngs: popplerPngs(report.pdf) };
}

describe("pages written for Chromium print as Chromium prints them", () => {
  for (const name of CASES) {
    test(`${name}: same page count, every page within the cell tolerance, and its own goldens`, async () => {
      const { report, pngs } = await printed(name);
      assert.deepEqual(report.diagnostics.map((d) => `${d.code}: ${d.message}`), []);
      const chromium: Buffer[] = [];
      for (let p = 1; ; p++) {
        try {
          chromium.push(readFileSync(join(dir, `${name}-chromium-p${p}.png`)));
        } catch {
          break;
        }
      }
      assert.ok(chromium.length > 0, "Chromium's pages are committed");
      assert.equal(pngs.length, chromium.length, "page count");
      for (const [i, png] of pngs.entries()) {
        const fraction = await cellDifference(png, chromium[i] as Buffer);
        if (process.env.SHOW_DIFF === "1") console.log(`${name} p${i + 1}: ${(fraction * 100).toFixed(2)}%`);
        assert.ok(fraction <= MAX_CELL_FRACTION, `page ${i + 1}: ${(fraction * 100).toFixed(2)}% of cells differ from Chromium's (limit ${MAX_CELL_FRACTION * 100}%)`);
      }
      await compareWithGolden(name, pngs, { dir });
    });
  }

  test("the invoice's web font is subset and embedded, and its text reads back", async () => {
    const { report } = await printed("web-invoice");
    const dirPath = mkdtempSync(join(tmpdir(), "css-fonts-"));
    try {
      writeFileSync(join(dirPath, "a.pdf"), report.pdf);
      const fonts = execFileSync("pdffonts", [join(dirPath, "a.pdf")], { encoding: "utf8" });
      assert.match(fonts, /\+Lora-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
      assert.match(fonts, /\+Lora-Bold\s/);
      const text = execFileSync("pdftotext", ["-layout", join(dirPath, "a.pdf"), "-"], { encoding: "utf8" });
      assert.match(text, /Total due £1,815\.00/);
    } finally {
      rmSync(dirPath, { recursive: true, force: true });
    }
  });

  test("the tolerance catches what this work adds: the invoice without its web font, logo and gradients is outside it", async () => {
    const stripped = cssCase("web-invoice").replace(/@font-face[^}]*}/g, "").replace(/background:[^;]*;/g, "");
    const { pngs } = await printed("web-invoice", stripped);
    const fraction = await cellDifference(pngs[0] as Buffer, readFileSync(join(dir, "web-invoice-chromium-p1.png")));
    assert.ok(fraction > MAX_CELL_FRACTION, `${(fraction * 100).toFixed(2)}% of cells differ`);
  });
});
