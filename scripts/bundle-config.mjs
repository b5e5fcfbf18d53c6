// What scripts/bundle.mjs bundles. Entries are paths under the package's dist/src: the package's public entry,
// plus every module loaded by path at run time (lazyModule(new URL(...)), requireFromServer("./..."), worker and
// thread files), because those are looked up under dist/bundle at the same relative path.

// inline: pure-ESM npm packages compiled into the bundle (tree-shaken) instead of loaded from node_modules, where
// they cost many module loads: valibot (one 200 KB file, of which little is used), and for the server kysely
// (~260 files), hono (~30) and @msgpack/msgpack (~16). Each is used by one package only, or (valibot) through
// plain schema objects, so a copy per bundle holds no state that another copy would need to share.

// script: run the package as classic scripts with a V8 code cache (scripts/bundle-scripts.mjs): `inline`, npm
// packages compiled into the package's script as well (pdfkit and what it imports, but units); `units`, npm
// packages the package loads (statically or with lazyModule) that get a script of their own, each evaluated once
// per thread whichever package loads it first (fontkit: layout parses fonts with it, pdfkit imports it).

export const BUNDLES = [
  {
    dir: "packages/layout",
    // html/*: the HTML front end, required on the first HTML template (html/entry.ts).
    entries: ["index.js", "html/index.js", "html/data-paths.js", "html/import/import-html.js"],
    inline: ["valibot"],
    script: { units: ["fontkit", "linebreak", "bidi-js"] },
  },
  { dir: "packages/pdf", entries: ["index.js"], inline: ["valibot"], script: { inline: ["pdfkit"], units: ["fontkit"] } },
  {
    dir: "apps/server",
    entries: [
      "index.js",
      "cli.js",
      "render/worker.js", // render/renderer.ts: the render pool's threads
      "auth/password-worker.js", // auth/password.ts: piscina threads
      "base-pdf/inspect-worker.js", // services/base-pdf.ts via uploads/isolated.ts
      "uploads/sheet-worker.js", // uploads/spreadsheet.ts via uploads/isolated.ts
      "jobs/bull-queue.js", // jobs/open-queue.ts: requireFromServer("./jobs/bull-queue.js")
    ],
    inline: ["valibot", "kysely", "hono", "@msgpack/msgpack"],
    bin: ["cli.js"],
  },
];
