// PLANS_FILE: a validated replacement of plan entitlements, and the migration that admits the `unlimited` plan.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Migrator, sql } from "kysely";
import { ConfigError, loadConfig } from "../../src/config.js";
import { openDatabase } from "../../src/db/database.js";
import { migrateToLatest, MIGRATIONS } from "../../src/db/migrate.js";
import { DEFAULT_PLANS, parsePlanTable } from "../../src/services/plans.js";
import { RateLimiter } from "../../src/services/rate-limit.js";
import { startTestApp } from "../helpers/harness.js";

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsvc-plans-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Loads the configuration with a plans file holding `text`. */
async function configWith(text: string): Promise<unknown> {
  const file = join(dir, "plans-text.json");
  await writeFile(file, text);
  return loadConfig({ DATA_DIR: join(dir, "data"), PLANS_FILE: file });
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

  test("DEFAULT_PLAN names the plan of new workspaces", async () => {
    const t = await startTestApp({ config: { defaultPlan: "pro" } });
    try {
      const user = await t.signup();
      assert.equal((await t.call("GET", "/api/workspaces", { token: user.token })).body[0].plan, "pro");
    } finally {
      await t.close();
    }
  });

  test("the migration admitting it keeps every row that references a workspace, and the indexes", async () => {
    const db = openDatabase(join(dir, "upgrade.db"));
    try {
      // An install from before the migration, with a workspace, its member and an index added on the side.
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "2026-11-23T12-00"));
      const old = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
      assert.equal(old.error, undefined);
      const at = "2026-01-01T00:00:00.000Z";
      await db.insertInto("users").values({ id: "u1", email: "a@example.test", password_hash: "x", email_verified_at: null, last_workspace_id: "w1", created_at: at, updated_at: at }).execute();
      await db.insertInto("workspaces").values({ id: "w1", name: "Kept", plan: "pro", created_at: at }).execute();
      await db.insertInto("memberships").values({ workspace_id: "w1", user_id: "u1", role: "Owner", joined_at: at }).execute();
      await sql`create index workspaces_by_name on workspaces (name)`.execute(db);
      await assert.rejects(sql`update workspaces set plan = 'unlimited'`.execute(db), /CHECK constraint/);

      await migrateToLatest(db);
      assert.deepEqual(await db.selectFrom("memberships").select(["workspace_id", "user_id", "role"]).execute(), [{ workspace_id: "w1", user_id: "u1", role: "Owner" }]);
      assert.deepEqual(await db.selectFrom("workspaces").select(["id", "name", "plan"]).execute(), [{ id: "w1", name: "Kept", plan: "pro" }]);
      assert.equal((await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'index' and name = 'workspaces_by_name'`.execute(db)).rows[0]?.n, 1);
      assert.equal((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]?.foreign_keys, 1);
      await db.updateTable("workspaces").set({ plan: "unlimited" }).where("id", "=", "w1").execute();
      await assert.rejects(sql`update workspaces set plan = 'gold'`.execute(db), /CHECK constraint/);
      // Deleting the workspace still cascades (the references point at the rebuilt table).
      await db.deleteFrom("workspaces").where("id", "=", "w1").execute();
      assert.equal((await db.selectFrom("memberships").selectAll().execute()).length, 0);
    } finally {
      await db.destroy();
    }
  });
});
