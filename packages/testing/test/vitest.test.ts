// The helper is usable from Vitest as well as node:test: Vitest runs test/vitest/receipt.vitest.mjs (a match
// against the committed snapshot, and a mismatch rejected with a diff picture) and both of its tests pass.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("../../", import.meta.url)); // dist/test -> packages/testing
// vitest.mjs is not in the package exports: found next to its package.json, which is.
const vitest = join(dirname(createRequire(new URL("../../package.json", import.meta.url)).resolve("vitest/package.json")), "vitest.mjs");

test("Vitest runs the snapshot tests and both pass", () => {
  const env = { ...process.env };
  delete env.DOCSVC_UPDATE_SNAPSHOTS;
  delete env.FORCE_COLOR;
  env.NO_COLOR = "1";
  const run = spawnSync(process.execPath, [vitest, "run", "--config", "vitest.config.mjs"], { cwd: packageDir, env, encoding: "utf8", timeout: 120_000 });
  const output = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.status, 0, output);
  assert.match(output, /Tests\s+2 passed/, output);
});
