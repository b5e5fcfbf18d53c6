// Asynchronous renders: POST /api/render/async validates and queues (202), the runner (src/jobs/render-jobs.ts)
// renders, GET …/jobs/{id} answers the job and GET …/pdf the stored PDF once completed, for 24 hours.
import type { EinvoiceOption } from "../schemas/einvoice.js";
import type { Principal } from "../auth/principal.js";
import type { PdfStandard } from "@docsvc/pdf";
import type { BlobReader } from "../blobs/store.js";
import { findRenderJob, insertRenderJob, type RenderJobRow } from "../db/render-jobs.js";
import { ConflictError, NotFoundError, ValidationError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { renderResultKey, type RenderJobPdfOptions, type RenderJobRequest } from "../jobs/render-jobs.js";
import { batchProtectKey, sealProtect } from "../jobs/batch-protect.js";
import type { Stamp } from "@docsvc/layout";
import type { ProtectOptions } from "@docsvc/pdf";
import { formOptions } from "../schemas/forms.js";
import type { SignInput } from "../schemas/sign.js";
import { clockNow, nowIso } from "../time.js";
import { editorModeOf, inlineEditorMode, type EditorMode } from "./content.js";
import type { ServiceDeps } from "./deps.js";
import { checkTheme } from "./render.js";
import { checkWebhookAllowed } from "./webhooks.js";
import { requireRole } from "./workspaces.js";

/** A submission, validated by RenderAsyncBody. */
export interface RenderAsyncInput {
  readonly einvoice?: EinvoiceOption | undefined;
  readonly templateId?: string | null | undefined;
  readonly content?: string | null | undefined;
  readonly editorMode?: EditorMode | null | undefined;
  readonly baseTemplateId?: string | null | undefined;
  readonly data: Record<string, unknown>;
  readonly theme?: unknown;
  readonly pdfStandards?: readonly PdfStandard[] | undefined;
  readonly webhook?: { readonly url: string } | null | undefined;
  // The sync render's options (schemas/render.ts RenderOptionEntries).
  readonly sign?: SignInput | null | undefined;
  readonly forms?: boolean | undefined;
  readonly flatten?: boolean | undefined;
  readonly protect?: ProtectOptions | undefined;
  readonly stamps?: readonly unknown[] | undefined;
}

/** A job as answered. */
export interface RenderJobView {
  readonly jobId: string;
  readonly status: RenderJobRow["status"];
  readonly templateId: string | null;
  readonly pages: number | null;
  readonly error: string | null;
  readonly webhook: { readonly url: string } | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly expiresAt: string | null;
  readonly pdfUrl: string;
}

function view(row: RenderJobRow, publicUrl: string): RenderJobView {
  return {
    jobId: row.id,
    status: row.status,
    templateId: row.template_id,
    pages: row.pages,
    error: row.error,
    webhook: row.webhook_url === null ? null : { url: row.webhook_url },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    pdfUrl: `${publicUrl}/api/render/jobs/${row.id}/pdf`,
  };
}

/** Validates and queues a render (the template's content as it is now); answers the pending job. */
export async function submitRenderJob(deps: ServiceDeps, principal: Principal, input: RenderAsyncInput): Promise<RenderJobView> {
  const theme = checkTheme(input.theme);
  // The PDF is stored and may be announced to a webhook: Owner, Editor or an API key, as for batches.
  if (principal.kind === "session") requireRole(principal, "Owner", "Editor");
  const hasTemplate = input.templateId !== undefined && input.templateId !== null;
  const hasContent = input.content !== undefined && input.content !== null;
  if (hasTemplate === hasContent) throw ValidationError.field("templateId", "Send either templateId (a stored template) or content (a template sent along), not both and not neither.");
  if (input.webhook) await checkWebhookAllowed(deps, principal, "webhook");
  // The certificate is checked now (404, 503), as the sync render does, so a job is not queued only to fail.
  if (input.sign) await deps.signer.check(principal.workspaceId, input.sign);
  const now = clockNow();
  const id = uuidv7(now);
  // As a batch's: the PDF's options travel with the job; protect's passwords sealed (jobs/batch-protect.ts).
  const options: RenderJobPdfOptions = {
    ...formOptions(input),
    ...(input.stamps !== undefined ? { stamps: input.stamps as readonly Stamp[] } : {}),
    ...(input.sign ? { sign: input.sign } : {}),
    ...(input.protect !== undefined ? { protect: sealProtect(input.protect, batchProtectKey(deps.config.jwtSecret), id) } : {}),
    ...(input.einvoice !== undefined ? { einvoice: input.einvoice } : {}),
    ...(input.pdfStandards !== undefined ? { pdfStandards: input.pdfStandards } : {}),
  };
  let request: RenderJobRequest;
  let templateId: string | null = null;
  if (hasTemplate) {
    const template = await deps.lookups.template(principal.workspaceId, input.templateId as string);
    if (template === undefined) throw new NotFoundError("Template");
    templateId = template.id;
    request = { content: template.content, editorMode: editorModeOf(template.editor_mode), data: input.data, theme, title: template.name, baseTemplateId: template.id, cacheKey: `${template.id}@${template.updated_at}`, ...options };
  } else {
    const content = input.content as string;
    let baseTemplateId: string | undefined;
    if (input.baseTemplateId !== undefined && input.baseTemplateId !== null) {
      if ((await deps.lookups.template(principal.workspaceId, input.baseTemplateId)) === undefined) throw new NotFoundError("Base template");
      if ((await deps.lookups.basePdf(principal.workspaceId, input.baseTemplateId)) === undefined) throw new NotFoundError("Base PDF of the base template");
      baseTemplateId = input.baseTemplateId;
    }
    request = { content, editorMode: input.editorMode ?? inlineEditorMode(content), data: input.data, theme, title: undefined, baseTemplateId, cacheKey: null, ...options };
  }
  const row: RenderJobRow = {
    id,
    workspace_id: principal.workspaceId,
    template_id: templateId,
    source: principal.kind === "apiKey" ? "api" : "preview",
    status: "pending",
    request: JSON.stringify(request),
    webhook_url: input.webhook?.url ?? null,
    pages: null,
    bytes: null,
    error: null,
    locked_until: null,
    created_at: nowIso(now),
    finished_at: null,
    expires_at: null,
  };
  await insertRenderJob(deps.db, row);
  deps.webhooks.renderJobs.wake();
  return view(row, deps.config.publicUrl);
}

/** A job of the caller's workspace. */
export async function getRenderJob(deps: ServiceDeps, principal: Principal, id: string): Promise<RenderJobView> {
  const row = await findRenderJob(deps.db, principal.workspaceId, id);
  if (row === undefined) throw new NotFoundError("Render job");
  return view(row, deps.config.publicUrl);
}

/** The stored PDF, opened for streaming: 409 before the job completed, 404 once expired. */
export async function renderJobPdf(deps: ServiceDeps, principal: Principal, id: string): Promise<{ reader: BlobReader; etag: string; finishedAt: Date | undefined; fileName: string }> {
  const row = await findRenderJob(deps.db, principal.workspaceId, id);
  if (row === undefined) throw new NotFoundError("Render job");
  if (row.status !== "completed") {
    throw new ConflictError(row.status === "failed" ? `The render failed (${row.error ?? "no detail"}), so there is no PDF.` : `The render is ${row.status}; the PDF can be downloaded once it is completed.`);
  }
  const gone = new NotFoundError("Render result (PDFs are kept for 24 hours)");
  if (row.expires_at !== null && Date.parse(row.expires_at) <= clockNow()) throw gone;
  const reader = await deps.blobs.open(renderResultKey(row.id));
  if (reader === undefined) throw gone;
  return { reader, etag: `"${row.id}-${reader.size}"`, finishedAt: row.finished_at === null ? undefined : new Date(row.finished_at), fileName: `render-${row.id}.pdf` };
}
