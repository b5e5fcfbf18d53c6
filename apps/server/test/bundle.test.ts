// The production bundles (scripts/bundle.mjs) find modules by path from a rewritten import.meta.url: every
// `new URL("./x.js", <rewritten import.meta.url>)` (or `new URL(cond ? "./a" : "./x.js", ...)`) and
// `requireFromServer("./x.js")` in them must name a file the bundle has (an entry point listed in
// scripts/bundle-config.mjs), or the bundled code fails where the unbundled code worked. Also: the package's
// bin and exports point at the bundle.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPO_ROOT } from "./helpers/fixtures.js";

const BUNDLES = ["packages/layout", "packages/pdf", "apps/server"].map((dir) => join(REPO_ROOT, dir, "dist", "bundle"));

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []));
}

test("every module a bundle loads by relative path is in the bundle", () => {
  const reached: string[] = [];
  for (const dir of BUNDLES) {
    for (const file of jsFiles(dir)) {
      const text = readFileSync(file, "utf8");
      // __docsvc.url: import.meta.url in the classic scripts of layout and pdf (scripts/bundle-scripts.mjs).
      for (const [, target, mirrored] of text.matchAll(/("[^"]+\.js"), new URL\(("[^"]+"), (?:import\.meta|__docsvc)\.url\)\.href\)/g)) {
        const url = new URL(JSON.parse(target!) as string, new URL(JSON.parse(mirrored!) as string, pathToFileURL(file)));
        reached.push(fileURLToPath(url));
      }
      for (const [, target] of text.matchAll(/requireFromServer\(("\.[^"]+")\)/g)) reached.push(join(dir, JSON.parse(target!) as string));
    }
  }
  // layout: the HTML front end (3); server: the render and password workers, the two isolated workers, bull-queue.
  assert.ok(reached.length >= 8, reached.join("\n"));
  for (const path of reached) {
    assert.ok(BUNDLES.some((dir) => path.startsWith(dir)), `${path} is inside a bundle`);
    assert.ok(existsSync(path), `${path} exists`);
  }
});

test("the package's bin and exports name the bundle", () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "apps/server/package.json"), "utf8")) as { bin: { docsvc: string }; exports: { ".": { import: string } } };
  // The bin is a committed wrapper (it exists before the build, so `pnpm install` can link it) that runs the bundle.
  assert.equal(manifest.bin.docsvc, "./bin/docsvc.js");
  assert.match(readFileSync(join(REPO_ROOT, "apps/server/bin/docsvc.js"), "utf8"), /new URL\("\.\.\/dist\/bundle\/cli\.js"/);
  assert.equal(manifest.exports["."].import, "./dist/bundle/index.js");
  assert.match(import.meta.resolve("@docsvc/pdf"), /\/packages\/pdf\/dist\/bundle\/index\.js$/);
  assert.match(import.meta.resolve("@docsvc/layout"), /\/packages\/layout\/dist\/bundle\/index\.js$/);
});
