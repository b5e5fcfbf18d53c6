// Frozen: allows the `unlimited` plan. SQLite cannot change a CHECK constraint in place, so the workspaces table
// is rebuilt the documented way (create, copy, drop, rename) with foreign keys off: dropping the old table with
// them on would cascade into every table that references a workspace.
import { sql, type Kysely } from "kysely";

/** Rebuilds workspaces with `plan in ('free', 'pro', 'enterprise', 'unlimited')`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PRAGMA foreign_keys is ignored inside a transaction, so it is switched around one (Kysely runs SQLite
  // migrations outside a transaction, on the single connection).
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await db.schema
        .createTable("workspaces_next")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('free', 'pro', 'enterprise', 'unlimited')`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await sql`INSERT INTO workspaces_next (id, name, plan, created_at) SELECT id, name, plan, created_at FROM workspaces`.execute(db);
      await sql`DROP TABLE workspaces`.execute(db);
      await sql`ALTER TABLE workspaces_next RENAME TO workspaces`.execute(db);
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
