// Version history: a version on every successful create and save, with the retention rules of the spec's
// limits table (version-retention.ts), plus naming, renaming and reading versions.
import { createHash } from "node:crypto";
import type { SessionPrincipal } from "../auth/principal.js";
import type { Db } from "../db/database.js";
import type { VersionKind } from "../db/schema.js";
import { findTemplate } from "../db/templates.js";
import {
  allVersions,
  deleteVersions,
  findVersion,
  insertVersion,
  latestVersion,
  listVersions,
  templatesWithOldAutoVersions,
  updateVersion,
  type VersionRow,
  type VersionSummaryRow,
} from "../db/versions.js";
import { NotFoundError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { COALESCE_MS, HOURLY_AFTER_MS, versionsToDelete } from "./version-retention.js";
import { sampleDataOf } from "./sample-data.js";
import { requireRole } from "./workspaces.js";

/** A version in a list. */
export interface VersionView {
  readonly id: string;
  readonly number: number;
  readonly kind: VersionKind;
  readonly label: string | null;
  /** The editor mode the content was saved under: restoring the version restores it too. */
  readonly editorMode: string;
  readonly authorId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A version with its content and the template's sample data at that version. */
export interface VersionDetailView extends VersionView {
  readonly content: string;
  readonly sampleData: Record<string, unknown> | null;
}

/** One save to record. */
export interface SavedState {
  readonly templateId: string;
  readonly workspaceId: string;
  readonly content: string;
  /** `report` (or absent) or `html`: the template's editor mode at this save. */
  readonly editorMode?: string;
  /** The template's sample data (JSON text) at this save; null or absent for none. */
  readonly sampleData?: string | null;
  readonly authorId: string | null;
  /** `auto` (or absent) for ordinary saves. */
  readonly kind: VersionKind | null | undefined;
}

function view(row: VersionSummaryRow): VersionView {
  return { id: row.id, number: row.number, kind: row.kind, label: row.label, editorMode: row.editor_mode, authorId: row.author_id, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * What identifies a saved state: the content and the sample data. Without sample data it is the content's
 * hash alone, as versions recorded before sample data was kept have it.
 */
const hash = (content: string, sampleData: string | null | undefined): string => {
  const h = createHash("sha256").update(content);
  if (sampleData !== null && sampleData !== undefined) h.update("\u0000sampleData\u0000").update(sampleData);
  return h.digest("hex");
};

/**
 * Records a version for a save that has just succeeded, then thins the template's history. Auto saves with
 * the latest version's content are skipped; auto saves by the latest auto version's author within 2 minutes
 * of its first save replace its content. Manual and restore saves always record a version.
 */
export async function recordSave(db: Db, state: SavedState): Promise<void> {
  const kind = state.kind ?? "auto";
  const now = clockNow();
  const contentHash = hash(state.content, state.sampleData);
  const sampleData = state.sampleData ?? null;
  // One transaction: the number read and the insert cannot interleave with a concurrent save.
  await db.transaction().execute(async (trx) => {
    const latest = await latestVersion(trx, state.templateId);
    if (kind === "auto" && latest !== undefined) {
      if (latest.content_hash === contentHash) return;
      const sameAuthor = latest.author_id !== null && latest.author_id === state.authorId;
      if (latest.kind === "auto" && sameAuthor && now - Date.parse(latest.created_at) < COALESCE_MS) {
        await updateVersion(trx, latest.id, { content: state.content, content_hash: contentHash, editor_mode: state.editorMode ?? "report", sample_data: sampleData, updated_at: nowIso(now) });
        return;
      }
    }
    await insertVersion(trx, {
      id: uuidv7(now),
      template_id: state.templateId,
      workspace_id: state.workspaceId,
      number: (latest?.number ?? 0) + 1,
      kind,
      label: null,
      content: state.content,
      content_hash: contentHash,
      editor_mode: state.editorMode ?? "report",
      sample_data: sampleData,
      author_id: state.authorId,
      created_at: nowIso(now),
      updated_at: nowIso(now),
    });
  });
  await thinTemplate(db, state.templateId, now);
}

/** Applies the thinning rules and the cap to one template's history. */
export async function thinTemplate(db: Db, templateId: string, now: number = clockNow()): Promise<number> {
  const doomed = versionsToDelete(await allVersions(db, templateId), now);
  await deleteVersions(db, doomed);
  return doomed.length;
}

/** The periodic sweep: thins every template with auto versions past the hourly threshold. */
export async function sweepVersions(db: Db, now: number = clockNow()): Promise<number> {
  let removed = 0;
  for (const templateId of await templatesWithOldAutoVersions(db, nowIso(now - HOURLY_AFTER_MS))) {
    removed += await thinTemplate(db, templateId, now);
  }
  return removed;
}

async function requireTemplate(deps: ServiceDeps, principal: SessionPrincipal, templateId: string) {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  return template;
}

/** A template's versions, newest first; `before` is a version number. */
export async function listTemplateVersions(
  deps: ServiceDeps,
  principal: SessionPrincipal,
  templateId: string,
  limit: number,
  before: number | undefined,
): Promise<VersionView[]> {
  await requireTemplate(deps, principal, templateId);
  return (await listVersions(deps.db, principal.workspaceId, templateId, limit, before)).map(view);
}

/** One version with its content. */
export async function getTemplateVersion(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, versionId: string): Promise<VersionDetailView> {
  const row = await findVersion(deps.db, principal.workspaceId, templateId, versionId);
  if (row === undefined) throw new NotFoundError("Version");
  return { ...view(row), content: row.content, sampleData: sampleDataOf(row.sample_data) };
}

/**
 * Names the current saved state (Owner or Editor). When the latest version already holds that content and is
 * an auto version, it becomes the manual version (no duplicate); otherwise a new manual version is added.
 */
export async function nameCurrentVersion(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, label: string | null): Promise<VersionDetailView> {
  const template = await requireTemplate(deps, principal, templateId);
  requireRole(principal, "Owner", "Editor");
  const latest = await latestVersion(deps.db, templateId);
  const now = clockNow();
  const currentHash = hash(template.content, template.sample_data);
  if (latest !== undefined && latest.content_hash === currentHash && latest.kind === "auto") {
    await updateVersion(deps.db, latest.id, { kind: "manual", label });
    return { ...view({ ...latest, kind: "manual", label }), content: template.content, sampleData: sampleDataOf(template.sample_data) };
  }
  const row: VersionRow = {
    id: uuidv7(now),
    template_id: templateId,
    workspace_id: principal.workspaceId,
    number: (latest?.number ?? 0) + 1,
    kind: "manual",
    label,
    content: template.content,
    content_hash: currentHash,
    editor_mode: template.editor_mode,
    sample_data: template.sample_data,
    author_id: principal.userId,
    created_at: nowIso(now),
    updated_at: nowIso(now),
  };
  await insertVersion(deps.db, row);
  await thinTemplate(deps.db, templateId, now);
  return { ...view(row), content: row.content, sampleData: sampleDataOf(row.sample_data) };
}

/** Renames a version (Owner or Editor); a null label clears it. */
export async function renameVersion(deps: ServiceDeps, principal: SessionPrincipal, templateId: string, versionId: string, label: string | null): Promise<VersionView> {
  const row = await findVersion(deps.db, principal.workspaceId, templateId, versionId);
  if (row === undefined) throw new NotFoundError("Version");
  requireRole(principal, "Owner", "Editor");
  await updateVersion(deps.db, row.id, { label });
  return view({ ...row, label });
}
