// `pnpm pack` of one workspace library (packages/<name>), which turns its `workspace:*` dependencies into
// versions: used for the embedders' tarballs (scripts/pack.mjs) and, unpacked, for the engine that the service
// package carries (stage-server.mjs).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

export const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
export const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

/** `pnpm pack` of `<root>/packages/<name>` into `out`; the tarball's path. */
export function packLibrary(root, name, out) {
  const dir = join(root, "packages", name);
  const { name: pkgName, version } = readJson(join(dir, "package.json"));
  const file = join(out, `${pkgName.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
  rmSync(file, { force: true });
  run("pnpm", ["pack", "--pack-destination", out], dir);
  if (!existsSync(file)) throw new Error(`pnpm pack did not write ${file}`);
  return file;
}

/** Stops early, with the command to run, when the build outputs a package needs are missing. */
export function requireBuilt(root, paths) {
  for (const need of paths) {
    if (!existsSync(join(root, need))) throw new Error(`${need} is missing: run \`pnpm build\` first`);
  }
}
