// Packs docsvc for installing without the repository (issue #28): the libraries for embedders and snapshot
// testers (@docsvc/fonts, @docsvc/layout, @docsvc/pdf, @docsvc/testing, with `pnpm pack`, which turns their
// `workspace:*` dependencies into versions) and the service as one self-contained package, `docsvc-<version>.tgz`,
// that `npm install -g` puts on the PATH as `docsvc`.
//
// The service package is assembled in a staging folder that mirrors the repository's layout, because the server
// bundle finds its neighbours by relative path: apps/server/dist/bundle (the esbuild bundle, migrations compiled
// in), apps/server/src/ai/prompts (read at run time), apps/web/dist/app (the web app), docs/ (served at /docs). The engine packages travel
// inside it as bundled dependencies (node_modules/@docsvc/{layout,pdf,fonts}, unpacked from their tarballs), so
// the bundle's `import "@docsvc/pdf"` and the engine's `@docsvc/fonts` lookup resolve as in the repository. Every
// npm package they import stays a real dependency, installed by npm for the machine (sharp's and
// @napi-rs/canvas's prebuilt binaries, pdfjs-dist); better-sqlite3 is optional: Node >= 22.16 uses node:sqlite
// and never loads it, and on Node 20 npm builds it (a failed build leaves Node 20 without SQLite, said at start).
// Packages compiled into a bundle (valibot, kysely, hono, @msgpack/msgpack; pdfkit, fontkit, linebreak, bidi-js
// in the engine's scripts) have their licences copied into THIRD-PARTY-LICENSES.md.
//
//   node scripts/pack.mjs [--out <dir>]   (default dist/packs; run `pnpm build` first)
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { BUNDLES } from "./bundle-config.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { out: { type: "string" } } });
const out = resolve(values.out ?? join(root, "dist", "packs"));
const LIBRARIES = ["fonts", "layout", "pdf", "testing"];
const ENGINE = ["fonts", "layout", "pdf"];

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

for (const need of ["apps/server/dist/bundle/cli.js", "apps/web/dist/app/index.html", "packages/pdf/dist/bundle/index.js", "packages/testing/dist/src/index.js"]) {
  if (!existsSync(join(root, need))) throw new Error(`${need} is missing: run \`pnpm build\` first`);
}
mkdirSync(out, { recursive: true });

