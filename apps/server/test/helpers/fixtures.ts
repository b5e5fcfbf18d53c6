// The shared fixtures at the repository root, found from this file whether it runs as .ts or compiled .js.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("repository root not found");
    dir = parent;
  }
  return dir;
}

/** The repository root. */
export const REPO_ROOT = repoRoot();

/** A fixture file's text. */
export function fixtureText(name: string): Promise<string> {
  return readFile(join(REPO_ROOT, "fixtures", name), "utf8");
}

/** A small valid template document (one text band with a brand slot). */
export const SMALL_TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    {
      id: "rh",
      kind: "report-header",
      height: 40,
      elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 20, text: "Hello {{name}}", color: "@primary" }],
    },
  ],
  schema: [{ key: "name", type: "string" }],
});
