// Frozen: the PostgreSQL twin of migrations/2026-11-29T06-30-login-buckets.ts: the login throttle's token buckets.
// double precision, not bigint: pg reads int8 as strings, and millisecond times fit a double exactly.
import type { Kysely } from "kysely";

/** Creates login_buckets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_buckets")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("tokens", "double precision", (c) => c.notNull())
    .addColumn("updated_at", "double precision", (c) => c.notNull())
    .addColumn("full_at", "double precision", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_buckets_full_at").on("login_buckets").column("full_at").execute();
}
