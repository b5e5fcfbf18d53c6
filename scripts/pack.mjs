// Packs docsvc for installing without the repository (issue #28): the libraries for embedders and snapshot
// testers (@docsvc/fonts, @docsvc/layout, @docsvc/pdf, @docsvc/testing, with `pnpm pack`, which turns their
// `workspace:*` dependencies into versions) and the service as one self-contained package, `docsvc-<version>.tgz`,
// that `npm install -g` puts on the PATH as `docsvc`. The service package is what `npm pack` in apps/server makes
// (its prepack/postpack: scripts/pack/server-npm-pack.mjs, the staging: scripts/pack/stage-server.mjs), so the
// two ways of packing give the same tarball.
//
//   node scripts/pack.mjs [--out <dir>]   (default dist/packs; run `pnpm build` first)
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { packLibrary, readJson, requireBuilt, run } from "./pack/libraries.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { out: { type: "string" } } });
const out = resolve(values.out ?? join(root, "dist", "packs"));
const LIBRARIES = ["fonts", "layout", "pdf", "testing"];

requireBuilt(root, ["apps/server/dist/bundle/cli.js", "apps/web/dist/app/index.html", "packages/pdf/dist/bundle/index.js", "packages/testing/dist/src/index.js"]);
mkdirSync(out, { recursive: true });
const tarballs = LIBRARIES.map((name) => packLibrary(root, name, out));

const { version } = readJson(join(root, "apps/server/package.json"));
const serverTarball = join(out, `docsvc-${version}.tgz`);
rmSync(serverTarball, { force: true });
run("npm", ["pack", "--pack-destination", out, "--silent"], join(root, "apps/server"));
if (!existsSync(serverTarball)) throw new Error(`npm pack in apps/server did not write ${serverTarball}`);
for (const file of [serverTarball, ...tarballs]) console.log(file);
