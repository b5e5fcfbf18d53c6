// Frozen: the PostgreSQL twin of migrations/2026-11-23T17-00-comment-anchors.ts: a comment may be anchored to
// an element or a band of the template's document.
import { sql, type Kysely } from "kysely";

/** Adds anchor_kind and anchor_id to comments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comments").addColumn("anchor_kind", "text", (c) => c.check(sql`anchor_kind in ('element', 'band')`)).execute();
  await db.schema.alterTable("comments").addColumn("anchor_id", "text").execute();
}
