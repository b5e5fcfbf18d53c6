// Prints the pages of packages/pdf/test/html/css-cases with headless Chromium and writes the pictures the
// test compares docsvc with (packages/pdf/test/golden/html-css/<case>-chromium-p<N>.png). Never run by the
// tests (no browser in CI); run by hand after building, when a case changes:
//   node scripts/chromium-css-reference.mjs [path/to/chromium]
// Chromium prints to PDF (page size and margins from @page, backgrounds on) and that PDF is rasterised by
// poppler's pdftoppm at 72 dpi, as docsvc's own PDF is in the test: only the renderers differ (pdf.js in Node
// cannot draw the shadings Chromium writes for gradients). Fonts
// come from @font-face data: URLs (the same bytes for both); nothing is fetched — every request is aborted.
import { readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter } from "./chromium-print.mjs";

const { cssCase, CSS_CASES_DIR } = await import(join(root, "packages/pdf/dist/test/support/css-cases.js"));
const { popplerPngs } = await import(join(root, "packages/pdf/dist/test/support/poppler.js"));
const out = join(root, "packages/pdf/test/golden/html-css");
mkdirSync(out, { recursive: true });

const chromium = await chromiumPrinter();
try {
  for (const file of readdirSync(CSS_CASES_DIR).filter((f) => f.endsWith(".html"))) {
    const name = file.replace(/\.html$/, "");
    const pngs = popplerPngs(await chromium.print(cssCase(name)));
    pngs.forEach((png, i) => writeFileSync(join(out, `${name}-chromium-p${i + 1}.png`), png));
    console.log(`${name}: ${pngs.length} page(s)`);
  }
  console.log(`${chromium.version}: wrote ${out}`);
} finally {
  await chromium.close();
}
