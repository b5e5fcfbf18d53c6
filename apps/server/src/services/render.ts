// Rendering: theme first (exact contract messages, nothing metered when rejected), then the template,
// then the worker pool, then metering.
import { validateTheme, type Diagnostic, type Stamp, type Theme } from "@docsvc/layout";
import type { Principal } from "../auth/principal.js";
import { HttpError, NotFoundError, TooManyRequestsError, ValidationError } from "../errors.js";
import type { PdfStandard, ProtectOptions } from "@docsvc/pdf";
import { checkStandardsWithProtect } from "../schemas/pdf-standards.js";
import type { RenderTask, RenderTaskResult } from "../render/protocol.js";
import { baseRefOf } from "./base-pdf.js";
import { formOptions, type FormOptions } from "../schemas/forms.js";
import { editorModeOf, inlineEditorMode, invalidContent, type EditorMode } from "./content.js";
import { renderFailure } from "./render-failure.js";
import type { ServiceDeps } from "./deps.js";
import type { SignInput } from "../schemas/sign.js";
import type { EinvoiceOption } from "../schemas/einvoice.js";

/** A finished render, ready to send. */
export interface RenderedPdf {
  readonly pdf: Uint8Array;
  /** ASCII download name for Content-Disposition. */
  readonly fileName: string;
  /** The template's name (any script), for the RFC 6266 `filename*` parameter. */
  readonly title: string | undefined;
  readonly pages: number;
  /** Content problems found while laying out (the PDF was still produced): shown to the caller. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Throws 400 with the layout brand module's messages unless the theme is acceptable. */
export function checkTheme(theme: unknown): Theme | undefined {
  const result = validateTheme(theme);
  if (!result.ok) throw new ValidationError(result.message, result.errors);
  return theme === undefined || theme === null ? undefined : result.theme;
}

/** Takes one token from the workspace's render bucket or throws 429. */
export async function takeRenderToken(deps: ServiceDeps, principal: Principal): Promise<void> {
  const taken = await deps.rateLimiter.take(principal.workspaceId, deps.plans[principal.plan]);
  if (!taken.ok) {
    deps.metrics.rateLimitRejections.inc({ limit: "render" });
    throw new TooManyRequestsError(
      "The workspace's render rate limit is exhausted; retry after the number of seconds in Retry-After.",
      taken.retryAfterSeconds,
    );
  }
}

/** Renders a stored template of the caller's workspace. */
export async function renderStoredTemplate(
  deps: ServiceDeps,
  principal: Principal,
  templateId: string,
  body: { readonly data: unknown; readonly theme?: unknown; readonly protect?: ProtectOptions | undefined; readonly stamps?: readonly unknown[] | undefined; readonly sign?: SignInput | null | undefined; readonly einvoice?: EinvoiceOption | undefined; readonly pdfStandards?: readonly PdfStandard[] | undefined } & FormOptions,
  /** The request's: aborted when the client goes away, which cancels the render. */
  signal?: AbortSignal,
  /** `?diagnostics=json`: `sign` is checked (404, 503) but the PDF nobody receives is not signed. */
  diagnosticsOnly = false,
): Promise<RenderedPdf> {
  const theme = checkTheme(body.theme);
  checkStandardsWithProtect(body.pdfStandards, body.protect);
  if (body.sign) await deps.signer.check(principal.workspaceId, body.sign);
  // Both reads at once: the base PDF row is keyed by the template id the caller named.
  const [template, baseRow] = await Promise.all([deps.lookups.template(principal.workspaceId, templateId), deps.lookups.basePdf(principal.workspaceId, templateId)]);
  if (template === undefined) throw new NotFoundError("Template");
  return run(deps, principal, template.id, {
    cacheKey: `${template.id}@${template.updated_at}`,
    content: template.content,
    editorMode: editorModeOf(template.editor_mode),
    data: body.data,
    theme,
    title: template.name,
    now: undefined,
    base: await baseRefOf(deps.blobs, baseRow),
    ...formOptions(body),
    ...(body.protect !== undefined ? { protect: body.protect } : {}),
    ...(body.stamps !== undefined ? { stamps: body.stamps as readonly Stamp[] } : {}),
    ...(body.einvoice !== undefined ? { einvoice: body.einvoice } : {}),
    ...(body.pdfStandards !== undefined ? { pdfStandards: body.pdfStandards } : {}),
  }, signal, diagnosticsOnly ? undefined : body.sign);
}

/** Renders content sent with the request (not stored). */
export async function renderInline(
  deps: ServiceDeps,
  principal: Principal,
  body: { readonly content: string; readonly data: unknown; readonly theme?: unknown; readonly protect?: ProtectOptions | undefined; readonly stamps?: readonly unknown[] | undefined; readonly baseTemplateId?: string | null | undefined; readonly editorMode?: EditorMode | null | undefined; readonly sign?: SignInput | null | undefined; readonly einvoice?: EinvoiceOption | undefined; readonly pdfStandards?: readonly PdfStandard[] | undefined } & FormOptions,
  signal?: AbortSignal,
  /** As in renderStoredTemplate. */
  diagnosticsOnly = false,
): Promise<RenderedPdf> {
  const theme = checkTheme(body.theme);
  checkStandardsWithProtect(body.pdfStandards, body.protect);
  if (body.sign) await deps.signer.check(principal.workspaceId, body.sign);
  let base;
  if (body.baseTemplateId !== undefined && body.baseTemplateId !== null) {
    // Another workspace's template, or one without a base PDF, names nothing to draw: 404 either way.
    if ((await deps.lookups.template(principal.workspaceId, body.baseTemplateId)) === undefined) throw new NotFoundError("Base template");
    base = await baseRefOf(deps.blobs, await deps.lookups.basePdf(principal.workspaceId, body.baseTemplateId));
    if (base === undefined) throw new NotFoundError("Base PDF of the base template");
  }
  return run(deps, principal, null, { cacheKey: null, content: body.content, editorMode: body.editorMode ?? inlineEditorMode(body.content), data: body.data, theme, title: undefined, now: undefined, base, ...formOptions(body), ...(body.protect !== undefined ? { protect: body.protect } : {}), ...(body.stamps !== undefined ? { stamps: body.stamps as readonly Stamp[] } : {}), ...(body.einvoice !== undefined ? { einvoice: body.einvoice } : {}), ...(body.pdfStandards !== undefined ? { pdfStandards: body.pdfStandards } : {}) }, signal, diagnosticsOnly ? undefined : body.sign);
}

/** The PDF signed as `sign` asks (PAdES; the worker signs, see DocumentSigner); unchanged without `sign`. */
async function signed(deps: ServiceDeps, principal: Principal, pdf: Uint8Array, sign: SignInput | null | undefined, signal: AbortSignal | undefined): Promise<Uint8Array> {
  if (!sign) return pdf;
  return deps.signer.sign(principal.workspaceId, pdf, sign, signal !== undefined ? { signal } : {}).catch((error: unknown) => {
    throw renderFailure(error);
  });
}

async function run(deps: ServiceDeps, principal: Principal, templateId: string | null, task: RenderTask, signal: AbortSignal | undefined, sign?: SignInput | null): Promise<RenderedPdf> {
  const started = performance.now();
  let result: RenderTaskResult;
  try {
    result = await deps.renderer.render(task, { workspaceId: principal.workspaceId, ...(signal !== undefined ? { signal } : {}) });
  } catch (error) {
    throw renderFailure(error);
  }
  if (!result.ok && result.einvoice !== undefined) throw einvoiceFailure(result.einvoice);
  if (!result.ok) {
    // A document that cannot conform to its pdfStandards: the 400 names the rule, not the template's validity.
    const standards = result.errors["pdfStandards"];
    throw standards !== undefined ? ValidationError.field("pdfStandards", standards.join(" ")) : invalidContent(result.errors);
  }
  // Signed before metering: a render whose signature fails (a box off the page, no timestamp) is not metered.
  const pdf = await signed(deps, principal, result.pdf, sign, signal);
  deps.meter.record({
    workspaceId: principal.workspaceId,
    templateId,
    source: principal.kind === "apiKey" ? "api" : "preview",
    pages: result.pages,
    bytes: pdf.byteLength,
    durationMs: performance.now() - started,
  });
  if (result.diagnostics.length > 0) {
    deps.log.debug("render diagnostics", { workspaceId: principal.workspaceId, templateId, diagnostics: result.diagnostics });
  }
  return {
    pdf,
    fileName: `${fileStem(task.title) || "document"}.pdf`,
    title: task.title,
    pages: result.pages,
    diagnostics: result.diagnostics,
  };
}

/** 422: the data cannot make the e-invoice asked for; the detail and `errors.einvoice` name the EN 16931 rule. */
export function einvoiceFailure(problem: { readonly rule: string; readonly message: string }): HttpError {
  return new HttpError(422, `The e-invoice cannot be built from this data: ${problem.message}`, { einvoice: [problem.message] });
}

/** A file name stem from a template name: letters, digits, dashes and underscores, at most 100. */
function fileStem(title: string | undefined): string {
  return (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}
