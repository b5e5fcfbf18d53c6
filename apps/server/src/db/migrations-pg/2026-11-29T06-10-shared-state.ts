// Frozen: the PostgreSQL twin of migrations/2026-11-29T06-10-shared-state.ts (`real` becomes double precision):
// state that used to live in one process's memory, so that every instance on the database sees it
// and a restart keeps it: the AI check tokens, the daily refine counts, the render token buckets and the
// idempotency keys of batch submissions. Each row carries its expiry; a maintenance sweep drops the dead ones.
import type { Kysely } from "kysely";

/** Creates ai_check_tokens, ai_refine_counts, rate_buckets and batch_idempotency_keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ai_check_tokens")
    /** SHA-256 of the token, hex (the token itself is never stored). */
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("reference_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ai_check_tokens_expires").on("ai_check_tokens").column("expires_at").execute();

  await db.schema
    .createTable("ai_refine_counts")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    /** Days since 1970-01-01 (UTC). */
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("ai_refine_counts_pk", ["workspace_id", "day"])
    .execute();

  await db.schema
    .createTable("rate_buckets")
    /** `render:<workspace id>`. */
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("tokens", "double precision", (c) => c.notNull())
    /** Milliseconds since the epoch of the last take. */
    .addColumn("at", "double precision", (c) => c.notNull())
    /** When the bucket is full again: from then on it is as good as absent. */
    .addColumn("full_at", "double precision", (c) => c.notNull())
    /** 1 when the last take got a token, 0 when it was refused (what the upsert returns to its caller). */
    .addColumn("granted", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_buckets_full_at").on("rate_buckets").column("full_at").execute();

  await db.schema
    .createTable("batch_idempotency_keys")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    /** The client's Idempotency-Key header. */
    .addColumn("key", "text", (c) => c.notNull())
    /** SHA-256 of the template id and the submission, hex: a different body under the same key is refused. */
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("job_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("batch_idempotency_keys_pk", ["workspace_id", "key"])
    .execute();
  await db.schema.createIndex("batch_idempotency_keys_expires").on("batch_idempotency_keys").column("expires_at").execute();
}
