// Frozen: a template keeps its sample data (the JSON the designer and the preview fill its tokens with), shared
// with everyone who edits it and recorded with each version, so restoring a version restores its data too.
import type { Kysely } from "kysely";

/** Adds sample_data (JSON text, nullable) to templates and template_versions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("templates").addColumn("sample_data", "text").execute();
  await db.schema.alterTable("template_versions").addColumn("sample_data", "text").execute();
}
