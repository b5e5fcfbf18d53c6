// Frozen: the PostgreSQL twin of migrations/2026-11-23T15-30-editor-mode.ts: versions and batch submissions
// remember the editor mode (`report` or `html`) of the content they hold.
import { sql, type Kysely } from "kysely";

/** Adds editor_mode to template_versions and batch_inputs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("template_versions").addColumn("editor_mode", "text", (c) => c.notNull().defaultTo(sql`'report'`)).execute();
  await db.schema.alterTable("batch_inputs").addColumn("editor_mode", "text", (c) => c.notNull().defaultTo(sql`'report'`)).execute();
}
