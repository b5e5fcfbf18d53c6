// PLANS_FILE: a validated replacement of plan entitlements, and the migration that admits the `unlimited` plan.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { ConfigError, loadConfig } from "../../src/config.js";
import { up as admitUnlimited } from "../../src/db/migrations/2026-11-23T12-00-unlimited-plan.js";
import { DEFAULT_PLANS, parsePlanTable } from "../../src/services/plans.js";
import { RateLimiter } from "../../src/services/rate-limit.js";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { startTestApp, type TestApp } from "../helpers/harness.js";

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-plans-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configWith(plans: string): Promise<Promise<unknown>> {
  const file = join(dir, `plans-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, plans);
  return loadConfig({ DATA_DIR: join(dir, "data"), PLANS_FILE: file }).then(() => file);
}

describe("PLANS_FILE", () => {
  test("replaces the entitlements of the plans it names and keeps the others", () => {
    const parsed = parsePlanTable({ pro: { renderRatePerSecond: 40, renderBurst: 400, aiGenerationsPerMonth: 1000 }, unlimited: { renderRatePerSecond: null, aiGenerationsPerMonth: 50 } });
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.plans.pro, { renderRatePerSecond: 40, renderBurst: 400, aiGenerationsPerMonth: 1000 });
    assert.deepEqual(parsed.plans.unlimited, { renderRatePerSecond: null, renderBurst: 1, aiGenerationsPerMonth: 50 });
    assert.deepEqual(parsed.plans.free, DEFAULT_PLANS.free);
  });

  for (const [name, input, field, message] of [
    ["a wrong type", { pro: { renderRatePerSecond: "fast", renderBurst: 10, aiGenerationsPerMonth: null } }, "pro.renderRatePerSecond", /must be a number or null/],
    ["a missing field", { free: { renderRatePerSecond: 1, renderBurst: 10 } }, "free.aiGenerationsPerMonth", /is required/],
    ["an unknown field", { free: { renderRatePerSecond: 1, renderBurst: 10, aiGenerationsPerMonth: 1, burst: 3 } }, "free.burst", /not a known field/],
    ["a rate without a burst", { pro: { renderRatePerSecond: 5, aiGenerationsPerMonth: null } }, "pro.renderBurst", /required when renderRatePerSecond/],
    ["an unknown plan", { platinum: { renderRatePerSecond: null, aiGenerationsPerMonth: null } }, "", /'platinum'/],
    ["not an object", [1, 2], "", /JSON object/],
  ] as const) {
    test(`rejects ${name}, naming the field`, () => {
      const parsed = parsePlanTable(input);
      assert.ok(!parsed.ok);
      assert.equal(parsed.problem.field, field);
      assert.match(parsed.problem.message, message);
    });
  }

  test("a bad file stops loading the configuration with a message naming the file and the field", async () => {
    const file = join(dir, "bad-plans.json");
    await writeFile(file, JSON.stringify({ pro: { renderRatePerSecond: 10, renderBurst: -1, aiGenerationsPerMonth: null } }));
    await assert.rejects(loadConfig({ DATA_DIR: join(dir, "data"), PLANS_FILE: file }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.ok(err.message.includes(file), err.message);
      assert.match(err.message, /field 'pro\.renderBurst': must be at least 1/);
      return true;
    });
    await assert.rejects(configWith("{ not json"), (err: unknown) => err instanceof ConfigError && /is not valid JSON/.test(err.message));
    await assert.rejects(loadConfig({ DATA_DIR: join(dir, "data"), PLANS_FILE: join(dir, "absent.json") }), /PLANS_FILE .*absent\.json cannot be read: ENOENT/);
    await assert.rejects(loadConfig({ DATA_DIR: join(dir, "data"), DEFAULT_PLAN: "gold" }), /DEFAULT_PLAN must be one of free, pro, enterprise, unlimited; got 'gold'/);
  });

  test("a good file is the table the server uses", async () => {
    const file = join(dir, "good-plans.json");
    await writeFile(file, JSON.stringify({ free: { renderRatePerSecond: 1, renderBurst: 2, aiGenerationsPerMonth: 0 } }));
    const config = await loadConfig({ DATA_DIR: join(dir, "data"), PLANS_FILE: file, DEFAULT_PLAN: "free" });
    assert.equal(config.defaultPlan, "free");
    assert.deepEqual(config.plans.free, { renderRatePerSecond: 1, renderBurst: 2, aiGenerationsPerMonth: 0 });
  });
});

describe("unlimited plan", () => {
  test("the rate limiter never refuses a plan without a render rate", () => {
    const limiter = new RateLimiter(() => 0);
    for (let i = 0; i < 10_000; i++) assert.deepEqual(limiter.take("w", DEFAULT_PLANS.unlimited), { ok: true });
  });

  let t: TestApp;
  before(async () => {
    t = await startTestApp({ config: { defaultPlan: "pro" } });
  });
  after(async () => {
    await t.close();
  });

  test("rebuilding workspaces for the new plan keeps every row that references a workspace", async () => {
    const user = await t.signup();
    assert.equal((await t.call("GET", "/api/workspaces", { token: user.token })).body[0].plan, "pro", "DEFAULT_PLAN names the plan of new workspaces");
    const created = await t.call("POST", "/api/templates", { token: user.token, body: { name: "Kept", content: SMALL_TEMPLATE } });
    assert.equal(created.status, 200);
    const count = async (table: "memberships" | "templates" | "workspaces"): Promise<number> =>
      Number((await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = { memberships: await count("memberships"), templates: await count("templates"), workspaces: await count("workspaces") };
    // Running the rebuild again on a populated database is what an upgrade does to an existing install.
    await admitUnlimited(t.deps.db as never);
    assert.deepEqual({ memberships: await count("memberships"), templates: await count("templates"), workspaces: await count("workspaces") }, before);
    assert.equal((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(t.deps.db)).rows[0]?.foreign_keys, 1);
    await t.deps.db.updateTable("workspaces").set({ plan: "unlimited" }).where("id", "=", user.workspaceId).execute();
    await assert.rejects(sql`UPDATE workspaces SET plan = 'gold' WHERE id = ${user.workspaceId}`.execute(t.deps.db), /CHECK constraint/);
    assert.equal((await t.call("GET", "/api/templates/" + (created.body.id as string), { token: user.token })).status, 200);
  });
});
