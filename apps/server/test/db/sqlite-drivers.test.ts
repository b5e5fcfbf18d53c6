// Both SQLite drivers behind openDatabase answer alike: pragmas, migrations, plain rows, Buffer blobs, numbers,
// changes and insert ids, `returning`, transactions, streaming, the Unicode lower() and SQLite's error messages.
// Each driver is tested where the runtime can run it (CI runs the suite on Node 20, better-sqlite3, and on Node 24,
// node:sqlite); the other is not registered at all, and a line says why, so a CI run has no skipped test for it.
// The runtime's choice is checked in a fresh process: on a node:sqlite runtime the better-sqlite3 addon is never loaded and nothing is printed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { sql, type Generated, type Kysely } from "kysely";
import { openDatabase, type Db } from "../../src/db/database.js";
import { isUniqueViolation } from "../../src/db/dialect.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import type { SqliteDriverName } from "../../src/db/sqlite-handle.js";
import { nodeSqliteUnavailable } from "../../src/db/sqlite-node.js";
import { runtimeSqliteDriver } from "../../src/db/sqlite-open.js";

const nodeMajor = Number(process.versions.node.split(".")[0]);

/** Why `driver` cannot run on this runtime (not a missing tool: the other CI run covers it), or undefined. */
function skipReason(driver: SqliteDriverName): string | undefined {
  if (driver === "node:sqlite") return nodeSqliteUnavailable();
  // The service never loads the addon where node:sqlite serves, and on Node 24 better-sqlite3 12 aborts the
  // process when the garbage collector finalizes a statement.
  if (nodeMajor >= 24) return `better-sqlite3 is not used on Node ${process.version} (its statements abort Node 24 processes)`;
  return undefined;
}

interface Scratch {
  t: { id: Generated<number>; name: string; score: number | null; bytes: Uint8Array | null };
  parent: { id: Generated<number> };
  child: { id: number; parent_id: number };
}

