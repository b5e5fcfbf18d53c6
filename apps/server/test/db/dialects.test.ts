// The database layer on both dialects: the same migrations produce the same schema on SQLite and PostgreSQL,
// PostgreSQL instances migrating at once do not collide, and the queries that differ between the engines
// (substring search, unique violations, aggregates, blobs, insert-or-ignore) answer alike.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import type { Db } from "../../src/db/database.js";
import { connectDatabase } from "../../src/db/connect.js";
import { insertJob, recordRows, rowResults } from "../../src/db/batch.js";
import { insertUpdate, listUpdatesAfter, lastSeq } from "../../src/db/collab.js";
import { insertTemplate, listTemplates } from "../../src/db/templates.js";
import { insertRenderEvents, usageByDay, usageTotals } from "../../src/db/usage.js";
import { insertUser } from "../../src/db/users.js";
import { insertMembership, insertWorkspace, listAllWorkspaces } from "../../src/db/workspaces.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createLogger } from "../../src/log.js";
import { isDuplicateEmail } from "../../src/services/accounts.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";

const log = createLogger("silent");
const AT = "2026-11-23T12:00:00.000Z";

// Column types as each engine names them, mapped to one vocabulary.
const TYPE: Record<string, string> = {
  text: "text", integer: "integer", int4: "integer", real: "real", float8: "real", blob: "blob", bytea: "blob",
  "varchar(255)": "text", varchar: "text",
};

/**
 * Every table's columns as `name type null|notnull`, sorted, Kysely's own tables left out. SQLite lets a
 * non-integer PRIMARY KEY hold NULL (a legacy quirk it keeps); PostgreSQL does not, and the service never
 * writes one, so SQLite's primary-key columns count as NOT NULL here.
 */
async function schemaOf(db: Db, sqlite: boolean): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  const out: Record<string, string[]> = {};
  for (const t of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const keys = sqlite ? (await sql<{ name: string }>`select name from pragma_table_info(${t.name}) where pk > 0`.execute(db)).rows.map((r) => r.name) : [];
    out[t.name] = t.columns
      .map((c) => `${c.name} ${TYPE[c.dataType.toLowerCase()] ?? c.dataType} ${c.isNullable && !keys.includes(c.name) ? "null" : "notnull"}`)
      .sort();
  }
  return out;
}

const skipPostgres = await postgresUnavailable();
if (skipPostgres !== undefined) console.warn(`dialects.test: PostgreSQL cases skipped: ${skipPostgres}`);

interface Engine {
  readonly name: "sqlite" | "postgres";
  db: Db;
  close(): Promise<void>;
}

async function openEngine(name: Engine["name"]): Promise<Engine> {
  if (name === "sqlite") {
    const dataDir = await mkdtemp(join(tmpdir(), "docsvc-dialects-"));
    const db = connectDatabase({ dataDir }, log);
    return { name, db, close: async () => { await db.destroy(); await rm(dataDir, { recursive: true, force: true }); } };
  }
  const pg: TestPostgres = await createTestPostgres();
  const db = connectDatabase({ dataDir: "/nonexistent", databaseUrl: pg.url }, log);
  return { name, db, close: async () => { await db.destroy(); await pg.drop(); } };
}

