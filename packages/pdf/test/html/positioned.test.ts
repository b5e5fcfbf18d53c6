// Pages with floats, positioned boxes, z-index, clipping, transforms and opacity (test/html/positioned/*.html)
// rendered by docsvc and compared twice, page by page: with Chromium's print of the same page (references
// written by scripts/chromium-positioned-reference.mjs, run by hand) and with our own goldens (regressions,
// the usual tight tolerance of support/golden.ts; UPDATE_GOLDEN=1 rewrites them). Every pair was looked at.
//
// The Chromium comparison is looser, on purpose: both print with the same TTF files (Lato, Noto Serif), but
// Chromium positions glyphs on its own grid and rounds line heights to pixels, so text edges differ by a pixel
// here and there. A page matches when the two have the same size and page count and at most
// CHROMIUM_MAX_FRACTION of the pixels differ (by more than CHANNEL_THRESHOLD): a float ignored, a box at the
// wrong place or a missing clip each moves several percent of such a small page, while the measured
// differences of the pages as they are now stay between 0.4 % and 5.4 % (glyph edges a pixel apart, the
// ticket's dense text the most), and the same pages laid out without these features (floats in the flow, absolutes
// at the end of the content, no clips or transforms) differ from Chromium's by 9 % to 25 %.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { renderHtml } from "../../src/index.js";
import { compareWithGolden, diffPngs } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir, packageRoot } from "../support/paths.js";

/** Chromium and docsvc pages match when at most this fraction of their pixels differ. */
const CHROMIUM_MAX_FRACTION = 0.06;

const dir = join(packageRoot, "test", "html", "positioned");
const golden = join(goldenDir, "html-positioned");
const names = readdirSync(dir).filter((f) => f.endsWith(".html")).map((f) => f.replace(/\.html$/, "")).sort();

describe("floats, positioned boxes and effects as Chromium prints them", () => {
  for (const name of names) {
    test(`${name}: same pages as Chromium, and as our goldens`, async () => {
      const report = await renderHtml(readFileSync(join(dir, `${name}.html`), "utf8"), {}, { now: new Date("2026-11-23T12:00:00Z") });
      assert.deepEqual(report.diagnostics, []);
      const pngs = await rasterise(report.pdf, { scale: 1 });
      const chromium = readdirSync(join(golden, "chromium")).filter((f) => f.startsWith(`${name}-p`)).length;
      assert.equal(pngs.length, chromium, "page count");
      for (const [i, png] of pngs.entries()) {
        const file = join(golden, "chromium", `${name}-p${i + 1}.png`);
        assert.ok(existsSync(file), file);
        const diff = await diffPngs(png, readFileSync(file));
        assert.ok(diff.fraction <= CHROMIUM_MAX_FRACTION, `page ${i + 1} differs from Chromium's in ${(diff.fraction * 100).toFixed(2)} % of its pixels`);
      }
      await compareWithGolden(name, pngs, { dir: golden });
    });
  }
});
