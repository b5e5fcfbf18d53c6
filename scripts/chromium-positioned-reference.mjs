// Prints the pages of packages/pdf/test/html/positioned/*.html (floats, positioned boxes, stacking, clipping,
// transforms) with headless Chromium and writes the PNG references the test positioned-chromium.test.ts
// compares docsvc's pages with (test/golden/html-positioned/chromium/<name>-p<n>.png). Never run by the tests;
// run by hand after changing a page:
//   pnpm build && node scripts/chromium-positioned-reference.mjs [path/to/chromium]
// Same fonts in both: the pages name the repo's bundled families (Lato, Noto Serif), which docsvc has
// built in; for Chromium this script adds @font-face rules with the very same TTF files as data: URLs (the
// pages themselves stay free of them). Chromium's PDF is rasterised with the tests' own pdf.js rasteriser at
// scale 1, so both sides go through the same rasteriser. Nothing is fetched.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./bench-lib.mjs";
import { chromiumPrinter } from "./chromium-print.mjs";

const { rasterise } = await import(pathToFileURL(join(root, "packages/pdf/dist/test/support/pdfjs.js")).href);
const dir = join(root, "packages/pdf/test/html/positioned");
const out = join(root, "packages/pdf/test/golden/html-positioned/chromium");
mkdirSync(out, { recursive: true });

const faces = [
  ["Lato", "Lato/Lato-Regular.ttf", 400, "normal"], ["Lato", "Lato/Lato-Bold.ttf", 700, "normal"],
  ["Noto Serif", "NotoSerif/NotoSerif-Regular.ttf", 400, "normal"], ["Noto Serif", "NotoSerif/NotoSerif-Bold.ttf", 700, "normal"],
];
const fontCss = faces.map(([family, file, weight, style]) =>
  `@font-face{font-family:"${family}";font-weight:${weight};font-style:${style};src:url(data:font/ttf;base64,${readFileSync(join(root, "fonts", file)).toString("base64")}) format("truetype")}`).join("\n");

const chromium = await chromiumPrinter();
try {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".html")).sort()) {
    const name = file.replace(/\.html$/, "");
    const html = readFileSync(join(dir, file), "utf8").replace("<head>", `<head><style>${fontCss}</style>`);
    const pngs = await rasterise(await chromium.print(html), { scale: 1 });
    pngs.forEach((png, i) => writeFileSync(join(out, `${name}-p${i + 1}.png`), png));
    console.log(`${name}: ${pngs.length} page(s)`);
  }
  console.log(`${chromium.version}: wrote ${out}`);
} finally {
  await chromium.close();
}
