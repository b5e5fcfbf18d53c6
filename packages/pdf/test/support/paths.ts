// Locations the tests share, found from this file whether it runs from test/ (tsx) or dist/test (compiled).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findUp(predicate: (dir: string) => boolean): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (predicate(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("test/support: directory not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** packages/pdf. */
export const packageRoot = findUp((dir) => {
  const manifest = join(dir, "package.json");
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "@docsvc/pdf";
});

/** The repository root (where the designer fonts live in `fonts/`). */
export const repoRoot = findUp((dir) => existsSync(join(dir, "pnpm-workspace.yaml")));

/** Committed golden PNGs. */
export const goldenDir = join(packageRoot, "test", "golden");

/** Actual and diff images of failed golden comparisons (gitignored). */
export const outputDir = join(packageRoot, "test-output");
