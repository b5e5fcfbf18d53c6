// The engine's code as classic scripts run with a V8 code cache (scripts/code-cache.mjs), for packages whose
// bundle config has `script` (see the top of bundle.mjs). Writes, in the package's dist/bundle:
//   scripts/<package>.js   the package's own modules (every entry, the first evaluated at load, the others on first
//                          use), its `inline` npm packages and `script.inline` (pdfkit and what it imports)
//   scripts/<unit>.js      each of `script.units` (fontkit, linebreak…) with its dependencies: a package that two
//                          of our packages load, evaluated once per thread whichever package loads it first
//   load-scripts.js        the ES module that runs them, once, and hands the scripts require/import functions
//   code-cache.js          the cache (a copy of scripts/code-cache.mjs)
//   <entry>.js             each entry as a thin ES module exporting the same names as the package's entry
// A script is one function expression: (function (__docsvc) { …esbuild's cjs output…; return module.exports; }).
// Inside it `require(x)` asks the loader (units, the other @docsvc packages as the loader imported them, else
// Node's require from dist/bundle), `import(x)` is the loader's import() (a classic script run by vm has no
// import() of its own), lazyModule() asks the loader too (entries of this package come from the script, units
// from theirs), and `import.meta.url` is the script's URL, rewritten per source file to the file's own place:
// dist/bundle/<path> for the package's modules (as in the ES module bundles), and the file in node_modules for
// npm packages, which read data and require lazily relative to themselves (pdfkit's ICC profile and standard
// fonts, fontkit's brotli).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const toPosix = (p) => p.split(sep).join("/");
const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

// lazy-module.ts resolves a specifier as an import from its own file; in a script the loader does it (its
// import.meta.resolve is that of dist/bundle, where the ES module bundle resolved it too).
const LAZY_REQUIRE = "requireHere(fileURLToPath(import.meta.resolve(specifier)))";

/** What stays a require(): builtins, our other packages, units, dynamic imports, npm packages our code does not inline. */
const scriptExternals = ({ srcDir, inline, units }) => ({
  name: "docsvc-script-externals",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      const ours = args.importer === "<stdin>" || args.importer.startsWith(srcDir + sep);
      const external =
        args.kind === "dynamic-import" || isBuiltin(args.path) || name.startsWith("@docsvc/") || units.has(name) || (ours && !inline.has(name));
      return external ? { path: args.path, external: true } : undefined;
    });
  },
});

/** Rewrites import.meta in every source file of a script (see the top of this file). */
const scriptMeta = ({ srcDir, scriptDir, rootMark }) => ({
  name: "docsvc-script-meta",
  setup(b) {
    b.onLoad({ filter: /\.(c|m)?js$/ }, async (args) => {
      let text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta")) return undefined;
      if (args.path.startsWith(srcDir + sep)) {
        if (text.includes(LAZY_REQUIRE)) text = text.replace(LAZY_REQUIRE, "__docsvc.lazy(specifier)");
        const mirrored = JSON.stringify(`${rootMark}/${toPosix(relative(srcDir, args.path))}`);
        text = text.replace(/\bimport\.meta\.url\b/g, `new URL(${mirrored}, import.meta.url).href`);
      } else {
        const own = JSON.stringify(toPosix(relative(scriptDir, args.path)));
        text = text.replace(/\bimport\.meta\.url\b/g, `new URL(${own}, import.meta.url).href`);
      }
      // import.meta.resolve, import.meta.dirname…: nothing a script can give; fail here rather than at run time.
      const other = /\bimport\.meta(?!\.url\b)/.exec(text);
      if (other) throw new Error(`${args.path}: ${text.slice(other.index, other.index + 40)} has no equivalent in a classic script`);
      return { contents: text, loader: "js" };
    });
  },
});

