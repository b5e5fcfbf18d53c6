// Frame-level golden tests: every folder in cases/ holds an input (template.json + data.json, or
// fixture.json naming files in fixtures/) and expected.json, the stable frame JSON of its layout.
// UPDATE_GOLDEN=1 rewrites the expected files instead of comparing.
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { frameToJson, stringifyFrame } from "../../src/frame/json.js";
import type { Theme } from "../../src/model/types.js";
import { fixture, layout, PACKAGE_ROOT } from "./support.js";

const CASES = join(PACKAGE_ROOT, "test", "golden", "cases");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8")) as unknown;
}

function inputOf(dir: string): { template: unknown; data: unknown; theme?: Theme } {
  const options = existsSync(join(dir, "options.json")) ? (readJson(join(dir, "options.json")) as { theme?: Theme }) : {};
  if (existsSync(join(dir, "fixture.json"))) {
    const names = readJson(join(dir, "fixture.json")) as { template: string; data: string };
    return { template: fixture(names.template), data: fixture(names.data), ...options };
  }
  return { template: readJson(join(dir, "template.json")), data: readJson(join(dir, "data.json")), ...options };
}

for (const name of readdirSync(CASES).sort()) {
  const dir = join(CASES, name);
  test(`golden: ${name}`, () => {
    const input = inputOf(dir);
    const result = layout(input.template, input.data, input.theme ? { theme: input.theme } : {});
    const actual = stringifyFrame(frameToJson(result));
    const expectedPath = join(dir, "expected.json");
    if (UPDATE || !existsSync(expectedPath)) {
      writeFileSync(expectedPath, actual);
      if (!UPDATE) assert.fail(`${name}: expected.json was missing and has been written; review and commit it`);
      return;
    }
    assert.equal(actual, readFileSync(expectedPath, "utf8"), `${name}: the frame differs from expected.json (UPDATE_GOLDEN=1 rewrites it)`);
  });
}
