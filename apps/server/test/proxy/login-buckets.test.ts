// The login buckets in the database (SQLite, and PostgreSQL when one answers): a take is atomic under concurrency,
// two instances on one database draw on one bucket, and the counts survive a restart (a new connection).
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { connectDatabase } from "../../src/db/connect.js";
import type { Db } from "../../src/db/database.js";
import { DbLoginBuckets } from "../../src/db/login-buckets.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createLogger } from "../../src/log.js";
import { LOGIN_DEFAULTS, LoginThrottle } from "../../src/services/login-throttle.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";

const silent = createLogger("silent");
const RULE = { capacity: 10, refillMs: 60_000 };
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Opens a database the way an instance does; `where` is a SQLite DATA_DIR or a PostgreSQL URL. */
async function open(where: { dataDir: string; databaseUrl?: string }): Promise<Db> {
  const db = connectDatabase({ dataDir: where.dataDir, databaseUrl: where.databaseUrl }, silent);
  await migrateToLatest(db);
  return db;
}

async function sqliteWhere(): Promise<{ dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-buckets-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

let pg: TestPostgres | undefined;
async function postgresWhere(): Promise<{ dataDir: string; databaseUrl: string }> {
  if (pg === undefined) {
    const created = await createTestPostgres();
    cleanups.push(() => created.drop());
    pg = created;
  }
  return { ...(await sqliteWhere()), databaseUrl: pg.url };
}

const pgSkip = await postgresUnavailable();
for (const [dialect, where, skip] of [["SQLite", sqliteWhere, undefined], ["PostgreSQL", postgresWhere, pgSkip]] as const) {
  describe(`login buckets on ${dialect}`, { skip }, () => {
    test("50 concurrent takes from a bucket of 10 grant exactly 10; the rest wait about one refill", async () => {
      const db = await open(await where());
      cleanups.push(() => db.destroy());
      const buckets = new DbLoginBuckets(db);
      const answers = await Promise.all(Array.from({ length: 50 }, () => buckets.take("g", "m", RULE)));
      assert.equal(answers.filter((a) => a === undefined).length, 10);
      assert.ok(answers.every((a) => a === undefined || (a > 50 && a <= 60)), JSON.stringify([...new Set(answers)]));
    });

    test("two instances on one database share the buckets, and a restart keeps them", async () => {
      const place = await where();
      const [a, b] = [await open(place), await open(place)];
      const settings = { ...LOGIN_DEFAULTS, pairFailures: { capacity: 4, refillMs: 5 * 60_000 } };
      const [ta, tb] = [new LoginThrottle(new DbLoginBuckets(a), settings), new LoginThrottle(new DbLoginBuckets(b), settings)];
      for (const throttle of [ta, tb, ta, tb]) {
        const attempt = await throttle.begin("198.51.100.4", "shared@example.test");
        assert.equal(attempt.refused, undefined);
        if (attempt.refused === undefined) await attempt.failed();
      }
      assert.equal((await ta.begin("198.51.100.4", "shared@example.test")).refused, "pair");
      assert.equal((await tb.begin("198.51.100.4", "shared@example.test")).refused, "pair");
      await a.destroy();
      await b.destroy();
      // A restart: a fresh connection and throttle on the same database.
      const again = await open(place);
      cleanups.push(() => again.destroy());
      const restarted = new LoginThrottle(new DbLoginBuckets(again), settings);
      const refused = await restarted.begin("198.51.100.4", "shared@example.test");
      assert.equal(refused.refused, "pair", "the failures outlive the process that counted them");
      assert.equal((await restarted.begin("198.51.100.5", "shared@example.test")).refused, undefined, "only that address and email");
      // No email or address in the table: keys are hashes.
      const keys = await again.selectFrom("login_buckets").select("key").execute();
      assert.ok(keys.length > 0 && keys.every((k) => !k.key.includes("shared") && !k.key.includes("198.51")), JSON.stringify(keys));
    });
  });
}
