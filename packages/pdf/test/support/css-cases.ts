// The print pages of test/html/css-cases (issue #26: web fonts, CSS images, the modern cascade), with their
// placeholders filled: `__FONT:<dir>/<file>__` becomes a data: URL of a repo font, `__IMAGE:<file>__` one of
// an image beside the page. scripts/chromium-css-reference.mjs fills them the same way before Chromium
// prints the page, so both renderers read the same bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot, repoRoot } from "./paths.js";

export const CSS_CASES_DIR = join(packageRoot, "test", "html", "css-cases");

/** The HTML of a case with its fonts and images inlined. */
export function cssCase(name: string): string {
  const html = readFileSync(join(CSS_CASES_DIR, `${name}.html`), "utf8");
  return html
    .replace(/__FONT:([\w./-]+)__/g, (_m, file: string) => `data:font/ttf;base64,${readFileSync(join(repoRoot, "fonts", file)).toString("base64")}`)
    .replace(/__IMAGE:([\w.-]+)__/g, (_m, file: string) => `data:image/png;base64,${readFileSync(join(CSS_CASES_DIR, file)).toString("base64")}`);
}