/** `pnpm pack` of packages/<name> into `out`; the tarball's path. */
function packLibrary(name) {
  const dir = join(root, "packages", name);
  const { name: pkgName, version } = readJson(join(dir, "package.json"));
  const file = join(out, `${pkgName.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
  rmSync(file, { force: true });
  run("pnpm", ["pack", "--pack-destination", out], dir);
  if (!existsSync(file)) throw new Error(`pnpm pack did not write ${file}`);
  return file;
}

const tarballs = Object.fromEntries(LIBRARIES.map((name) => [name, packLibrary(name)]));

// The service package.
const server = readJson(join(root, "apps/server/package.json"));
const stage = join(out, ".stage", "docsvc");
rmSync(join(out, ".stage"), { recursive: true, force: true });
const copy = (from, to = from) => cpSync(join(root, from), join(stage, to), { recursive: true });
copy("apps/server/dist/bundle");
copy("apps/server/src/ai/prompts");
copy("apps/web/dist/app");
copy("docs"); // served at /docs
for (const name of ENGINE) {
  const into = join(stage, "node_modules", "@docsvc", name);
  mkdirSync(into, { recursive: true });
  run("tar", ["-xzf", tarballs[name], "-C", into, "--strip-components=1"], root);
  // npm counts a bundled package's dependencies as part of the bundle too (and leaves them out of the install):
  // they move to docsvc's own dependencies below, which Node finds from node_modules/@docsvc/* one level up.
  const manifest = readJson(join(into, "package.json"));
  delete manifest.dependencies;
  delete manifest.devDependencies;
  writeFileSync(join(into, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
}

// Dependencies: the server's and the engine's npm packages (the server's range wins where both name one).
const dependencies = {};
for (const name of ["pdf", "layout"]) {
  for (const [dep, range] of Object.entries(readJson(join(root, "packages", name, "package.json")).dependencies ?? {})) {
    if (!dep.startsWith("@docsvc/")) dependencies[dep] = range;
  }
}
for (const [dep, range] of Object.entries(server.dependencies)) if (!dep.startsWith("@docsvc/")) dependencies[dep] = range;
const optionalDependencies = { "better-sqlite3": dependencies["better-sqlite3"] };
delete dependencies["better-sqlite3"];
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const engineVersions = Object.fromEntries(ENGINE.map((name) => [`@docsvc/${name}`, readJson(join(stage, "node_modules/@docsvc", name, "package.json")).version]));

writeFileSync(
  join(stage, "package.json"),
  JSON.stringify(
    {
      name: "docsvc",
      version: server.version,
      description: "docsvc: a self-hostable PDF rendering service (HTTP API, web app with a band designer, batch rendering) and its command line.",
      type: "module",
      license: "SEE LICENSE IN THIRD-PARTY-LICENSES.md",
      engines: { node: ">=20.19" },
      bin: { docsvc: "apps/server/dist/bundle/cli.js" },
      files: ["apps", "docs", "README.md", "THIRD-PARTY-LICENSES.md"],
      dependencies: sorted({ ...dependencies, ...engineVersions }),
      optionalDependencies,
      bundleDependencies: Object.keys(engineVersions),
    },
    null,
    2,
  ) + "\n",
);
writeFileSync(join(stage, "README.md"), packageReadme(server.version));
writeFileSync(join(stage, "THIRD-PARTY-LICENSES.md"), thirdPartyLicences());

const serverTarball = join(out, `docsvc-${server.version}.tgz`);
rmSync(serverTarball, { force: true });
run("npm", ["pack", "--pack-destination", out, "--silent"], stage);
if (!existsSync(serverTarball)) throw new Error(`npm pack did not write ${serverTarball}`);
rmSync(join(out, ".stage"), { recursive: true, force: true });
for (const file of [serverTarball, ...Object.values(tarballs)]) console.log(file);

function packageReadme(version) {
  return `# docsvc ${version}

A self-hostable PDF rendering service: templates (band reports or HTML) plus JSON data become PDFs over an
HTTP/JSON API, with a web app (band designer, live collaboration), batch rendering and a command line.

    npm install -g docsvc-${version}.tgz      # Node.js 20.19 or newer
    DATA_DIR=/var/lib/docsvc docsvc serve     # http://127.0.0.1:8080 (PORT, HOST, PUBLIC_URL, ...)
    docsvc render template.json data.json -o out.pdf
    docsvc worker                             # batch jobs only (shared DATABASE_URL)
    docsvc admin                              # operator commands

The designer fonts (@docsvc/fonts, SIL OFL 1.1 / Apache 2.0) and the engine (@docsvc/layout, @docsvc/pdf) are
bundled. Configuration and operations: the project's docs/ (served by the app at /docs).
`;
}

function thirdPartyLicences() {
  const require = createRequire(join(root, "packages/pdf/package.json"));
  const requireLayout = createRequire(join(root, "packages/layout/package.json"));
  const requireServer = createRequire(join(root, "apps/server/package.json"));
  const names = new Set();
  for (const bundle of BUNDLES) for (const name of [...(bundle.inline ?? []), ...(bundle.script?.inline ?? []), ...(bundle.script?.units ?? [])]) names.add(name);
  const sections = [...names].sort().map((name) => {
    const dir = [requireServer, requireLayout, require]
      .map((req) => {
        try {
          // Walk up from the entry: not every package exports ./package.json.
          let dir = resolve(req.resolve(name), "..");
          while (!existsSync(join(dir, "package.json")) || readJson(join(dir, "package.json")).name !== name) {
            const up = resolve(dir, "..");
            if (up === dir) return undefined;
            dir = up;
          }
          return dir;
        } catch {
          return undefined;
        }
      })
      .find((d) => d !== undefined);
    if (dir === undefined) throw new Error(`Cannot find ${name} to copy its licence`);
    const { version, license } = readJson(join(dir, "package.json"));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file === undefined ? `(${license}; no licence file in the package)` : readFileSync(join(dir, file), "utf8").trim();
    return `## ${name} ${version} (${license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return `# Third-party licences\n\nnpm packages compiled into docsvc's bundles (the others are installed as dependencies, each with its own\nlicence). The designer fonts' licences are in node_modules/@docsvc/fonts (licenses/ and each family's folder).\n\n${sections.join("\n")}`;
}
