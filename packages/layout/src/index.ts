// @docsvc/layout: the one entry. Explicit named exports only.
export type {
  Colour, PageOrientation, PageSizeSpec, Margins, Brand, DocumentFonts, SchemaFieldType, SchemaField,
  TextRole, TextAlign, VerticalAlign, TextOverflow, NumericStyle, Border, TextStyleKeys, TextElement, ImageFit, ImageElement,
  ColumnAlign, TableColumn, TableElement, LineElement, RectElement, EllipseElement, BarcodeFormat, BarcodeElement,
  MarkdownElement, IconElement, ChartType, FieldElement, FieldKind, Element, ElementType, BandKind, Band, TemplateDocument, Theme,
  Stamp, TextStamp, ImageStamp, StampPosition, StampPages,
} from "./model/types.js";
export { DOCUMENT_VERSION, ELEMENT_TYPES, BAND_KINDS, FIELD_KINDS, DOCUMENT_PDF_STANDARDS, type DocumentPdfStandard } from "./model/types.js";
export type {
  FrameColour, FrameGradient, Matrix, PositionedGlyph, TextRunItem, ShapeGeometry, ShapeStroke, ShapeItem, ImageItem, LinkItem,
  GroupItem, FrameTag, StructRole, FrameItem, Page, FrameImage, FieldItem, FieldWidget, FormFieldType,
} from "./frame/types.js";
export { flattenField, widgetIsOn } from "./frame/field-flatten.js";
export type { LayoutResult } from "./frame/result.js";
export type { FontFace } from "./text/face.js";
export type { Diagnostic } from "./diagnostics.js";
export { DiagnosticSink } from "./diagnostics.js";
export type { FaceSource, FaceMatch, FontRegistryOptions } from "./text/registry.js";
export { FontRegistry, DEFAULT_FONT_FAMILY, familyLookupKey } from "./text/registry.js";
export { DEFAULT_FALLBACK_FAMILIES } from "./text/fallback.js";
export { rankWeights, rankFaces, normaliseWeight } from "./text/font-match.js";
export { FONT_PADDING_BYTES, padFontBytes, faceKey } from "./text/font-parse.js";
export type { ParseResult } from "./model/parse.js";
export { parseDocument } from "./model/parse.js";
export { parseStamps, type StampsResult } from "./model/parse-stamps.js";
export type { ParseErrors } from "./model/errors.js";
export { flattenErrors, MAX_ERRORS, ROOT_PATH } from "./model/errors.js";
export type { PageSizeId, PageSizePreset, ResolvedPageSize } from "./model/page-sizes.js";
export { PAGE_SIZES, ROLL_BREAK_HEIGHT, CUSTOM_PAGE_MIN, CUSTOM_PAGE_MAX, resolvePageSize, findPageSizePreset } from "./model/page-sizes.js";
export { resolveMargins } from "./model/margins.js";
export type { ColourSlot, Rgb } from "./brand/colour.js";
export { COLOUR_SLOTS, isHexColour, isColourSlot, isDocumentColour, normaliseHexColour, parseHexColour } from "./brand/colour.js";
export { relativeLuminance, contrastRatio, onColour, onColourForLuminance } from "./brand/contrast.js";
export type { Palette } from "./brand/palette.js";
export { DEFAULT_BRAND, resolvePalette, resolveColour } from "./brand/palette.js";
export type { ThemeResult } from "./brand/theme.js";
export { THEME_KEYS, validateTheme } from "./brand/theme.js";
export type { TokenContext, RowScope, FilterCall, TokenPart, TemplatePart, TemplateText } from "./tokens/types.js";
export { parseTemplate, parseFilterChain } from "./tokens/parse.js";
export { lookupPath } from "./tokens/path.js";
export { resolveText, resolveDisplayText, isolateValue, evaluate } from "./tokens/resolve.js";
export { applyFilters } from "./tokens/filters.js";
export { isTruthy } from "./tokens/text.js";
export { formatNumber } from "./tokens/number-format.js";
export { formatDate } from "./tokens/date-format.js";
export type { DateKind } from "./tokens/date-pattern.js";
export type { LayoutOptions } from "./layout.js";
export { layoutDocument } from "./layout.js";
export type { LayoutResources, RasterRequest, SvgDrawing, SvgPath, SvgAlign } from "./elements/image-resources.js";
export type { SvgNode } from "./elements/svg-node.js";
export { svgDrawing } from "./elements/svg-drawing.js";
export { contentHash } from "./elements/image-bytes.js";
export type { ImageFormat } from "./elements/image-bytes.js";
export type { FrameJson, FrameJsonOptions, FrameItemJson } from "./frame/json.js";
export { frameToJson, stringifyFrame } from "./frame/json.js";
export type { ParagraphStyle, ParagraphLayout, ParagraphLine, TextDirection, TextFonts, TextDiagnostics } from "./text/types.js";
export { layoutParagraph, resetTextCaches, paragraphCacheHits, SYNTHETIC_ITALIC_SKEW } from "./text/paragraph.js";
export { measureText, minContentWidth } from "./text/measure.js";
export type { ParagraphSplit } from "./text/split.js";
export { splitParagraph, sliceParagraph, placeParagraph } from "./text/split.js";
export type { TextDecoration, DecorationOptions } from "./text/decorations.js";
export { lineDecorations, paragraphDecorations, decorationStrokes } from "./text/decorations.js";
export type { SpanStyle, RichSpan, RichParagraphStyle, RichLine, RichLayout } from "./text/rich-types.js";
export { layoutRichParagraph } from "./text/rich.js";
export type { BarcodeSymbol, LinearSymbol, MatrixSymbol, Encoding } from "./elements/barcode-encode.js";
export { encodeBarcode, gs1CheckDigit } from "./elements/barcode-encode.js";
export { escapeMarkdown } from "./elements/markdown-escape.js";
export type { FaceMetrics } from "./text/metrics.js";
export { faceMetrics } from "./text/metrics.js";
export type { ShapeCacheStats } from "./text/shape.js";
export { shapeCacheStats } from "./text/shape.js";
export { LayoutLimitError, MAX_PAGES, MAX_ROWS, type LayoutLimits } from "./flow/budget.js";
export { MAX_WEB_FONT_BYTES, MAX_WEB_FONTS } from "./html/web-fonts.js";
export { MAX_TILES as MAX_BACKGROUND_TILES } from "./html/layout/background.js";
export { MAX_IMAGE_PIXELS } from "./elements/image-store.js";
export {
  GeneratedPageSize, GeneratedCrop, GeneratedColumn, GeneratedChartSeries, GeneratedElement, GeneratedBand, GeneratedField, GeneratedBandTemplate,
} from "./generated/wire.js";
export { fromGenerated, toGenerated, pageSizeFromGenerated } from "./generated/convert.js";
export { fieldNamesOf, uniqueFieldNames } from "./generated/field-names.js";
export type { CompiledHtml } from "./html/index.js";
export { compileHtml, layoutHtml, importHtml, htmlDataPaths } from "./html/entry.js";
export type { HtmlDataPaths } from "./html/data-paths.js";
export { HtmlLimitError, MAX_DEPTH as HTML_MAX_DEPTH, MAX_ELEMENTS as HTML_MAX_ELEMENTS } from "./html/limits.js";
export type { ImportHtmlOptions, ImportHtmlResult } from "./html/import/import-html.js";
// E-invoices: CII XML from the template data through the document's einvoice mapping.
export { EINVOICE_FORMATS, EINVOICE_PROFILES, HEADER_TERMS, LINE_TERMS, BREAKDOWN_TERMS, type BreakdownMapping, type EinvoiceFormat, type EinvoiceProfile, type EinvoiceRequest, type EinvoiceMapping, type LineMapping, type MappingSource, type TemplateEinvoice, einvoiceRequestSchema, templateEinvoiceSchema, parseEinvoiceSpec, EinvoiceError, buildEinvoice, einvoiceRequest, type BuiltEinvoice, type Invoice, type InvoiceLine, type VatBreakdown, GUIDELINES, XRECHNUNG_GUIDELINE, facturxXmpFragment, facturxXmpProperties, facturxXmpSchema, conformanceLevel, FACTURX_XMP_NAMESPACE, UNIT_CODES, CURRENCY_CODES } from "./einvoice/index.js";
