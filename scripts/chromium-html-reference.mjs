// Prints the generated-content and paged-media test pages (packages/pdf/test/html/paged/<name>.html) with
// headless Chromium and writes the pictures packages/pdf/test/html/paged.test.ts compares our pages with
// (test/golden/html-chromium/<name>-p<N>.png). Never run by the tests (no browser in CI); run by hand after
// changing a page, then look at the pictures:
//   node scripts/chromium-html-reference.mjs [path/to/chromium]
// Fonts: the designer fonts directory is handed to Chromium through fontconfig, so "Inter" is the same Inter
// our renderer uses. Chromium's PDF is rasterised by the same pdf.js code as our pages in the test (scale 1).
// Nothing is fetched: every request is aborted. Only pages whose features Chromium prints are listed: it has
// no string-set, running elements, target-counter() or leader() (report-toc has our own golden only).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";

export const CHROMIUM_CASES = ["contract-clauses", "book-spreads"];

const { chromium } = createRequire(join(root, "apps/web/package.json"))("playwright-core");
const { rasterise } = await import(join(root, "packages/pdf/dist/test/support/pdfjs.js"));
const cases = join(root, "packages/pdf/test/html/paged");
const out = join(root, "packages/pdf/test/golden/html-chromium");
mkdirSync(out, { recursive: true });

const fontsDir = process.env.DOCSVC_FONTS_DIR ?? join(root, "fonts");
const work = mkdtempSync(join(tmpdir(), "chromium-html-"));
const fontsConf = join(work, "fonts.conf");
writeFileSync(fontsConf, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fontsDir}</dir><include ignore_missing="yes">/etc/fonts/fonts.conf</include><cachedir>${work}/cache</cachedir></fontconfig>`);

const browser = await chromium.launch({
  executablePath: process.argv[2] ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  env: { ...process.env, FONTCONFIG_FILE: fontsConf },
});
try {
  const page = await browser.newPage();
  await page.route("**/*", (route) => route.abort());
  console.log(`${await browser.version()}, fonts from ${fontsDir}`);
  for (const name of CHROMIUM_CASES) {
    await page.setContent(readFileSync(join(cases, `${name}.html`), "utf8"), { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(join(work, `${name}.pdf`), pdf);
    const pngs = await rasterise(new Uint8Array(pdf), { scale: 1 });
    pngs.forEach((png, i) => writeFileSync(join(out, `${name}-p${i + 1}.png`), png));
    console.log(`${name}: ${pngs.length} page(s) → ${out} (PDF kept in ${work})`);
  }
} finally {
  await browser.close();
}
