// Template CRUD, scoped to the caller's workspace; content is validated by the layout model before any write.
import type { Diagnostic } from "@docsvc/layout";
import type { Principal, SessionPrincipal } from "../auth/principal.js";
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
  type TemplateRow,
  type TemplateSummaryRow,
} from "../db/templates.js";
import type { VersionKind } from "../db/schema.js";
import { prepareSavedState } from "../collab/saved-state.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import type { ImportHtmlTask } from "../render/protocol.js";
import { normaliseIso, nowIso } from "../time.js";
import { checkContent, editorModeOf, invalidContent, type EditorMode } from "./content.js";
import type { ServiceDeps } from "./deps.js";
import { renderFailure } from "./render-failure.js";
import { sampleDataOf, sampleDataText } from "./sample-data.js";
import { recordSave } from "./versions.js";
import { requireRole } from "./workspaces.js";

/** A template in a list (content left out: lists stay small). */
export interface TemplateSummaryView {
  readonly id: string;
  readonly name: string;
  readonly editorMode: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A template with its content and sample data. */
export interface TemplateView extends TemplateSummaryView {
  readonly content: string;
  /** The data its tokens are previewed with, shared and versioned with it; null when none was saved. */
  readonly sampleData: Record<string, unknown> | null;
}

/** A template made from HTML, with what the conversion could not carry over (`import.dropped` and the HTML's own diagnostics). */
export interface ImportedTemplateView extends TemplateView {
  readonly diagnostics: readonly Diagnostic[];
}

/** What creating a template takes. */
export interface CreateTemplateInput {
  readonly name: string;
  readonly content: string;
  readonly editorMode?: EditorMode | null;
  readonly sampleData?: Readonly<Record<string, unknown>> | null | undefined;
}

/** What updating a template takes. */
export interface UpdateTemplateInput {
  readonly content: string;
  readonly name?: string;
  readonly expectedUpdatedAt?: string;
  /** The version kind this save records (version history); absent means auto. */
  readonly versionKind?: VersionKind | null | undefined;
  /** A collaborative client's full Yjs state (base64) and the last hub seq it applied; merged, never overwriting. */
  readonly yState?: string | null | undefined;
  readonly yStateSeq?: number | null | undefined;
  /** Switches the editor mode with this save (restoring a version of the other mode); absent keeps it. */
  readonly editorMode?: EditorMode | null | undefined;
  /** The template's sample data: absent keeps what is stored, null clears it (versioned with the content). */
  readonly sampleData?: Readonly<Record<string, unknown>> | null | undefined;
}

/** What importing HTML takes. */
export interface ImportHtmlInput {
  readonly name: string;
  readonly html: string;
  readonly css?: string | null | undefined;
  /** Data like the data the template will be rendered with: sizes the report's table columns (see importHtml). */
  readonly sampleData?: Record<string, unknown> | null | undefined;
}

function summary(row: TemplateSummaryRow): TemplateSummaryView {
  return { id: row.id, name: row.name, editorMode: row.editor_mode, createdAt: row.created_at, updatedAt: row.updated_at };
}

function full(row: TemplateRow): TemplateView {
  return { ...summary(row), content: row.content, sampleData: sampleDataOf(row.sample_data) };
}

/** The workspace's templates, optionally those whose name contains `name` (case-insensitive). */
export async function listWorkspaceTemplates(deps: ServiceDeps, principal: SessionPrincipal, name: string | undefined): Promise<TemplateSummaryView[]> {
  return (await listTemplates(deps.db, principal.workspaceId, name)).map(summary);
}

/** Creates a template (Owner or Editor) after validating its content. */
export async function createTemplate(deps: ServiceDeps, principal: SessionPrincipal, input: CreateTemplateInput): Promise<TemplateView> {
  requireRole(principal, "Owner", "Editor");
  const editorMode = input.editorMode ?? "report";
  await checkContent(deps.renderer, input.content, editorMode, principal.workspaceId);
  const now = Date.now();
  const row: TemplateRow = {
    id: uuidv7(now),
    workspace_id: principal.workspaceId,
    name: input.name.trim(),
    content: input.content,
    editor_mode: editorMode,
    created_by: principal.userId,
    created_at: nowIso(now),
    updated_at: nowIso(now),
    sample_data: sampleDataText(input.sampleData),
  };
  await insertTemplate(deps.db, row);
  await recordSave(deps.db, { templateId: row.id, workspaceId: row.workspace_id, content: row.content, editorMode: row.editor_mode, sampleData: row.sample_data, authorId: principal.userId, kind: "auto" });
  return full(row);
}

/** One template of the caller's workspace (either lane); 404 for any other workspace's id. */
export async function getTemplate(deps: ServiceDeps, principal: Principal, id: string): Promise<TemplateView> {
  const row = await findTemplate(deps.db, principal.workspaceId, id);
  if (row === undefined) throw new NotFoundError("Template");
  return full(row);
}

/**
 * Replaces a template's content (and name). With `expectedUpdatedAt`, a template changed since then answers
 * 409 and nothing is written; the check and the write are one conditional UPDATE, so no save slips between.
 */
export async function updateWorkspaceTemplate(
  deps: ServiceDeps,
  principal: SessionPrincipal,
  id: string,
  input: UpdateTemplateInput,
): Promise<TemplateView> {
  // Existence first: an id from another workspace is a 404 whatever the caller's role.
  const current = await findTemplate(deps.db, principal.workspaceId, id);
  if (current === undefined) throw new NotFoundError("Template");
  requireRole(principal, "Owner", "Editor");
  const editorMode = input.editorMode ?? editorModeOf(current.editor_mode);
  await checkContent(deps.renderer, input.content, editorMode, principal.workspaceId);
  const mergeSharedState = await prepareSavedState(deps, id, input.yState, input.yStateSeq);
  // Validated as a timestamp by the request schema; normalised so any spelling of the same instant matches.
  const expected = input.expectedUpdatedAt === undefined ? undefined : normaliseIso(input.expectedUpdatedAt);
  const stale = (): ConflictError =>
    new ConflictError("The template was changed since expectedUpdatedAt; reload it and apply your changes again.");
  if (expected !== undefined && expected !== current.updated_at) throw stale();
  // updatedAt must move forward on every save, even two saves within one millisecond, or a stale
  // expectedUpdatedAt could still match.
  const updatedAt = nowIso(Math.max(Date.now(), Date.parse(current.updated_at) + 1));
  const update = {
    content: input.content,
    updated_at: updatedAt,
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(editorMode !== current.editor_mode ? { editor_mode: editorMode } : {}),
    ...(input.sampleData !== undefined ? { sample_data: sampleDataText(input.sampleData) } : {}),
  };
  const sampleData = input.sampleData !== undefined ? sampleDataText(input.sampleData) : current.sample_data;
  // The WHERE on the read updated_at makes this a compare-and-swap even without expectedUpdatedAt, so
  // updatedAt stays monotonic when saves race.
  if (!(await updateTemplate(deps.db, principal.workspaceId, id, update, current.updated_at))) {
    if ((await findTemplate(deps.db, principal.workspaceId, id)) === undefined) throw new NotFoundError("Template");
    if (expected !== undefined) throw stale();
    // A concurrent save landed between our read and write; without a precondition the last write wins,
    // so read again and retry. (409 is reserved for a stale expectedUpdatedAt; each failed attempt means
    // another save succeeded, so this terminates.)
    return updateWorkspaceTemplate(deps, principal, id, input);
  }
  await deps.lookups.changed(principal.workspaceId);
  await recordSave(deps.db, { templateId: id, workspaceId: principal.workspaceId, content: input.content, editorMode, sampleData, authorId: principal.userId, kind: input.versionKind });
  const yStateSeq = mergeSharedState === undefined ? undefined : await mergeSharedState();
  return { ...full({ ...current, ...update }), ...(yStateSeq !== undefined ? { yStateSeq } : {}) };
}

/** Deletes a template (Owner or Editor). */
export async function deleteWorkspaceTemplate(deps: ServiceDeps, principal: SessionPrincipal, id: string): Promise<void> {
  if ((await findTemplate(deps.db, principal.workspaceId, id)) === undefined) throw new NotFoundError("Template");
  requireRole(principal, "Owner", "Editor");
  if (!(await deleteTemplate(deps.db, principal.workspaceId, id))) throw new NotFoundError("Template");
  await deps.lookups.changed(principal.workspaceId);
}

/** Converts HTML into a new stored report template (Owner or Editor), through the render workers. */
export async function importHtmlTemplate(deps: ServiceDeps, principal: SessionPrincipal, input: ImportHtmlInput): Promise<ImportedTemplateView> {
  requireRole(principal, "Owner", "Editor");
  const { content, diagnostics } = await reportFromHtml(deps, principal.workspaceId, { html: input.html, css: input.css ?? undefined, sampleData: input.sampleData ?? undefined });
  return { ...(await createTemplate(deps, principal, { name: input.name, content, editorMode: "report" })), diagnostics };
}

/**
 * Turns a stored html template into a report template in place (Owner or Editor). The HTML is recorded as a
 * manual version first, so restoring it (PUT with its content and editorMode html) makes an html template again.
 * `sampleData` (the data the HTML was previewed with) sizes the report's table columns as the HTML rendered with
 * it does, and types and samples the report's schema.
 */
export async function upgradeToReport(deps: ServiceDeps, principal: SessionPrincipal, id: string, sampleData?: Record<string, unknown>): Promise<ImportedTemplateView> {
  const current = await findTemplate(deps.db, principal.workspaceId, id);
  if (current === undefined) throw new NotFoundError("Template");
  requireRole(principal, "Owner", "Editor");
  if (editorModeOf(current.editor_mode) !== "html") throw new ConflictError("Only an html template can be upgraded to a report template.");
  const { content, diagnostics } = await reportFromHtml(deps, principal.workspaceId, { html: current.content, css: undefined, sampleData });
  await recordSave(deps.db, { templateId: id, workspaceId: principal.workspaceId, content: current.content, editorMode: "html", sampleData: current.sample_data, authorId: principal.userId, kind: "manual" });
  const update = { content, editor_mode: "report", updated_at: nowIso(Math.max(Date.now(), Date.parse(current.updated_at) + 1)) };
  if (!(await updateTemplate(deps.db, principal.workspaceId, id, update, current.updated_at))) {
    throw new ConflictError("The template was changed while it was being upgraded; try again.");
  }
  await deps.lookups.changed(principal.workspaceId);
  await recordSave(deps.db, { templateId: id, workspaceId: principal.workspaceId, content, editorMode: "report", sampleData: current.sample_data, authorId: principal.userId, kind: "auto" });
  return { ...full({ ...current, ...update }), diagnostics };
}

// In the workspace's own turn on the render pool, refused like a render when the queue is full.
async function reportFromHtml(deps: ServiceDeps, workspaceId: string, task: ImportHtmlTask): Promise<{ content: string; diagnostics: readonly Diagnostic[] }> {
  if (task.html.trim() === "") throw invalidContent({ html: ["html must not be empty."] });
  if (deps.renderer.importHtml === undefined) throw new Error("this server's renderer cannot import HTML");
  const result = await deps.renderer.importHtml(task, { workspaceId }).catch((error: unknown) => {
    throw renderFailure(error);
  });
  if (!result.ok) throw invalidContent(result.errors);
  return { content: result.content, diagnostics: result.diagnostics };
}
