// Frozen: the PostgreSQL twin of migrations/2026-11-21T20-30-collab.ts; `real` is double precision, `blob` bytea.
// presence, comments and the collaboration hub's update log and snapshots. Never edit once shipped.
import { sql, type Kysely } from "kysely";

/** Creates presence, comments, collab_updates and collab_snapshots. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("presence")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("resource_type", "text", (c) => c.notNull())
    .addColumn("resource_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("presence_pk", ["workspace_id", "resource_type", "resource_id", "user_id"])
    .execute();

  await db.schema
    .createTable("comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("template_id", "text", (c) => c.notNull().references("templates.id").onDelete("cascade"))
    // No foreign key on parent_id: a deleted parent stays as a tombstone row, never removed while replies exist.
    .addColumn("parent_id", "text")
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    // JSON array of {userId, email}: the mentions as resolved when the comment was written.
    .addColumn("mentions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("comments_template").on("comments").columns(["template_id", "created_at"]).execute();

  await db.schema
    .createTable("collab_updates")
    .addColumn("template_id", "text", (c) => c.notNull().references("templates.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("collab_updates_pk", ["template_id", "seq"])
    .execute();

  await db.schema
    .createTable("collab_snapshots")
    .addColumn("template_id", "text", (c) => c.primaryKey().references("templates.id").onDelete("cascade"))
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .addColumn("snapshot_seq", "integer", (c) => c.notNull().check(sql`snapshot_seq >= 0`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

/** Drops the four tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["collab_snapshots", "collab_updates", "comments", "presence"]) await db.schema.dropTable(table).execute();
}
