// Frozen: the PostgreSQL twin of migrations/2026-11-29T03-00-sample-data.ts: templates and their versions keep
// the template's sample data (JSON text, null when there is none).
import type { Kysely } from "kysely";

/** Adds sample_data (JSON text, nullable) to templates and template_versions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("templates").addColumn("sample_data", "text").execute();
  await db.schema.alterTable("template_versions").addColumn("sample_data", "text").execute();
}
