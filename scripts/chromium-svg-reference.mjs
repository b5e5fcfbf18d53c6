// Draws the gradient logo of packages/pdf/test/rich/svg-gradient.test.ts with headless Chromium and writes the
// picture the test compares our shadings with (test/golden/rich/svg-gradients-chromium.png). Never run by the
// tests (they compare with the committed PNG); run by hand after changing the logo:
//   node scripts/chromium-svg-reference.mjs [path/to/chromium]
// The logo is drawn as an <img> of 400×200 CSS pixels at device scale 1: the same pixels as the test's pdf.js
// raster at scale 2 of the 200×100 pt image box. Nothing is fetched: the SVG is a data: URL.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter } from "./chromium-print.mjs";

const svg = readFileSync(join(root, "packages/pdf/test/rich/gradient-logo.svg"), "utf8");
const out = join(root, "packages/pdf/test/golden/rich/svg-gradients-chromium.png");

const chromium = await chromiumPrinter();
try {
  const page = await chromium.page({ viewport: { width: 400, height: 200 }, deviceScaleFactor: 1 });
  const src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff"><img id="logo" src="${src}" width="400" height="200" style="display:block"></body></html>`);
  await page.waitForFunction(() => document.getElementById("logo").complete);
  writeFileSync(out, await page.locator("#logo").screenshot());
  console.log(`${chromium.version}: wrote ${out}`);
} finally {
  await chromium.close();
}
