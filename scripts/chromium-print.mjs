// Debian's Chromium as the reference printer of the HTML tests' by-hand scripts (scripts/chromium-*.mjs):
// launched headless with the flags DEVELOPERS.md names, every request aborted (nothing is fetched), optionally
// with a fonts directory handed to it through fontconfig (so "Inter" is the same TTF our renderer uses), and
// printing with the page's own @page size and backgrounds, as Puppeteer/Playwright users print.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";

const { chromium } = createRequire(join(root, "apps/web/package.json"))("playwright-core");

/** The designer fonts directory (DOCSVC_FONTS_DIR overrides it). */
export const FONTS_DIR = process.env.DOCSVC_FONTS_DIR ?? join(root, "fonts");

/**
 * Starts Chromium (`executablePath`: argv[2] of the calling script, else /usr/bin/chromium); with `fontsDir`, it
 * sees that folder's fonts. Answers `print(html)` → the PDF bytes, `page()` for other uses, `version` and `close()`.
 */
export async function chromiumPrinter({ executablePath = process.argv[2] ?? "/usr/bin/chromium", fontsDir } = {}) {
  const work = mkdtempSync(join(tmpdir(), "chromium-print-"));
  let env = process.env;
  if (fontsDir !== undefined) {
    const fontsConf = join(work, "fonts.conf");
    writeFileSync(fontsConf, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fontsDir}</dir><include ignore_missing="yes">/etc/fonts/fonts.conf</include><cachedir>${work}/cache</cachedir></fontconfig>`);
    env = { ...process.env, FONTCONFIG_FILE: fontsConf };
  }
  const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"], env });
  const page = async (options = {}) => {
    const p = await browser.newPage(options);
    await p.route("**/*", (route) => route.abort());
    return p;
  };
  return {
    work,
    version: await browser.version(),
    page,
    /** The HTML printed as Chromium prints it (fonts loaded first). */
    async print(html) {
      const p = await page();
      try {
        await p.setContent(html, { waitUntil: "load" });
        await p.evaluate(() => document.fonts.ready);
        return new Uint8Array(await p.pdf({ preferCSSPageSize: true, printBackground: true }));
      } finally {
        await p.close();
      }
    },
    close: () => browser.close(),
  };
}
