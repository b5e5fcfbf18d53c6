// Frozen: a comment may be anchored to an element or a band of the template's document (the designer shows it
// as a pin there). Both columns null: a comment on the template as a whole, as every earlier comment is.
import { sql, type Kysely } from "kysely";

/** Adds anchor_kind and anchor_id to comments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comments").addColumn("anchor_kind", "text", (c) => c.check(sql`anchor_kind in ('element', 'band')`)).execute();
  await db.schema.alterTable("comments").addColumn("anchor_id", "text").execute();
}
