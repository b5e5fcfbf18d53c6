// The pure parts of the layout engine the designer shares with the renderer, imported from their source
// (they use no Node API): the document types, page sizes and margins, brand colours and token resolution.
// Sharing them means the canvas places pages, colours and sample values exactly as the PDF does.
export type {
  Band, BandKind, Element, ElementType, SchemaField, SchemaFieldType, TableColumn, TemplateDocument, TextElement, TableElement,
  Margins, PageSizeSpec, TextRole, Colour, BarcodeFormat, ChartElement, ChartSeries,
} from "../../../../packages/layout/src/model/types";
export { CHART_TYPES } from "../../../../packages/layout/src/model/types";
// Charts: the renderer's data reading and planner, so the canvas draws the chart the PDF prints.
export { readChart } from "../../../../packages/layout/src/elements/chart-data";
export { planChart, LABEL_LINE, type ChartPlan, type PlanLabel, type PlanShape } from "../../../../packages/layout/src/elements/chart-plan";
export { chartAltText } from "../../../../packages/layout/src/elements/chart-alt";
export { ELEMENT_TYPES, BAND_KINDS, FIELD_KINDS } from "../../../../packages/layout/src/model/types";
export { PAGE_SIZES, resolvePageSize } from "../../../../packages/layout/src/model/page-sizes";
export { resolveMargins } from "../../../../packages/layout/src/model/margins";
export { resolvePalette, resolveColour, type Palette } from "../../../../packages/layout/src/brand/palette";
export { resolveText } from "../../../../packages/layout/src/tokens/resolve";
export { parseTemplate, parseFilterChain } from "../../../../packages/layout/src/tokens/parse";
