// The per-instance lookup cache: entries live for the TTL, a workspace's invalidation drops exactly its entries
// (here and, through the bus, on other instances), a read racing an invalidation never stores the old row, and
// the cache is bypassed while the bus may be missing messages.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { InvalidationBus, InvalidationHandlers } from "../../src/cache/bus.js";
import { LookupCache } from "../../src/cache/lookup-cache.js";
import { CachedLookups } from "../../src/cache/lookups.js";
import { connectDatabase } from "../../src/db/connect.js";
import type { Db } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createLogger } from "../../src/log.js";

const silent = createLogger("silent");

function counting<T>(value: () => T): { load: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value();
    },
    calls: () => calls,
  };
}

describe("LookupCache", () => {
  test("serves an entry until its TTL runs out, then reads again", async () => {
    let now = 1_000;
    const cache = new LookupCache({ ttlMs: 5_000, clock: () => now });
    const source = counting(() => ({ ws: "w1", n: 1 }));
    for (let i = 0; i < 3; i++) assert.deepEqual(await cache.get("a", source.load, (v) => v.ws), { ws: "w1", n: 1 });
    assert.equal(source.calls(), 1);
    now += 4_999;
    await cache.get("a", source.load, (v) => v.ws);
    assert.equal(source.calls(), 1);
    now += 1;
    await cache.get("a", source.load, (v) => v.ws);
    assert.equal(source.calls(), 2);
  });

  test("invalidating a workspace drops its entries and only those", async () => {
    const cache = new LookupCache({ ttlMs: 60_000 });
    const one = counting(() => "w1");
    const two = counting(() => "w2");
    await cache.get("a", one.load, (v) => v);
    await cache.get("b", one.load, (v) => v);
    await cache.get("c", two.load, (v) => v);
    cache.invalidateWorkspace("w1");
    await cache.get("a", one.load, (v) => v);
    await cache.get("b", one.load, (v) => v);
    await cache.get("c", two.load, (v) => v);
    assert.deepEqual([one.calls(), two.calls()], [4, 1]);
  });

  test("a read that started before an invalidation does not store what it read", async () => {
    const cache = new LookupCache({ ttlMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let version = "old";
    const slow = cache.get("a", async () => {
      const read = version;
      await gate;
      return read;
    }, () => "w1");
    // The write commits and invalidates while the read is still in flight.
    version = "new";
    cache.invalidateWorkspace("w1");
    release();
    assert.equal(await slow, "old");
    assert.equal(await cache.get("a", async () => version, () => "w1"), "new");
  });

  test("a value whose workspace is unknown is not stored", async () => {
    const cache = new LookupCache({ ttlMs: 60_000 });
    const miss = counting(() => undefined);
    await cache.get("k", miss.load, () => undefined);
    await cache.get("k", miss.load, () => undefined);
    assert.equal(miss.calls(), 2);
    assert.equal(cache.size, 0);
  });

  test("the oldest entries go past the entry and weight budgets", async () => {
    const cache = new LookupCache({ ttlMs: 60_000, maxEntries: 3, maxWeight: 1_000 });
    for (const key of ["a", "b", "c", "d"]) await cache.get(key, async () => key, () => "w", () => 100);
    assert.equal(cache.size, 3);
    const a = counting(() => "a");
    await cache.get("a", a.load, () => "w", () => 100);
    assert.equal(a.calls(), 1, "a was evicted first");
    await cache.get("big", async () => "big", () => "w", () => 950);
    assert.equal(cache.size, 1, "a 950-weight entry leaves room for nothing else");
    await cache.get("huge", async () => "huge", () => "w", () => 2_000);
    assert.equal(cache.size, 1, "an entry heavier than the budget is not kept");
  });
});

/** A bus another instance would publish on; `live` can be turned off like a lost connection. */
class FakeBus implements InvalidationBus {
  live = true;
  handlers: InvalidationHandlers | undefined;
  published: string[] = [];
  async publish(workspaceId: string): Promise<void> {
    this.published.push(workspaceId);
  }
  listen(handlers: InvalidationHandlers): void {
    this.handlers = handlers;
  }
  async close(): Promise<void> {}
}

describe("CachedLookups on a database", () => {
  let dir: string;
  let db: Db;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsvc-cache-"));
    db = connectDatabase({ dataDir: dir }, silent);
    await migrateToLatest(db);
    const at = new Date().toISOString();
    await db.insertInto("workspaces").values({ id: "w1", name: "W", plan: "pro", created_at: at }).execute();
    await db.insertInto("users").values({ id: "u1", email: "u1@example.test", password_hash: "", email_verified_at: null, last_workspace_id: "w1", created_at: at, updated_at: at }).execute();
    await db.insertInto("api_keys").values({ id: "k1", workspace_id: "w1", name: "k", key_hash: "h1", prefix: "dsk_abc", created_by: "u1", created_at: at, last_used_at: null }).execute();
  });
  after(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  test("a change reported here or through the bus is read at once; while the bus is down nothing is cached", async () => {
    const bus = new FakeBus();
    const lookups = new CachedLookups(db, new LookupCache({ ttlMs: 60_000 }), silent, bus);
    assert.equal((await lookups.apiKey("h1"))?.plan, "pro");
    await db.updateTable("workspaces").set({ plan: "free" }).where("id", "=", "w1").execute();
    assert.equal((await lookups.apiKey("h1"))?.plan, "pro", "cached until someone reports the change");
    // Another instance changed the plan and said so on the bus.
    bus.handlers?.workspace("w1");
    assert.equal((await lookups.apiKey("h1"))?.plan, "free");

    await db.deleteFrom("api_keys").where("id", "=", "k1").execute();
    await lookups.changed("w1");
    assert.deepEqual(bus.published, ["w1"], "a change made here is published");
    assert.equal(await lookups.apiKey("h1"), undefined, "a revoked key is refused at once");

    await db.insertInto("api_keys").values({ id: "k2", workspace_id: "w1", name: "k", key_hash: "h2", prefix: "dsk_def", created_by: "u1", created_at: new Date().toISOString(), last_used_at: null }).execute();
    bus.live = false;
    assert.ok(await lookups.apiKey("h2"));
    await db.deleteFrom("api_keys").where("id", "=", "k2").execute();
    assert.equal(await lookups.apiKey("h2"), undefined, "with the bus down every lookup reads the database");
  });

  test("a missing base PDF is remembered until the workspace changes", async () => {
    const lookups = new CachedLookups(db, new LookupCache({ ttlMs: 60_000 }), silent);
    const queries: string[] = [];
    const logged = db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const counted = new CachedLookups(logged, new LookupCache({ ttlMs: 60_000 }), silent);
    assert.equal(await counted.basePdf("w1", "t1"), undefined);
    assert.equal(await counted.basePdf("w1", "t1"), undefined);
    assert.equal(queries.length, 1);
    await counted.changed("w1");
    await counted.basePdf("w1", "t1");
    assert.equal(queries.length, 2);
    await lookups.close();
  });
});