describe("migrations", { skip: skipPostgres }, () => {
  test("SQLite and PostgreSQL end with the same tables, columns, types and nullability", async () => {
    const sqlite = await openEngine("sqlite");
    const postgres = await openEngine("postgres");
    try {
      await migrateToLatest(sqlite.db);
      await migrateToLatest(postgres.db);
      const [a, b] = [await schemaOf(sqlite.db, true), await schemaOf(postgres.db, false)];
      assert.ok(Object.keys(a).includes("users") && Object.keys(a).length >= 20, "the SQLite schema is introspected");
      assert.deepEqual(b, a);
      const applied = async (db: Db) => (await db.introspection.getTables({ withInternalKyselyTables: true })).length;
      assert.equal(await applied(postgres.db), await applied(sqlite.db));
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  test("four PostgreSQL instances migrating one fresh database at once all succeed, each migration applied once", async () => {
    const pg = await createTestPostgres();
    const dbs = Array.from({ length: 4 }, () => connectDatabase({ dataDir: "/nonexistent", databaseUrl: pg.url }, log));
    try {
      await Promise.all(dbs.map((db) => migrateToLatest(db)));
      const rows = await dbs[0]!.selectFrom("kysely_migration" as never).select("name" as never).execute();
      const names = rows.map((r) => (r as { name: string }).name);
      assert.ok(names.length >= 6);
      assert.equal(new Set(names).size, names.length);
      await migrateToLatest(dbs[1]!); // and a later start finds nothing to do
    } finally {
      for (const db of dbs) await db.destroy();
      await pg.drop();
    }
  });
});

for (const name of ["sqlite", "postgres"] as const) {
  describe(`queries on ${name}`, { skip: name === "postgres" ? skipPostgres : undefined }, () => {
    let engine: Engine;
    before(async () => {
      engine = await openEngine(name);
      await migrateToLatest(engine.db);
      const user = (id: string, email: string) => ({ id, email, password_hash: "", email_verified_at: null, last_workspace_id: null, created_at: AT, updated_at: AT });
      await insertUser(engine.db, user("u1", "ann@example.test"));
      await insertUser(engine.db, user("u2", "bo_b@example.test"));
      await insertWorkspace(engine.db, { id: "w1", name: "Acme 100% Reports", plan: "free", created_at: AT });
      await insertWorkspace(engine.db, { id: "w2", name: "Acme 1000 Reports", plan: "pro", created_at: "2026-11-23T12:00:01.000Z" });
      await insertMembership(engine.db, "w1", "u1", "Owner", AT);
      await insertMembership(engine.db, "w1", "u1", "Owner", AT); // a second insert changes nothing
      await insertMembership(engine.db, "w2", "u2", "Owner", AT);
    });
    after(() => engine.close());

    test("admin search: % and _ are literal, case is ignored, member emails match; counts are numbers", async () => {
      const ids = async (q: string) => (await listAllWorkspaces(engine.db, q, 10)).map((w) => w.id);
      assert.deepEqual(await ids("100%"), ["w1"]);
      assert.deepEqual(await ids("ACME"), ["w2", "w1"]);
      assert.deepEqual(await ids("o_b"), ["w2"]);
      assert.deepEqual(await ids("b_b"), []);
      const [w1] = await listAllWorkspaces(engine.db, "w1", 10);
      assert.equal(w1?.member_count, 1);
    });

    test("template search by name fragment is literal and case-insensitive", async () => {
      for (const [id, n] of [["t1", "Invoice_2026"], ["t2", "InvoiceX2026"]] as const) {
        await insertTemplate(engine.db, { id, workspace_id: "w1", name: n, content: "{}", editor_mode: "report", created_by: "u1", created_at: AT, updated_at: AT });
      }
      assert.deepEqual((await listTemplates(engine.db, "w1", "e_2")).map((t) => t.id), ["t1"]);
      assert.deepEqual((await listTemplates(engine.db, "w1", "INVOICE")).map((t) => t.id).sort(), ["t1", "t2"]);
    });

    test("a second account with the same email is recognised as a duplicate", async () => {
      const err = await insertUser(engine.db, { id: "u3", email: "ann@example.test", password_hash: "", email_verified_at: null, last_workspace_id: null, created_at: AT, updated_at: AT }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err !== undefined, "the insert fails");
      assert.equal(isDuplicateEmail(err), true);
      assert.equal(isDuplicateEmail(new Error("something else")), false);
    });

    test("usage aggregates come back as numbers, per source and per day", async () => {
      const event = (id: string, source: "api" | "preview", pages: number, at: string) => ({ id, workspace_id: "w1", template_id: null, source, pages, bytes: 10, duration_ms: 1.5, created_at: at });
      await insertRenderEvents(engine.db, [event("e1", "api", 2, AT), event("e2", "api", 3, "2026-11-24T01:00:00.000Z"), event("e3", "preview", 1, AT)]);
      const totals = await usageTotals(engine.db, "w1", "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z");
      assert.deepEqual(totals.sort((a, b) => a.source.localeCompare(b.source)), [{ source: "api", renders: 2, pages: 5 }, { source: "preview", renders: 1, pages: 1 }]);
      const days = await usageByDay(engine.db, "w1", "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z");
      assert.deepEqual(days.map((d) => `${d.day} ${d.source} ${d.renders} ${d.pages}`).sort(), ["2026-11-23 api 1 2", "2026-11-23 preview 1 1", "2026-11-24 api 1 3"]);
    });

    test("collaboration updates keep their bytes; the last seq is a number", async () => {
      const bytes = new Uint8Array([0, 1, 2, 250, 255]);
      await insertUpdate(engine.db, "t1", 1, bytes, AT);
      await insertUpdate(engine.db, "t1", 2, new Uint8Array([7]), AT);
      const rows = await listUpdatesAfter(engine.db, "t1", 0);
      assert.deepEqual(rows.map((r) => [r.seq, [...r.bytes]]), [[1, [0, 1, 2, 250, 255]], [2, [7]]]);
      assert.equal(await lastSeq(engine.db, "t1"), 2);
    });

    test("a pack of batch rows is recorded in one go; rows recorded before count once", async () => {
      await insertJob(engine.db, {
        id: "j1", workspace_id: "w1", template_id: "t1", template_name: "T", content: "{}", editor_mode: "report", rows: "[{},{},{}]", theme: null, output: "zip",
        file_name_pattern: "$index", email_column: null, source: "api", status: "processing", total: 3, completed: 0, failed: 0, error: null,
        created_at: AT, finished_at: null, expires_at: null,
      });
      const row = (idx: number, ok: number) => ({ job_id: "j1", idx, ok, pages: ok, file_name: ok ? `${idx}.pdf` : null, reason: ok ? null : "broken", email_note: null, diagnostics: null, pack: ok ? "p1" : null });
      assert.deepEqual([...(await recordRows(engine.db, "j1", [row(0, 1), row(1, 0)]))].sort(), [0, 1]);
      // A pack holding a row recorded before (retried after its commit went unanswered) records only the others.
      assert.deepEqual([...(await recordRows(engine.db, "j1", [row(1, 0), row(2, 1)]))], [2]);
      assert.deepEqual([...(await recordRows(engine.db, "j1", [row(0, 1)]))], []);
      const recorded = await rowResults(engine.db, "j1");
      assert.deepEqual(recorded.map((r) => [r.idx, r.ok, r.pack]), [[0, 1, "p1"], [1, 0, null], [2, 1, "p1"]]);
      const job = await engine.db.selectFrom("batch_jobs").select(["completed", "failed"]).where("id", "=", "j1").executeTakeFirstOrThrow();
      assert.deepEqual(job, { completed: 2, failed: 1 });
    });
  });
}
