// Runs every compiled test (packages/*/dist/test and apps/*/dist/test) with node's test runner.
// Node 20's `--test` takes no globs, so the files are listed here.
import { readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { spawnSync } from "node:child_process";

const roots = ["packages", "apps"].flatMap((top) =>
  readdirSync(top).map((name) => join(top, name, "dist", "test")),
);
const filter = process.argv[2];
const files = [];
const walk = (dir) => {
  let entries;
  try { entries = readdirSync(dir); } catch { return; }
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (entry.endsWith(".test.js") && (!filter || path.includes(filter))) files.push(path);
  }
};
roots.forEach(walk);
// Tests spawn the bundled `docsvc` and resolve @docsvc/* through the package exports (dist/bundle): rebuild the
// bundles whose dist/src changed since, so that `tsc -b` followed by this script tests what tsc just compiled.
const bundled = spawnSync(process.execPath, [join("scripts", "bundle.mjs"), "--if-stale"], { stdio: "inherit" });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);
// apps/web's component tests run under Vitest (jsdom) rather than node:test; they go first so that node's
// test summary stays the last thing printed. A filter that names no web path skips them.
let vitestStatus;
if (!filter || "apps/web/test/unit".includes(filter) || filter.startsWith("apps/web")) {
  const vitest = spawnSync(process.execPath, [join("node_modules", "vitest", "vitest.mjs"), "run"], { cwd: join("apps", "web"), stdio: "inherit" });
  vitestStatus = vitest.status ?? 1;
}
if (files.length === 0) {
  if (vitestStatus !== undefined) process.exit(vitestStatus);
  console.error("No test files found: run `pnpm build` first.");
  process.exit(1);
}
// The abuse tests load the machine on purpose and assert that the service stays responsive meanwhile: they run
// after the others, one file at a time, so that no file measures another's load.
const abuse = files.filter((f) => f.split(sep).includes("abuse")).sort();
const others = files.filter((f) => !abuse.includes(f)).sort();
let status = vitestStatus ?? 0;
for (const [group, concurrency] of [[others, 2], [abuse, 1]]) {
  if (group.length === 0) continue;
  const result = spawnSync(process.execPath, ["--test", `--test-concurrency=${concurrency}`, ...group], { stdio: "inherit" });
  status ||= result.status ?? 1;
}
process.exit(status);
