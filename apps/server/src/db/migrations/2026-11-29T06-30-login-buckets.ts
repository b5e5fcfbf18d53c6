// Frozen: the login throttle's token buckets (services/login-throttle.ts), kept in the database so counts survive
// a restart and every instance sharing the database draws on the same buckets. Keys are hashes (they name no one);
// times are milliseconds since the epoch.
import type { Kysely } from "kysely";

/** Creates login_buckets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_buckets")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("tokens", "real", (c) => c.notNull())
    .addColumn("updated_at", "real", (c) => c.notNull())
    .addColumn("full_at", "real", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_buckets_full_at").on("login_buckets").column("full_at").execute();
}
