// Prints the generated-content and paged-media test pages (packages/pdf/test/html/paged/<name>.html) with
// headless Chromium and writes the pictures packages/pdf/test/html/paged.test.ts compares our pages with
// (test/golden/html-chromium/<name>-p<N>.png). Never run by the tests (no browser in CI); run by hand after
// changing a page, then look at the pictures:
//   node scripts/chromium-html-reference.mjs [path/to/chromium]
// Fonts: the designer fonts directory is handed to Chromium through fontconfig, so "Inter" is the same Inter
// our renderer uses. Chromium's PDF is rasterised by the same pdf.js code as our pages in the test (scale 1).
// Nothing is fetched: every request is aborted. Only pages whose features Chromium prints are listed: it has
// no string-set, running elements, target-counter() or leader() (report-toc has our own golden only).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter, FONTS_DIR } from "./chromium-print.mjs";

export const CHROMIUM_CASES = ["contract-clauses", "book-spreads"];

const { rasterise } = await import(join(root, "packages/pdf/dist/test/support/pdfjs.js"));
const cases = join(root, "packages/pdf/test/html/paged");
const out = join(root, "packages/pdf/test/golden/html-chromium");
mkdirSync(out, { recursive: true });
const chromium = await chromiumPrinter({ fontsDir: FONTS_DIR });
try {
  console.log(`${chromium.version}, fonts from ${FONTS_DIR}`);
  for (const name of CHROMIUM_CASES) {
    const pdf = await chromium.print(readFileSync(join(cases, `${name}.html`), "utf8"));
    writeFileSync(join(chromium.work, `${name}.pdf`), pdf);
    const pngs = await rasterise(pdf, { scale: 1 });
    pngs.forEach((png, i) => writeFileSync(join(out, `${name}-p${i + 1}.png`), png));
    console.log(`${name}: ${pngs.length} page(s) → ${out} (PDF kept in ${chromium.work})`);
  }
} finally {
  await chromium.close();
}
