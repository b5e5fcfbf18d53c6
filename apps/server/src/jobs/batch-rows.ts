// One batch row through the render pool: what counts as a failed row, and the row's email.
import { storedEinvoice } from "../schemas/einvoice.js";
import type { PdfStandard } from "@docsvc/pdf";
import { storedFormOptions } from "../schemas/forms.js";
import { editorModeOf } from "../services/content.js";
import type { Diagnostic, Stamp, Theme } from "@docsvc/layout";
import type { ProtectOptions } from "@docsvc/pdf";
import type { BatchJobRow } from "../db/batch.js";
import type { Mailer } from "../mail/mailer.js";
import { documentMessage } from "../mail/templates/document.js";
import type { BaseRef, RenderTaskResult } from "../render/protocol.js";
import type { Renderer } from "../render/renderer.js";
import { RenderBudgetError } from "../render/budget.js";

/**
 * Diagnostics that fail a batch row. A single render still answers a PDF with the image left out, but a
 * batch row whose own data holds a broken image would silently produce a wrong document for that recipient,
 * so it is skipped and reported instead. Other diagnostics (a missing glyph or font) do not fail a row.
 */
export const ROW_FAILING_CODES: ReadonlySet<string> = new Set(["image.undecodable", "image.remote", "image.unsupported"]);

/** A rendered row, a failed row, or a job-level failure (the template content is invalid). */
export type RowOutcome =
  | {
      readonly kind: "ok";
      /** The row's own PDF; absent for a merged job's row that is not emailed (only its layout is needed). */
      readonly pdf: Uint8Array | undefined;
      /** A merged job's row laid out (see RenderTask.keepLayout). */
      readonly layout?: Uint8Array;
      readonly pages: number;
      readonly durationMs: number;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly kind: "failed"; readonly reason: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly kind: "invalid"; readonly detail: string };

function failingDiagnostic(diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find((d) => ROW_FAILING_CODES.has(d.code));
}

/**
 * Renders one row of a job. A merged job's row is only laid out when the renderer can keep layouts (its PDF
 * is painted too when the row is emailed): the merged PDF is painted from the layouts, so no row is laid out
 * twice. Which rows fail, and why, is the same either way.
 */
/** What every row of a job is rendered with besides its data: the theme, base PDF, protect and stamps options. */
export interface RowLook {
  readonly theme: Theme | undefined;
  readonly base: BaseRef | undefined;
  readonly protect?: ProtectOptions;
  readonly stamps?: readonly Stamp[];
  /** PDF/A and PDF/UA of every row's PDF (RenderOptions.pdfStandards). */
  readonly pdfStandards?: readonly PdfStandard[];
}

export async function renderRow(renderer: Renderer, job: BatchJobRow, look: RowLook, data: unknown): Promise<RowOutcome> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { kind: "failed", reason: "The row is not a JSON object.", diagnostics: [] };
  const started = performance.now();
  let result: RenderTaskResult;
  try {
    // The cache key names the job: every row shares the parsed snapshot.
    // Batch priority: interactive renders go first; rows obey the same budget as any render.
    const task = { cacheKey: `batch:${job.id}`, content: job.content, editorMode: editorModeOf(job.editor_mode), data, title: job.template_name, now: undefined, ...look, ...storedFormOptions(job.form_options), ...storedEinvoice(job.form_options) };
    const options = { workspaceId: job.workspace_id, priority: "batch" } as const;
    result = await renderer.render(keepsLayouts(renderer, job) ? { ...task, keepLayout: { paint: job.email_column !== null } } : task, options);
  } catch (err) {
    if (err instanceof RenderBudgetError) return { kind: "failed", reason: err.message, diagnostics: [] };
    return { kind: "failed", reason: `The render failed: ${err instanceof Error ? err.message : String(err)}`, diagnostics: [] };
  }
  // A row whose data cannot make its e-invoice fails alone, naming the EN 16931 rule.
  if (!result.ok && result.einvoice !== undefined) return { kind: "failed", reason: `The e-invoice cannot be built from this row: ${result.einvoice.message}`, diagnostics: [] };
  if (!result.ok) {
    // This row's text cannot conform to the job's pdfStandards (a character no font has): the row fails, not the job.
    const standards = result.errors["pdfStandards"];
    if (standards !== undefined) return { kind: "failed", reason: standards.join(" "), diagnostics: [] };
    const first = Object.entries(result.errors)[0];
    return { kind: "invalid", detail: `The template content is invalid${first ? ` (${first[0] || "$"}: ${first[1].join("; ")})` : ""}.` };
  }
  const failing = failingDiagnostic(result.diagnostics);
  if (failing !== undefined) return { kind: "failed", reason: `${failing.path}: ${failing.message} [${failing.code}]`, diagnostics: result.diagnostics };
  return {
    kind: "ok",
    // Only a layout-keeping render leaves its PDF out (empty), when the row is not emailed.
    pdf: result.layout !== undefined && result.pdf.byteLength === 0 ? undefined : result.pdf,
    ...(result.layout !== undefined ? { layout: result.layout } : {}),
    pages: result.pages,
    durationMs: performance.now() - started,
    diagnostics: result.diagnostics,
  };
}

/** A merged job keeps each row's layout when the renderer can paint from layouts. */
export function keepsLayouts(renderer: Renderer, job: Pick<BatchJobRow, "output">): boolean {
  return job.output === "merged" && renderer.mergeRows !== undefined;
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** The value at a column name (`customer.email` also reads a nested object). */
function columnValue(row: unknown, column: string): unknown {
  if (typeof row !== "object" || row === null) return undefined;
  const direct = (row as Record<string, unknown>)[column];
  if (direct !== undefined) return direct;
  let value: unknown = row;
  for (const part of column.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A row's email: why it is not sent (no valid address), or how to send it (once the row is recorded). */
export type RowEmail = { readonly note: string; readonly send?: undefined } | { readonly note: null; readonly send: (() => void) | undefined };

/**
 * The row's email to the address in its email column (nothing when the job emails no one), or why not when the
 * address is missing or invalid. Sending is left to the caller: a row is emailed only once it is recorded, so a
 * row rendered again after a crash is not emailed twice.
 */
export function rowEmail(
  mailer: Mailer,
  job: BatchJobRow,
  row: unknown,
  pdf: Uint8Array,
  fileName: string,
  link: string,
): RowEmail {
  if (job.email_column === null) return { note: null, send: undefined };
  const value = columnValue(row, job.email_column);
  const address = typeof value === "string" ? value.trim() : "";
  if (!EMAIL.test(address) || address.length > 254) {
    return { note: address === "" ? `No email address in column '${job.email_column}'.` : `'${address.slice(0, 100)}' in column '${job.email_column}' is not a valid email address.` };
  }
  return { note: null, send: () => mailer.dispatch(documentMessage({ to: address, subject: job.template_name, message: undefined, fileName, pdf, link })) };
}
