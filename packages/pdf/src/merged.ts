// Many data rows through one template into one PDF: each row is laid out on its own, and all pages are
// painted as one document, so fonts are subset and embedded once and each image is written once.
import type { Diagnostic, FontFace, FrameImage, LayoutResult, Page } from "@docsvc/layout";
import { loadDesignerFonts } from "./fonts/load.js";
import { deflateHere } from "./paint/deflate-thread.js";
import { paintPdf } from "./paint/document.js";
import { baseLayer, templateLayout, type RenderOptions, type TemplateContent } from "./render.js";
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
  const layoutOptions = { fonts, theme: options.theme, now: options.now ?? new Date(), resources };
  const pages: Page[] = [];
  const faces = new Map<string, FontFace>();
  const images = new Map<string, FrameImage>();
  const rowPages: number[] = [];
  let documentLanguage: Pick<LayoutResult, "language" | "direction"> = {};
  const diagnostics: (Diagnostic & { row: number })[] = [];
  for (const [row, data] of rows.entries()) {
    // As in renderDocument: a resource met for the first time is prepared, then the row is laid out again.
    let layout: LayoutResult = layoutRow(data, layoutOptions);
    if (resources.hasPending) {
      await resources.prepare();
      layout = layoutRow(data, layoutOptions);
    }
    pages.push(...layout.pages);
    // Face and image keys name their content (font id, image hash), so rows share entries safely.
    for (const [key, face] of layout.faces) faces.set(key, face);
    for (const [key, image] of layout.images) images.set(key, image);
    rowPages.push(layout.pages.length);
    if (row === 0) documentLanguage = { ...(layout.language ? { language: layout.language } : {}), ...(layout.direction ? { direction: layout.direction } : {}) };
    for (const d of layout.diagnostics) diagnostics.push({ ...d, row });
  }
  const base = await baseLayer(options);
  if (base.problem !== undefined) diagnostics.push({ ...base.problem, row: -1 });
  // Every row shares the template, so the first row's language and direction are the merged document's.
  const merged: LayoutResult = { pages, faces, images, diagnostics, ...documentLanguage };
  const pageIndexes = rowPages.flatMap((count) => Array.from({ length: count }, (_, i) => i));
  // Contents written last, as paintMergedRows writes them: the same bytes for the same rows.
  const pdf = await paintPdf(merged, { title: options.title, now: options.now, deferContents: deflateHere, ...(base.layer ? { base: { ...base.layer, pageIndexes } } : {}) });
  return { pdf, pageCount: pages.length, rowPages, diagnostics };
}