for (const driver of ["better-sqlite3", "node:sqlite"] as const) {
  const notHere = skipReason(driver);
  if (notHere !== undefined) {
    console.warn(`sqlite-drivers.test: no ${driver} cases on this runtime: ${notHere}`);
    continue;
  }

  describe(`openDatabase on ${driver}`, () => {
    let dir: string;
    let db: Db;
    let scratch: Kysely<Scratch>;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "docsvc-sqlite-driver-"));
      db = openDatabase(join(dir, "test.db"), driver);
      scratch = db as unknown as Kysely<Scratch>;
      await sql`create table t (id integer primary key, name text not null unique, score real, bytes blob)`.execute(db);
      await sql`create table parent (id integer primary key)`.execute(db);
      await sql`create table child (id integer primary key, parent_id integer not null references parent (id))`.execute(db);
    });
    after(async () => {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    });

    test("the connection is in WAL with foreign keys, a busy timeout and synchronous NORMAL", async () => {
      const one = async <T>(pragma: string): Promise<T> => Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0] as T;
      assert.equal(await one<string>("journal_mode"), "wal");
      assert.equal(await one<number>("foreign_keys"), 1);
      assert.equal(await one<number>("busy_timeout"), 5000);
      assert.equal(await one<number>("synchronous"), 1);
    });

    test("every migration applies", async () => {
      await migrateToLatest(db);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      assert.ok(tables.includes("users") && tables.includes("blobs"), `migrated tables: ${tables.join(", ")}`);
    });

    test("rows are plain objects with numbers, text, null and blobs as Buffers", async () => {
      const bytes = new Uint8Array([0, 1, 254, 255]);
      await scratch.insertInto("t").values([{ name: "a", score: 1.5, bytes }, { name: "b", score: null, bytes: null }]).execute();
      const rows = await scratch.selectFrom("t").selectAll().where("name", "in", ["a", "b"]).orderBy("name").execute();
      assert.equal(rows.length, 2);
      for (const row of rows) assert.equal(Object.getPrototypeOf(row), Object.prototype);
      assert.deepEqual(rows[1], { id: 2, name: "b", score: null, bytes: null });
      assert.ok(Buffer.isBuffer(rows[0]?.bytes), "a blob comes back as a Buffer");
      assert.deepEqual(rows[0], { id: 1, name: "a", score: 1.5, bytes: Buffer.from(bytes) });
      const count = await scratch.selectFrom("t").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      assert.equal(count.n, 2);
    });

    test("writes report changed rows and the insert id; returning answers rows", async () => {
      const inserted = await sql`insert into t (name) values (${"c"})`.execute(db);
      assert.equal(inserted.numAffectedRows, 1n);
      assert.equal(inserted.insertId, 3n);
      const updated = await scratch.updateTable("t").set({ score: 2 }).where("name", "in", ["a", "c"]).executeTakeFirst();
      assert.equal(updated.numUpdatedRows, 2n);
      const returned = await scratch.insertInto("t").values({ name: "d" }).returning(["id", "name"]).execute();
      assert.deepEqual(returned, [{ id: 4, name: "d" }]);
      const deleted = await scratch.deleteFrom("t").where("name", "=", "d").executeTakeFirst();
      assert.equal(deleted.numDeletedRows, 1n);
      const none = await scratch.deleteFrom("t").where("name", "=", "d").executeTakeFirst();
      assert.equal(none.numDeletedRows, 0n);
    });

    test("a transaction commits, and a failing one leaves nothing behind", async () => {
      await db.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<Scratch>).insertInto("t").values({ name: "committed" }).execute();
      });
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await (trx as unknown as Kysely<Scratch>).insertInto("t").values({ name: "rolled-back" }).execute();
          throw new Error("abort");
        }),
        /abort/,
      );
      const names = (await scratch.selectFrom("t").select("name").where("name", "in", ["committed", "rolled-back"]).execute()).map((r) => r.name);
      assert.deepEqual(names, ["committed"]);
    });

    test("streaming yields plain rows, and a stream left early does not block the statement", async () => {
      const query = scratch.selectFrom("t").select(["id", "name"]).orderBy("id");
      const first: unknown[] = [];
      for await (const row of query.stream()) {
        first.push(row);
        break;
      }
      assert.deepEqual(first, [{ id: 1, name: "a" }]);
      const all: { id: number; name: string }[] = [];
      for await (const row of query.stream()) all.push(row);
      assert.deepEqual(all.map((r) => r.name), ["a", "b", "c", "committed"]);
      assert.equal(Object.getPrototypeOf(all[0]), Object.prototype);
      assert.equal((await query.execute()).length, 4, "the same statement runs again after the streams");
    });

    test("lower() folds all of Unicode", async () => {
      const { rows } = await sql<{ l: string }>`select lower(${"ÄRGER im ÉTÉ"}) as l, lower(null) as n`.execute(db);
      assert.deepEqual(rows[0], { l: "ärger im été", n: null });
    });

    test("constraint violations carry SQLite's message (the service recognises unique violations by it)", async () => {
      const duplicate = await scratch.insertInto("t").values({ name: "a" }).execute().then(() => undefined, (err: unknown) => err);
      assert.ok(isUniqueViolation(duplicate, "t.name", "t_name_key"), `unique violation: ${String(duplicate)}`);
      await assert.rejects(scratch.insertInto("child").values({ id: 1, parent_id: 42 }).execute(), /FOREIGN KEY constraint failed/);
    });
  });
}

describe("the runtime's driver", () => {
  test("is node:sqlite exactly where the runtime has a usable one", () => {
    assert.equal(runtimeSqliteDriver(), nodeSqliteUnavailable() === undefined ? "node:sqlite" : "better-sqlite3");
    if (nodeMajor >= 24) assert.equal(runtimeSqliteDriver(), "node:sqlite", `Node ${process.version} has node:sqlite`);
    if (nodeMajor <= 20) assert.equal(runtimeSqliteDriver(), "better-sqlite3", `Node ${process.version} has no node:sqlite`);
  });

  test("opening a database in a fresh process loads only that driver and prints nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-sqlite-runtime-"));
    try {
      const module = pathToFileURL(join(import.meta.dirname, "../../src/db/database.js")).href;
      const script = `
        import { createRequire } from "node:module";
        const { openDatabase } = await import(${JSON.stringify(module)});
        const db = openDatabase(${JSON.stringify(join(dir, "runtime.db"))});
        await db.selectNoFrom((eb) => eb.val(1).as("one")).execute();
        await db.destroy();
        const loaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("better_sqlite3") || path.includes("better-sqlite3"));
        process.stdout.write(JSON.stringify({ loaded }));`;
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      assert.equal(child.status, 0, child.stderr);
      assert.equal(child.stderr, "", "no warning or message on stderr");
      assert.deepEqual(JSON.parse(child.stdout), { loaded: runtimeSqliteDriver() === "better-sqlite3" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
