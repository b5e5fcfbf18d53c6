// `pnpm build` step after `tsc -b`: compiles each package's tsc output (dist/src/*.js) into a few ES modules in
// dist/bundle/ with esbuild, so that `docsvc serve` loads ~55 files instead of ~630 (cold start, issue #14). tsc
// stays the source of types and of the compiled tests; the package `exports` "import" condition points at the
// bundle ("docsvc-unbundled" at dist/src).
//
// Only the package's own modules (and the pure-ESM dependencies its config lists in `inline`) go into its
// bundle: other npm packages stay external, and so do the other @docsvc packages, so that each package's modules
// exist once per process (module-level caches, instanceof) however it is reached.
//
// import.meta.url: code finds lazily-loaded modules, worker files and resources relative to its own file. Every
// `import.meta.url` of a dist/src file is rewritten to the URL of the same relative path under dist/bundle/
// (dist/src/html/entry.js -> dist/bundle/html/entry.js), whichever output file the code lands in (a marker
// replaced after the build by the way up from that file to dist/bundle). The bundle dir
// mirrors dist/src: entry points keep their path ("[dir]/[name]"), so `new URL("./index.js", import.meta.url)`
// or `requireFromServer("./jobs/bull-queue.js")` reaches the bundled entry; every such module is an entry point,
// and `splitting` puts the code entries share into chunks/, once. dist/bundle sits at the same depth as dist/src,
// so paths that leave the tree (../../fonts, node_modules via createRequire) resolve as before. A module reached
// this way that is not an entry fails loudly (file not found), instead of silently loading a second, unbundled
// copy from dist/src, which rewriting to the dist/src URL would do. (Code that tests its own path for dist/src,
// fonts/load.ts and ai/prompts.ts, accepts dist/bundle as well.)
//
// Code cache (config `script`, layout and pdf): Node 20 has no compile cache for ES modules, and the engine is
// ~1.4 MB of JavaScript with pdfkit and fontkit. For these packages the ES module build above only lists each
// entry's exports; scripts/bundle-scripts.mjs compiles the same modules as classic scripts (esbuild cjs, one per
// package plus one per `script.units` npm package, which two packages share and which is evaluated once per
// thread) that scripts/code-cache.mjs runs through vm.Script with a V8 code cache, written after the first render.
// Each entry stays a file at its path (a thin ES module exporting the same names), import.meta.url keeps the
// mirrored URL (and an npm package's is its own file in node_modules), and import()/lazyModule() go through the
// generated dist/bundle/load-scripts.js. The server stays ES modules: its own code costs ~10 ms of `docsvc render`.
//
//   node scripts/bundle.mjs             bundle all packages
//   node scripts/bundle.mjs --if-stale  only those whose dist/src changed since their last bundle (the test runner)
import { build } from "esbuild";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLES } from "./bundle-config.mjs";
import { classicScripts } from "./bundle-scripts.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROOT_MARK = "__DOCSVC_BUNDLE_ROOT__";
const STAMP = ".bundled";

const toPosix = (p) => p.split(sep).join("/");
const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** npm packages not in `inline`, node builtins and the other @docsvc packages stay imports. */
const externals = (inline) => ({
  name: "docsvc-externals",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (inline.has(packageName(args.path)) ? undefined : { path: args.path, external: true }));
  },
});

/** Rewrites `import.meta.url` in the package's own files (see the top of this file). */
const metaUrl = (srcDir) => ({
  name: "docsvc-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      if (!args.path.startsWith(srcDir + sep)) return undefined;
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return { contents: text, loader: "js" };
      const mirrored = JSON.stringify(`${ROOT_MARK}/${toPosix(relative(srcDir, args.path))}`);
      return { contents: text.replace(/\bimport\.meta\.url\b/g, `new URL(${mirrored}, import.meta.url).href`), loader: "js" };
    });
  },
});

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// Stale: dist/src, or this script or its config, changed after the last bundle; or, for a package whose scripts
// compile npm packages in (pdfkit, fontkit…), an install or a patch did (pnpm rewrites node_modules/.modules.yaml).
function isStale(srcDir, outDir, script) {
  let bundled;
  try { bundled = statSync(join(outDir, STAMP)).mtimeMs; } catch { return true; }
  const scripts = ["bundle.mjs", "bundle-config.mjs", "bundle-scripts.mjs", "code-cache.mjs"].map((f) => statSync(join(root, "scripts", f)).mtimeMs);
  const installed = script ? [join(root, "node_modules", ".modules.yaml"), join(root, "pnpm-lock.yaml")].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)) : [];
  const patches = script && existsSync(join(root, "patches")) ? [newestMtime(join(root, "patches"))] : [];
  return Math.max(newestMtime(srcDir), ...scripts, ...installed, ...patches) > bundled;
}

async function bundle({ dir, entries, inline = [], bin = [], script }) {
  const srcDir = join(root, dir, "dist", "src");
  const outDir = join(root, dir, "dist", "bundle");
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries.map((e) => join(srcDir, e)),
    outdir: outDir,
    outbase: srcDir,
    entryNames: "[dir]/[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    write: false,
    metafile: true,
    logLevel: "warning",
    plugins: [externals(new Set(inline)), metaUrl(srcDir)],
  });
  await rm(outDir, { recursive: true, force: true });
  for (const file of script ? [] : result.outputFiles) {
    // The mirrored root as seen from this output file ("." for an entry at the top, ".." from chunks/).
    const up = toPosix(relative(dirname(file.path), outDir)) || ".";
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.text.replaceAll(ROOT_MARK, up));
  }
  const sizes = script && await classicScripts({ dir, entries, inline, script, srcDir, outDir, metafile: result.metafile, rootMark: ROOT_MARK });
  for (const b of bin) await chmod(join(outDir, b), 0o755);
  await writeFile(join(outDir, STAMP), "");
  if (sizes) return { dir, files: Object.keys(sizes).length, bytes: Object.values(sizes).reduce((n, b) => n + b, 0), scripts: true };
  return { dir, files: result.outputFiles.length, bytes: result.outputFiles.reduce((n, f) => n + f.contents.length, 0) };
}

const ifStale = process.argv.includes("--if-stale");
for (const config of BUNDLES) {
  const srcDir = join(root, config.dir, "dist", "src");
  if (ifStale && (!existsSync(srcDir) || !isStale(srcDir, join(root, config.dir, "dist", "bundle"), config.script))) continue;
  const { files, bytes, scripts } = await bundle(config);
  console.log(`bundle: ${config.dir}/dist/bundle  ${files} ${scripts ? "classic scripts" : "files"}, ${(bytes / 1024).toFixed(0)} KB`);
}
