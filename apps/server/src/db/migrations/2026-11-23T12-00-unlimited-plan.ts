// Frozen: allows the `unlimited` plan. SQLite cannot change a CHECK constraint in place, so the workspaces table
// is rebuilt the documented way (create, copy, drop, rename) with foreign keys off: dropping the old table with
// them on would cascade into every table that references a workspace. The new table is the stored definition
// with only the plan list changed, so columns or indexes that other migrations added survive.
import { sql, type Kysely } from "kysely";

const OLD_CHECK = "plan in ('free', 'pro', 'enterprise')";
const NEW_CHECK = "plan in ('free', 'pro', 'enterprise', 'unlimited')";

/** Rebuilds workspaces with `plan in ('free', 'pro', 'enterprise', 'unlimited')`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'workspaces'`.execute(db)).rows[0]?.sql;
  if (table === undefined || !table.includes(OLD_CHECK) || !table.startsWith('CREATE TABLE "workspaces"')) {
    throw new Error(`workspaces is not as expected: ${table ?? "missing"}`);
  }
  const indexes = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'workspaces' and sql is not null`.execute(db)).rows;
  const next = table.replace('CREATE TABLE "workspaces"', 'CREATE TABLE "workspaces_next"').replace(OLD_CHECK, NEW_CHECK);
  // PRAGMA foreign_keys is ignored inside a transaction, so it is switched around one (Kysely runs SQLite
  // migrations outside a transaction, on the single connection).
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await sql.raw(next).execute(db);
      await sql`INSERT INTO workspaces_next SELECT * FROM workspaces`.execute(db);
      await sql`DROP TABLE workspaces`.execute(db);
      await sql`ALTER TABLE workspaces_next RENAME TO workspaces`.execute(db);
      for (const index of indexes) await sql.raw(index.sql).execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign key check failed after rebuilding workspaces (${broken.rows.length} rows)`);
      await sql`COMMIT`.execute(db);
    } catch (err) {
      await sql`ROLLBACK`.execute(db);
      throw err;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
