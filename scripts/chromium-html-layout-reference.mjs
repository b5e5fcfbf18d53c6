// Prints the grid, multi-column and flex test pages (packages/pdf/test/html/cases/<name>.html) with headless
// Chromium and writes each page as the PNG the layout comparison test reads
// (packages/pdf/test/golden/html-chromium/<name>-p<n>.png). Never run by the tests (no browser in CI); run by
// hand after changing a page:
//   node scripts/chromium-html-layout-reference.mjs [path/to/chromium]
// Fonts: the pages name "Inter", and the repository's fonts directory is handed to Chromium through
// fontconfig, so both print with the same TTF. Pages are rasterised at 72 dpi with pdftoppm (the test's
// pdf.js raster at scale 1 has the same pixel grid). Nothing is fetched: every request is aborted.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter, FONTS_DIR } from "./chromium-print.mjs";

export const CASES = ["grid-ticket", "multicol-newsletter", "multicol-pages", "flex-wrap-order", "table-attributes", "table-collapse", "text-details", "form-controls"];

const cases = join(root, "packages/pdf/test/html/cases");
const out = join(root, "packages/pdf/test/golden/html-chromium");
mkdirSync(out, { recursive: true });
const chromium = await chromiumPrinter({ fontsDir: FONTS_DIR });
const work = chromium.work;
try {
  console.log(`${chromium.version}, fonts from ${FONTS_DIR}`);
  for (const name of CASES) {
    const pdf = join(work, `${name}.pdf`);
    writeFileSync(pdf, await chromium.print(readFileSync(join(cases, `${name}.html`), "utf8")));
    execFileSync("pdftoppm", ["-png", "-r", "72", pdf, join(work, name)]);
    const pages = readdirSync(work).filter((f) => f.startsWith(`${name}-`) && f.endsWith(".png")).sort();
    // pdftoppm numbers pages name-1.png (or name-01.png): renamed to the goldens' name-p1.png.
    for (const f of pages) renameSync(join(work, f), join(out, `${name}-p${Number(/-(\d+)\.png$/.exec(f)?.[1])}.png`));
    console.log(`${name}: ${pages.length} page(s)`);
  }
} finally {
  await chromium.close();
}
