// Templates. Every query is scoped by workspace: an id from another workspace simply is not found.
import type { Db } from "./database.js";
import { contains } from "./dialect.js";
import type { Insertable, Selectable } from "kysely";
import type { TemplatesTable } from "./schema.js";

export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplateRow = Insertable<TemplatesTable>;
export type TemplateSummaryRow = Omit<TemplateRow, "content" | "workspace_id" | "created_by" | "sample_data">;

/** Inserts a template. */
export async function insertTemplate(db: Db, row: NewTemplateRow): Promise<void> {
  await db.insertInto("templates").values(row).execute();
}

/** The workspace's templates (without content), most recently updated first, optionally by name fragment. */
export function listTemplates(db: Db, workspaceId: string, nameContains: string | undefined): Promise<TemplateSummaryRow[]> {
  let query = db
    .selectFrom("templates")
    .select(["id", "name", "editor_mode", "created_at", "updated_at"])
    .where("workspace_id", "=", workspaceId);
  if (nameContains !== undefined && nameContains !== "") {
    // Case-insensitive substring; `%` and `_` are literal.
    query = query.where((eb) => contains(eb.fn<string>("lower", ["name"]), nameContains.toLowerCase()));
  }
  return query.orderBy("updated_at", "desc").orderBy("id", "desc").execute();
}

/** One template of this workspace. */
export function findTemplate(db: Db, workspaceId: string, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom("templates").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
}

/** The fields an update writes. */
export interface TemplateUpdate {
  readonly name?: string;
  readonly content: string;
  /** Set when a save changes the editor mode (upgrade-to-report, restoring a version of the other mode). */
  readonly editor_mode?: string;
  /** The sample data as JSON text (null clears it); absent keeps it. */
  readonly sample_data?: string | null;
  readonly updated_at: string;
}

/**
 * Writes an update when the stored `updated_at` still equals `expectedUpdatedAt` (if given).
 * Returns false when nothing was written (missing, other workspace, or changed since).
 */
export async function updateTemplate(
  db: Db,
  workspaceId: string,
  id: string,
  update: TemplateUpdate,
  expectedUpdatedAt: string | undefined,
): Promise<boolean> {
  let query = db.updateTable("templates").set(update).where("workspace_id", "=", workspaceId).where("id", "=", id);
  if (expectedUpdatedAt !== undefined) query = query.where("updated_at", "=", expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a template of this workspace; false when there was none. */
export async function deleteTemplate(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("templates").where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
