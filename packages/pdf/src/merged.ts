// Many data rows through one template into one PDF: each row is laid out on its own, and all pages are
// painted as one document, so fonts are subset and embedded once and each image is written once.
import type { Diagnostic, LayoutResult } from "@docsvc/layout";
import { renderNow } from "./clock.js";
import { loadDesignerFonts } from "./fonts/load.js";
import { encodeRowLayout } from "./rows/codec.js";
import { paintMergedRows } from "./rows/paint-rows.js";
import { baseLayer, templateLayout, templatePdfStandards, type RenderOptions, type TemplateContent } from "./render.js";
import { RenderResources } from "./resources/resources.js";

/** A merged render: the PDF, its pages, each row's page count (in row order) and every row's diagnostics. */
export interface MergedReport {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly rowPages: readonly number[];
  readonly diagnostics: readonly (Diagnostic & { readonly row: number })[];
}

/** Renders one template once per data row into a single PDF whose pages follow the row order. */
export async function renderMerged(
  content: TemplateContent,
  rows: readonly unknown[],
  options: Omit<RenderOptions, "diagnostics"> = {},
): Promise<MergedReport> {
  const layoutRow = templateLayout(content);
  const fonts = options.fonts ?? (await loadDesignerFonts());
  // One resource set for the whole batch: a logo shared by every row is prepared once.
  const resources = new RenderResources();
  const now = renderNow(options.now);
  const layoutOptions = { fonts, theme: options.theme, now, resources, stamps: options.stamps, ...(options.forms === true ? { forms: true } : {}), ...(options.limits !== undefined ? { limits: options.limits } : {}) };
  const layouts: LayoutResult[] = [];
  const rowPages: number[] = [];
  const diagnostics: (Diagnostic & { row: number })[] = [];
  for (const [row, data] of rows.entries()) {
    // As in renderDocument: a resource met for the first time is prepared, then the row is laid out again.
    let layout: LayoutResult = layoutRow(data, layoutOptions);
    if (resources.hasPending) {
      await resources.prepare();
      layout = layoutRow(data, layoutOptions);
    }
    layouts.push(layout);
    rowPages.push(layout.pages.length);
    for (const d of layout.diagnostics) diagnostics.push({ ...d, row });
  }
  const base = await baseLayer(options);
  if (base.problem !== undefined) diagnostics.push({ ...base.problem, row: -1 });
  // Painted as a batch's merged PDF is (./rows/paint-rows.ts), so the same rows give the same bytes; the first
  // row's language and direction are the document's (every row shares the template).
  const encoded = layouts.map((layout) => encodeRowLayout(layout));
  const { pdf } = await paintMergedRows({ count: encoded.length, read: (i) => Promise.resolve(encoded[i]!) }, { ...options, fonts, now, ...(options.pdfStandards === undefined && templatePdfStandards(content) !== undefined ? { pdfStandards: templatePdfStandards(content)! } : {}) });
  return { pdf, pageCount: rowPages.reduce((a, b) => a + b, 0), rowPages, diagnostics };
}
