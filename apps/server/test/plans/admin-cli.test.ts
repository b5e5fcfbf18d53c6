// `docsvc admin …` (plans from the command line) and a bad PLANS_FILE stopping `docsvc serve`.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { uniqueEmail } from "../helpers/harness.js";
import { loadConfig } from "../../src/config.js";
import { startServer } from "../../src/main.js";

let dataDir: string;
let workspaceId: string;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "docsvc-admin-"));
  // A workspace made the ordinary way, by a server on the same DATA_DIR (stopped before the CLI runs).
  const server = await startServer(await loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" }));
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: uniqueEmail("admin-cli"), password: "correct horse battery" }),
  });
  workspaceId = ((await res.json()) as { workspace: { id: string } }).workspace.id;
  await server.close();
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("docsvc admin", () => {
  test("plan shows and sets a workspace's plan; workspaces lists them", async () => {
    const env = { DATA_DIR: dataDir };
    const shown = await runCli(["admin", "plan", workspaceId], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, new RegExp(`^${workspaceId}  unlimited `));
    const set = await runCli(["admin", "plan", workspaceId, "pro"], env);
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stdout, new RegExp(`^${workspaceId}  pro `));
    const listed = await runCli(["admin", "workspaces"], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(listed.stdout.trim().split("\n").map((l) => l.split(/\s+/).slice(0, 2)), [[workspaceId, "pro"]]);
    const wrongPlan = await runCli(["admin", "plan", workspaceId, "gold"], env);
    assert.equal(wrongPlan.code, 2);
    assert.match(wrongPlan.stderr, /plan must be one of free, pro, enterprise, unlimited; got 'gold'/);
    const missing = await runCli(["admin", "plan", "01900000-0000-7000-8000-000000000000", "free"], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no workspace with id/);
  });

  test("plans lists every plan's entitlements with PLANS_FILE applied and marks the default", async () => {
    const file = join(dataDir, "plans.json");
    await writeFile(file, JSON.stringify({ free: { renderRatePerSecond: 1, renderBurst: 5, aiGenerationsPerMonth: 3 } }));
    const r = await runCli(["admin", "plans"], { DATA_DIR: dataDir, PLANS_FILE: file, DEFAULT_PLAN: "free" });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.deepEqual(lines.map((l) => l.split(" ")[0]), ["free", "pro", "enterprise", "unlimited"]);
    assert.match(lines[0] ?? "", /renders: 1\/s, burst 5; AI generations: 3\/month \(default for new workspaces\)/);
    assert.match(lines[3] ?? "", /renders: no rate limit; AI generations: unlimited$/);
  });
});

describe("docsvc serve with a bad PLANS_FILE", () => {
  test("stops before listening, naming the file and the field", async () => {
    const file = join(dataDir, "bad.json");
    await writeFile(file, JSON.stringify({ enterprise: { renderRatePerSecond: 0, renderBurst: 10, aiGenerationsPerMonth: null } }));
    const r = await runCli(["serve"], { DATA_DIR: dataDir, PORT: "0", PLANS_FILE: file });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `configuration: PLANS_FILE ${file} field 'enterprise.renderRatePerSecond': must be greater than 0.\n`);
    assert.doesNotMatch(r.stdout, /listening/);
  });
});
