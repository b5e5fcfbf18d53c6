// @docsvc/pdf: paints LayoutResult pages into PDF bytes. Explicit named exports only.
export { paintPdf, type PaintOptions } from "./paint/document.js";
export { loadDesignerFonts, designerFontsDir, readFontManifest, FONTS_DIR_ENV, FONT_MANIFEST_FILE } from "./fonts/load.js";
export { parseFontManifest, type FontManifest, type FontManifestFamily, type FontManifestFace } from "./fonts/manifest.js";
export { renderMerged, type MergedReport } from "./merged.js";
export { encodeRowLayout, decodeRowLayout, type RowLayout } from "./rows/codec.js";
export { layoutRow, type RowLayoutReport } from "./rows/row.js";
export { paintMergedRows, type MergedRowSource, type MergedRowsReport } from "./rows/paint-rows.js";
export type { PdfOutput } from "./paint/pdfkit.js";
export { helpPaintMergedRows, type MergePeer } from "./rows/helper.js";
export { loadBasePdf, basePdfHash, type BasePdf } from "./base/base-pdf.js";
export { renderPdf, renderDocument, renderHtml, templateLayout, type TemplateContent, parseTemplateContent, InvalidDocumentError, type RenderOptions, type RenderReport } from "./render.js";
export { type RenderClock } from "./clock.js";
export { RenderResources, clearResourceCaches, resourceCacheStats, RASTER_CACHE_BYTES, SVG_CACHE_CHARS } from "./resources/resources.js";
export { protectPdf, protectProblem, type ProtectOptions } from "./protect/protect.js";
export { PERMISSIONS, type Permission } from "./protect/permissions.js";
