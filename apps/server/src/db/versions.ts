// Template versions. Queries take the workspace too, so another workspace's ids are simply not found.
import type { Db } from "./database.js";
import type { Insertable, Selectable } from "kysely";
import type { TemplateVersionsTable } from "./schema.js";

export type VersionRow = Selectable<TemplateVersionsTable>;
export type NewVersionRow = Insertable<TemplateVersionsTable>;
export type VersionSummaryRow = Omit<VersionRow, "content" | "sample_data">;

const SUMMARY = ["id", "template_id", "workspace_id", "number", "kind", "label", "content_hash", "editor_mode", "author_id", "created_at", "updated_at"] as const;

/** The newest version of a template (highest number). */
export function latestVersion(db: Db, templateId: string): Promise<VersionSummaryRow | undefined> {
  return db.selectFrom("template_versions").select(SUMMARY).where("template_id", "=", templateId).orderBy("number", "desc").limit(1).executeTakeFirst();
}

/** Inserts a version. */
export async function insertVersion(db: Db, row: NewVersionRow): Promise<void> {
  await db.insertInto("template_versions").values(row).execute();
}

/** Replaces the content of a version (a coalesced save) or its kind and label. */
export async function updateVersion(db: Db, id: string, update: Partial<Pick<VersionRow, "content" | "content_hash" | "editor_mode" | "sample_data" | "updated_at" | "kind" | "label">>): Promise<void> {
  await db.updateTable("template_versions").set(update).where("id", "=", id).execute();
}

/** A template's versions, newest first, optionally only those numbered below `before`. */
export function listVersions(db: Db, workspaceId: string, templateId: string, limit: number, before: number | undefined): Promise<VersionSummaryRow[]> {
  let query = db.selectFrom("template_versions").select(SUMMARY).where("workspace_id", "=", workspaceId).where("template_id", "=", templateId);
  if (before !== undefined) query = query.where("number", "<", before);
  return query.orderBy("number", "desc").limit(limit).execute();
}

/** Every version of a template without content, oldest first (for thinning). */
export function allVersions(db: Db, templateId: string): Promise<VersionSummaryRow[]> {
  return db.selectFrom("template_versions").select(SUMMARY).where("template_id", "=", templateId).orderBy("number", "asc").execute();
}

/** One version with its content. */
export function findVersion(db: Db, workspaceId: string, templateId: string, id: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom("template_versions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("template_id", "=", templateId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Deletes versions by id. */
export async function deleteVersions(db: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db.deleteFrom("template_versions").where("id", "in", ids.slice(i, i + 500)).execute();
  }
}

/** Templates that have auto versions created before `olderThan` (candidates for the periodic thinning). */
export async function templatesWithOldAutoVersions(db: Db, olderThan: string): Promise<string[]> {
  const rows = await db
    .selectFrom("template_versions")
    .select("template_id")
    .distinct()
    .where("kind", "=", "auto")
    .where("created_at", "<", olderThan)
    .execute();
  return rows.map((r) => r.template_id);
}
