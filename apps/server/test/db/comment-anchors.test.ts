// The comment-anchors migration on both engines: comments written before it keep everything and read as
// unanchored; afterwards an anchor is stored, and the database itself refuses an anchor kind other than
// element or band.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Migrator, sql, type Migration } from "kysely";
import { connectDatabase } from "../../src/db/connect.js";
import type { Db } from "../../src/db/database.js";
import { migrateToLatest, MIGRATIONS } from "../../src/db/migrate.js";
import { PG_MIGRATIONS } from "../../src/db/migrations-pg/index.js";
import { createLogger } from "../../src/log.js";
import { createTestPostgres, postgresUnavailable } from "../helpers/postgres.js";

const log = createLogger("silent");
const NAME = "2026-11-23T17-00-comment-anchors";
const AT = "2026-11-23T12:00:00.000Z";
const skipPostgres = await postgresUnavailable();
if (skipPostgres !== undefined) console.warn(`comment-anchors.test: PostgreSQL case skipped: ${skipPostgres}`);

const before = (all: Readonly<Record<string, Migration>>): Record<string, Migration> => Object.fromEntries(Object.entries(all).filter(([name]) => name < NAME));

async function check(db: Db, history: Readonly<Record<string, Migration>>): Promise<void> {
  const old = await new Migrator({ db, provider: { getMigrations: async () => before(history) } }).migrateToLatest();
  assert.equal(old.error, undefined);
  await sql`insert into workspaces (id, name, plan, created_at) values ('w1', 'W', 'free', ${AT})`.execute(db);
  await sql`insert into templates (id, workspace_id, name, content, editor_mode, created_by, created_at, updated_at) values ('t1', 'w1', 'T', '{}', 'report', null, ${AT}, ${AT})`.execute(db);
  await sql`insert into comments (id, workspace_id, template_id, parent_id, author_id, body, mentions, created_at, deleted_at) values ('c1', 'w1', 't1', null, null, 'old', '[]', ${AT}, null)`.execute(db);
  await migrateToLatest(db);
  const rows = await db.selectFrom("comments").select(["id", "body", "anchor_kind", "anchor_id"]).execute();
  assert.deepEqual(rows, [{ id: "c1", body: "old", anchor_kind: null, anchor_id: null }]);
  await db.updateTable("comments").set({ anchor_kind: "band", anchor_id: "b1" }).where("id", "=", "c1").execute();
  assert.deepEqual(await db.selectFrom("comments").select(["anchor_kind", "anchor_id"]).execute(), [{ anchor_kind: "band", anchor_id: "b1" }]);
  await assert.rejects(db.updateTable("comments").set({ anchor_kind: "page" }).where("id", "=", "c1").execute(), /check/i);
}

describe("comment anchors migration", () => {
  test("SQLite: old comments read as unanchored; anchors stored; other kinds refused", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "docsvc-anchors-"));
    const db = connectDatabase({ dataDir }, log);
    try {
      await check(db, MIGRATIONS);
    } finally {
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("PostgreSQL: the same", { skip: skipPostgres }, async () => {
    const pg = await createTestPostgres();
    const db = connectDatabase({ dataDir: "/nonexistent", databaseUrl: pg.url }, log);
    try {
      await check(db, PG_MIGRATIONS);
    } finally {
      await db.destroy();
      await pg.drop();
    }
  });
});
