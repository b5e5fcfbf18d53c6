// Where layout's tests find the repository: its root (found by walking up from this file to the folder that
// holds fonts/fonts.json, so it works from test/ under tsx and from dist/test) and the designer fonts.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  // pnpm-workspace.yaml too: packages/ holds a fonts/ (the @docsvc/fonts package) with a fonts.json of its own.
  while (!existsSync(join(dir, "fonts", "fonts.json")) || !existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("fonts/fonts.json not found above the test file");
    dir = up;
  }
  return dir;
})();

/** The designer fonts folder (DOCSVC_FONTS_DIR overrides it, as for the product's loader). */
export const FONTS_DIR = process.env.DOCSVC_FONTS_DIR ?? join(REPO_ROOT, "fonts");
