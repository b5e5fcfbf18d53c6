// `npm pack` in apps/server gives the self-contained service package (issue #28). npm packs the folder it runs
// in with the package.json it finds there when it walks the files (libnpmpack re-reads the folder after
// `prepack`), so:
//   prepack   stages pack/ (stage-server.mjs) and swaps apps/server's package.json and README.md for the
//             package's, keeping the workspace's originals in .pack-backup/;
//   postpack  puts the originals back byte for byte, removes pack/ and renames npm's tarball, which npm names
//             from the manifest it read before prepack (docsvc-server-<v>.tgz), to docsvc-<v>.tgz;
//   restore   only the putting back (`pnpm restore:server-pack` at the root).
// npm runs no postpack when packing fails, so every prepack starts by restoring a backup left behind, and prepack
// restores on its own failure. While a backup exists, pnpm would see the wrong manifest: `restore` fixes that.
//
//   node scripts/pack/server-npm-pack.mjs prepack|postpack|restore     (npm runs the first two in apps/server)
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { packageReadme, STAGE, stageServer } from "./stage-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const serverDir = join(root, "apps/server");
const backup = join(serverDir, ".pack-backup");
const SWAPPED = ["package.json", "README.md"];

/** Puts the workspace's package.json and README.md back if a pack left them swapped; true if it did. */
export function restore() {
  if (!existsSync(backup)) return false;
  for (const file of SWAPPED) if (existsSync(join(backup, file))) copyFileSync(join(backup, file), join(serverDir, file));
  rmSync(join(serverDir, STAGE), { recursive: true, force: true });
  rmSync(backup, { recursive: true, force: true });
  return true;
}

function prepack() {
  if (restore()) console.error("docsvc pack: restored apps/server's package.json left swapped by an earlier failed pack");
  const { version, scripts } = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8"));
  try {
    // The swapped manifest keeps these two scripts: npm takes the scripts to run from the manifest it reads
    // first, so a pack started while a dead pack's swap is still in place must still run them to restore.
    const manifest = { ...stageServer(root), scripts: { prepack: scripts.prepack, postpack: scripts.postpack } };
    mkdirSync(backup);
    for (const file of SWAPPED) copyFileSync(join(serverDir, file), join(backup, file));
    writeFileSync(join(serverDir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
    writeFileSync(join(serverDir, "README.md"), packageReadme(version));
  } catch (error) {
    restore();
    rmSync(join(serverDir, STAGE), { recursive: true, force: true });
    throw error;
  }
}

function postpack() {
  const { version } = JSON.parse(readFileSync(join(backup, "package.json"), "utf8"));
  restore();
  // npm's pack destination: --pack-destination (exported to scripts as npm_config_pack_destination when set),
  // else the folder npm was started in.
  const destination = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.npm_config_pack_destination ?? ".");
  const npmName = join(destination, `docsvc-server-${version}.tgz`);
  if (existsSync(npmName)) {
    renameSync(npmName, join(destination, `docsvc-${version}.tgz`));
    console.error(`docsvc pack: wrote ${join(destination, `docsvc-${version}.tgz`)} (npm names it docsvc-server-${version}.tgz above)`);
  }
}

const command = process.argv[2];
if (command === "prepack") prepack();
else if (command === "postpack") postpack();
else if (command === "restore") console.error(restore() ? "restored apps/server's package.json and README.md" : "nothing to restore");
else throw new Error(`usage: server-npm-pack.mjs prepack|postpack|restore (got ${command})`);
