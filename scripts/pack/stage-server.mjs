// The service as one self-contained npm package (issue #28), staged for `npm pack` in apps/server
// (server-npm-pack.mjs swaps the manifest written here in for the workspace's own).
//
// Everything the service needs at run time is copied into one folder, `pack/`, that mirrors the repository's
// layout, because the server bundle finds its neighbours by relative path: apps/server/dist/bundle (the esbuild
// bundle, migrations compiled in), apps/server/src/ai/prompts (read at run time), apps/web/dist/app (the web app),
// docs/ (served at /docs). The engine (@docsvc/layout, @docsvc/pdf, @docsvc/fonts, unpacked from their `pnpm pack`
// tarballs) goes to pack/node_modules/@docsvc: Node resolves the bundle's `import "@docsvc/pdf"` and the engine's
// `@docsvc/fonts` lookup by walking up from pack/apps/server/dist/bundle, and the npm packages they import from
// there by walking further up, to the installed package's own node_modules. They are plain files of the package
// rather than `bundleDependencies` because apps/server/node_modules is pnpm's (workspace symlinks), which npm would
// pack instead. Every npm package they import stays a real dependency, installed by npm for the machine (sharp's
// and @napi-rs/canvas's prebuilt binaries, pdfjs-dist); better-sqlite3 is optional: Node >= 22.16 uses node:sqlite
// and never loads it, and on Node 20 npm builds it (a failed build leaves Node 20 without SQLite, said at start).
// Packages compiled into a bundle (valibot, kysely, hono, @msgpack/msgpack; pdfkit, fontkit, linebreak, bidi-js in
// the engine's scripts) have their licences copied into pack/THIRD-PARTY-LICENSES.md.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BUNDLES } from "../bundle-config.mjs";
import { packLibrary, readJson, requireBuilt, run } from "./libraries.mjs";

/** The folder, inside the package, that holds the mirrored layout. */
export const STAGE = "pack";
const ENGINE = ["fonts", "layout", "pdf"];

/**
 * Writes `<root>/apps/server/pack/` and returns the self-contained package.json (an object) that goes with it,
 * with `files: ["pack"]` and the bin inside it. The caller puts that manifest in place.
 */
export function stageServer(root) {
  requireBuilt(root, ["apps/server/dist/bundle/cli.js", "apps/web/dist/app/index.html", "packages/pdf/dist/bundle/index.js"]);
  const server = readJson(join(root, "apps/server/package.json"));
  const stage = join(root, "apps/server", STAGE);
  rmSync(stage, { recursive: true, force: true });
  const copy = (from) => cpSync(join(root, from), join(stage, from), { recursive: true });
  copy("apps/server/dist/bundle");
  copy("apps/server/src/ai/prompts");
  copy("apps/web/dist/app");
  copy("docs"); // served at /docs

  const packs = mkdtempSync(join(tmpdir(), "docsvc-engine-"));
  try {
    for (const name of ENGINE) {
      const into = join(stage, "node_modules", "@docsvc", name);
      mkdirSync(into, { recursive: true });
      run("tar", ["-xzf", packLibrary(root, name, packs), "-C", into, "--strip-components=1"], root);
      // The engine's own npm dependencies become docsvc's (below), found one level up: keeping them here would
      // only mislead a reader into thinking npm installs them for this folder.
      const manifest = readJson(join(into, "package.json"));
      delete manifest.dependencies;
      delete manifest.devDependencies;
      writeFileSync(join(into, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
    }
  } finally {
    rmSync(packs, { recursive: true, force: true });
  }
  writeFileSync(join(stage, "THIRD-PARTY-LICENSES.md"), thirdPartyLicences(root));

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
  return {
    name: "docsvc",
    version: server.version,
    description: "docsvc: a self-hostable PDF rendering service (HTTP API, web app with a band designer, batch rendering) and its command line.",
    type: "module",
    license: `SEE LICENSE IN ${STAGE}/THIRD-PARTY-LICENSES.md`,
    engines: { node: ">=20.19" },
    bin: { docsvc: `${STAGE}/apps/server/dist/bundle/cli.js` },
    files: [STAGE],
    dependencies: sorted(dependencies),
    optionalDependencies,
  };
}

/** The README of the packed package (npm always packs the root README). */
export function packageReadme(version) {
  return `# docsvc ${version}

A self-hostable PDF rendering service: templates (band reports or HTML) plus JSON data become PDFs over an
HTTP/JSON API, with a web app (band designer, live collaboration), batch rendering and a command line.

    npm install -g docsvc-${version}.tgz      # Node.js 20.19 or newer
    DATA_DIR=/var/lib/docsvc docsvc serve     # http://127.0.0.1:8080 (PORT, HOST, PUBLIC_URL, ...)
    docsvc render template.json data.json -o out.pdf
    docsvc worker                             # batch jobs only (shared DATABASE_URL)
    docsvc admin                              # operator commands

The designer fonts (@docsvc/fonts, SIL OFL 1.1 / Apache 2.0) and the engine (@docsvc/layout, @docsvc/pdf) are
included. Configuration and operations: the project's docs/ (served by the app at /docs).
`;
}

function thirdPartyLicences(root) {
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
  return `# Third-party licences\n\nnpm packages compiled into docsvc's bundles (the others are installed as dependencies, each with its own\nlicence). The designer fonts' licences are in node_modules/@docsvc/fonts beside this file (licenses/ and each family's folder).\n\n${sections.join("\n")}`;
}
