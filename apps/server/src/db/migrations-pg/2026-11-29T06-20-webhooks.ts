// Frozen: the PostgreSQL twin of migrations/2026-11-29T06-20-webhooks.ts (the same tables; text and integer columns
// mean the same on both).
import type { Kysely } from "kysely";

/** Creates webhook_secrets, webhook_deliveries and render_jobs; adds batch_jobs.webhook_url. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_secrets")
    .addColumn("workspace_id", "text", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("give_up_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_workspace").on("webhook_deliveries").columns(["workspace_id", "created_at"]).execute();
  await db.schema
    .createTable("render_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("template_id", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("webhook_url", "text")
    .addColumn("pages", "integer")
    .addColumn("bytes", "integer")
    .addColumn("error", "text")
    .addColumn("locked_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  await db.schema.createIndex("render_jobs_due").on("render_jobs").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("render_jobs_workspace").on("render_jobs").columns(["workspace_id", "created_at"]).execute();
  await db.schema.alterTable("batch_jobs").addColumn("webhook_url", "text").execute();
}