async function compileScript({ name, stdin, entryPoints, plugins = [], absWorkingDir, srcDir, inline, units, outDir, rootMark }) {
  const scriptDir = join(outDir, "scripts");
  const result = await build({
    absWorkingDir,
    ...(stdin ? { stdin } : { entryPoints }),
    outfile: join(scriptDir, `${name}.js`),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20.19",
    write: false,
    logLevel: "warning",
    define: { "import.meta.url": "__docsvc.url" },
    charset: "ascii",
    plugins: [...plugins, scriptExternals({ srcDir, inline, units }), scriptMeta({ srcDir, scriptDir, rootMark })],
  });
  let text = result.outputFiles[0].text.replaceAll(rootMark, toPosix(relative(scriptDir, outDir)));
  // import("x") of a package kept external: the loader's import(), from dist/bundle.
  text = text.replace(/\bimport\((?=\s*["'`])/g, "__docsvc.import(");
  const left = /(?<![\w$.])import\s*\(/.exec(text);
  if (left) throw new Error(`${name}: a dynamic import left in the script: ${text.slice(left.index - 60, left.index + 60)}`);
  // A default import of an npm package kept external: esbuild's interop for an importer in a "type": "module"
  // package makes it the whole module (CommonJS semantics), which is the namespace for an ES module package.
  for (const [, binding, specifier] of text.matchAll(/(?<![\w$])(import_[\w$]+) = __toESM\(require\("([^"]+)"\), 1\);/g)) {
    if (!isBuiltin(specifier) && text.includes(`${binding}.default`)) {
      throw new Error(`${name}: default import of ${specifier}, which a script cannot take from an external package: import it by name, inline it, or load it with lazyModule()`);
    }
  }
  const free = /(?<![\w$.])__(dirname|filename)\b/.exec(text);
  if (free) throw new Error(`${name}: the script uses ${free[0]}: ${text.slice(free.index - 60, free.index + 60)}`);
  // esbuild escapes non-ASCII characters in strings and names but leaves them in comments and regular
  // expressions, where \u escapes mean the same: an ASCII script is read as latin1 (no UTF-8 decoding) and is a
  // one-byte string in V8.
  if (/\\[^\x00-\x7f]/.test(text)) throw new Error(`${name}: an escaped non-ASCII character, which a \\u escape would change`);
  text = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  // Strict, as ES module code is: every module in the scripts is one, except small CommonJS helpers of fontkit
  // and linebreak (tiny-inflate, unicode-trie, clone, dfa, base64-js, fast-deep-equal), strict or class code already
  // but for tiny-inflate, which runs the same strict.
  const wrapped = `(function (__docsvc) {\n"use strict";\nvar module = { exports: {} }, exports = module.exports, require = __docsvc.require;\n${text}\nreturn module.exports;\n})\n`;
  await mkdir(scriptDir, { recursive: true });
  await writeFile(join(scriptDir, `${name}.js`), wrapped);
  return { bytes: wrapped.length, id: `${name}.js#${createHash("sha256").update(wrapped).digest("hex").slice(0, 32)}` };
}

/** The names each entry exports, from the ES module build's metafile. */
function entryExports(metafile, srcDir, entries) {
  const byInput = new Map(Object.values(metafile.outputs).filter((o) => o.entryPoint).map((o) => [o.entryPoint, o.exports]));
  return entries.map((e) => {
    const names = byInput.get(toPosix(relative(root, join(srcDir, e))));
    if (!names) throw new Error(`no exports found for ${e}`);
    return names;
  });
}

export async function classicScripts({ dir, entries, inline, script, srcDir, outDir, metafile, rootMark }) {
  const packageDir = join(root, dir);
  const units = new Set(script.units ?? []);
  const name = dir.split("/").pop();
  // The package: the first entry evaluated with the script, the others (lazily loaded today) on first use.
  const contents = [
    `import * as entry0 from "./${entries[0]}";`,
    `export const entries = {`,
    ...entries.map((e, i) => `  ${JSON.stringify(e)}: ${i === 0 ? "() => entry0" : `() => require(${JSON.stringify(`./${e}`)})`},`),
    `};`,
  ].join("\n");
  const sizes = {};
  sizes[name] = await compileScript({
    name,
    stdin: { contents, resolveDir: srcDir, sourcefile: "script-entries.js", loader: "js" },
    absWorkingDir: root,
    srcDir,
    inline: new Set([...inline, ...(script.inline ?? [])]),
    units,
    outDir,
    rootMark,
  });
  // A unit resolves as an import from the package, or (fontkit for pdf) from a package the script inlines.
  const resolveDirs = [packageDir, ...(script.inline ?? []).map((p) => realpathSync(join(packageDir, "node_modules", p)))];
  for (const unit of units) {
    const entry = {
      name: "docsvc-unit-entry",
      setup(b) {
        b.onResolve({ filter: /^docsvc-unit:/ }, async (args) => {
          for (const resolveDir of resolveDirs) {
            const found = await b.resolve(unit, { kind: "import-statement", resolveDir });
            if (found.errors.length === 0) return { path: found.path };
          }
          return { errors: [{ text: `${unit} does not resolve from ${dir}` }] };
        });
      },
    };
    sizes[unit] = await compileScript({ name: unit, entryPoints: [`docsvc-unit:${unit}`], plugins: [entry], absWorkingDir: root, srcDir, inline: new Set(), units: new Set([...units].filter((u) => u !== unit)), outDir, rootMark });
  }
  await copyFile(join(root, "scripts", "code-cache.mjs"), join(outDir, "code-cache.js"));
  // Our other packages the package imports: the loader imports them (as the ES module bundle did) for require().
  const docsvc = [...new Set(Object.values(metafile.outputs).flatMap((o) => o.imports).filter((i) => i.external && i.path.startsWith("@docsvc/")).map((i) => i.path))];
  const loader = [
    `// Generated by scripts/bundle-scripts.mjs: runs this package's classic scripts with a code cache.`,
    `import { createRequire, isBuiltin } from "node:module";`,
    `import { fileURLToPath } from "node:url";`,
    `import { runScript } from "./code-cache.js";`,
    ...docsvc.map((p, i) => `import * as package${i} from ${JSON.stringify(p)};`),
    `const requireHere = createRequire(import.meta.url);`,
    `const packages = { ${docsvc.map((p, i) => `${JSON.stringify(p)}: package${i}`).join(", ")} };`,
    `const units = new Set(${JSON.stringify([...units])});`,
    `const entryUrls = new Map(${JSON.stringify(entries)}.map((e) => [new URL("./" + e, import.meta.url).href, e]));`,
    `const scriptUrl = (name) => new URL("./scripts/" + name + ".js", import.meta.url).href;`,
    `// Each script's name and the hash of its text, which runScript() keeps what it evaluated by.`,
    `const ids = ${JSON.stringify(Object.fromEntries(Object.entries(sizes).map(([n, s]) => [n, s.id])))};`,
    `const unit = (name) => runScript(scriptUrl(name), context(scriptUrl(name)), ids[name]);`,
    `// An npm package resolves as an import from dist/bundle would resolve it (its ES module build, if it has one).`,
    `const requireImport = (specifier) => (isBuiltin(specifier) ? requireHere(specifier) : requireHere(fileURLToPath(import.meta.resolve(specifier))));`,
    `const context = (url) => ({`,
    `  url,`,
    `  require: (specifier) => (units.has(specifier) ? unit(specifier) : Object.hasOwn(packages, specifier) ? packages[specifier] : requireImport(specifier)),`,
    `  lazy: (specifier) => {`,
    `    if (units.has(specifier)) return unit(specifier);`,
    `    const entry = entryUrls.get(specifier);`,
    `    if (entry !== undefined) return entries[entry]();`,
    `    return requireImport(specifier);`,
    `  },`,
    `  import: (specifier) => import(specifier),`,
    `});`,
    `const { entries } = runScript(scriptUrl(${JSON.stringify(name)}), context(scriptUrl(${JSON.stringify(name)})), ids[${JSON.stringify(name)}]);`,
    `/** The module namespace of one of the package's entries (see bundle-config.mjs). */`,
    `export const entry = (name) => entries[name]();`,
    ``,
  ].join("\n");
  await writeFile(join(outDir, "load-scripts.js"), loader);
  const exported = entryExports(metafile, srcDir, entries);
  for (const [i, e] of entries.entries()) {
    const up = toPosix(relative(dirname(join(outDir, e)), outDir)) || ".";
    const names = exported[i].filter((n) => n !== "default");
    const lines = [
      `// Generated by scripts/bundle-scripts.mjs: the code is in scripts/${name}.js.`,
      `import { entry } from "${up}/load-scripts.js";`,
      `const module = entry(${JSON.stringify(e)});`,
      ...(names.length ? [`export const { ${names.join(", ")} } = module;`] : []),
      ...(exported[i].includes("default") ? [`export default module.default;`] : []),
      ``,
    ];
    await mkdir(dirname(join(outDir, e)), { recursive: true });
    await writeFile(join(outDir, e), lines.join("\n"));
  }
  return Object.fromEntries(Object.entries(sizes).map(([n, s]) => [n, s.bytes]));
}
