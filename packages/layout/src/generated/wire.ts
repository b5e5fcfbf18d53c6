// The AI wire shapes (service-spec "AI wire shapes") as valibot schemas: one definition validates what a
// model answers and what a client sends, produces the JSON schema sent to the model, and describes the
// OpenAPI bodies. Optional keys are nullable because models write `null` where they mean "not set".
import * as v from "valibot";
import { BAND_KINDS, CHART_TYPES, ELEMENT_TYPES, FIELD_KINDS } from "../model/types.js";

const nullableString = v.nullish(v.string());
const nullableNumber = v.nullish(v.number());
const nullableBoolean = v.nullish(v.boolean());

/** A page size in one of its three shapes (`{id}`, `{id, orientation}`, `{id: "custom", width, height}`). */
export const GeneratedPageSize = v.object({
  id: v.pipe(v.string(), v.description("One of the 22 preset ids, or `custom` with width and height in points.")),
  orientation: v.nullish(v.picklist(["portrait", "landscape"])),
  width: nullableNumber,
  height: nullableNumber,
});

/** A rectangle of the reference page, in points from its top-left corner (a picture to cut out). */
export const GeneratedCrop = v.object({
  x: v.number(),
  y: v.number(),
  width: v.number(),
  height: v.number(),
});

/** One column of a table element. */
export const GeneratedColumn = v.object({
  key: v.pipe(v.string(), v.description("The field of each row this column prints (a path inside the row).")),
  header: v.string(),
  width: v.number(),
  align: v.pipe(v.string(), v.description("left, center, right, start or end.")),
  format: v.nullish(v.pipe(v.string(), v.description('A token pipe applied to every cell, e.g. number:"#,##0.00".'))),
});

/** One series of a chart element. */
export const GeneratedChartSeries = v.object({
  valueKey: v.pipe(v.string(), v.description("The number each row gives this series (a path inside the row).")),
  label: v.nullish(v.pipe(v.string(), v.description("Its name in the legend (tokens allowed); default the key."))),
  color: nullableString,
});

/** One element of a band; coordinates in points, relative to the band's top-left corner. */
export const GeneratedElement = v.object({
  id: nullableString,
  type: v.picklist(ELEMENT_TYPES),
  x: v.number(),
  y: v.number(),
  width: v.number(),
  height: v.number(),
  text: v.nullish(v.pipe(v.string(), v.description("Text with {{tokens}} (text, markdown); the value of a barcode; a form field's default value."))),
  role: v.nullish(v.pipe(v.string(), v.description("title, heading, subheading, body, label or caption."))),
  color: v.nullish(v.pipe(v.string(), v.description("#rrggbb or a brand slot (@primary, @accent, @onPrimary, @onAccent)."))),
  bg: nullableString,
  fill: nullableString,
  stroke: nullableString,
  strokeWidth: nullableNumber,
  align: v.nullish(v.pipe(v.string(), v.description("left, center, right, justify, start or end."))),
  bindingField: v.nullish(v.pipe(v.string(), v.description("The array a table repeats over or a chart draws, or an image field."))),
  fontFamily: nullableString,
  fontSize: nullableNumber,
  fontWeight: v.nullish(v.pipe(v.number(), v.integer())),
  italic: nullableBoolean,
  lineHeight: nullableNumber,
  columns: v.nullish(v.array(GeneratedColumn)),
  headerHeight: nullableNumber,
  rowHeight: v.nullish(v.pipe(v.number(), v.description("A table row's minimum height."))),
  headerBg: nullableString,
  headerColor: nullableString,
  stripeBg: nullableString,
  borderColor: nullableString,
  format: v.nullish(v.pipe(v.string(), v.description("Barcode symbology: qr, code128, code39, ean13, ean8, upca, itf14, datamatrix, pdf417."))),
  name: v.nullish(v.pipe(v.string(), v.description("An icon's name from the built-in set; a form field's name (letters, digits, _ and -; unique in the document)."))),
  src: v.nullish(v.pipe(v.string(), v.description("An image's data: URL (cut from the reference by the server)."))),
  crop: v.nullish(GeneratedCrop),
  visibleIf: v.nullish(v.pipe(v.string(), v.description("A token expression; the element prints only when it is truthy."))),
  opacity: v.nullish(v.pipe(v.number(), v.description("0 to 1."))),
  rotation: v.nullish(v.pipe(v.number(), v.description("Degrees clockwise about the box's centre."))),
  // chart (packages/layout/docs/charts.md)
  chartType: v.nullish(v.picklist(CHART_TYPES)),
  categoryKey: v.nullish(v.pipe(v.string(), v.description("A chart row's category label (scatter: its x value)."))),
  series: v.nullish(v.array(GeneratedChartSeries)),
  xAxisTitle: nullableString,
  yAxisTitle: nullableString,
  valueFormat: v.nullish(v.pipe(v.string(), v.description('A token pipe for the values of a chart, e.g. number:"#,##0".'))),
  categoryFormat: v.nullish(v.pipe(v.string(), v.description('A token pipe for the categories of a chart, e.g. date:"MMM".'))),
  legend: v.nullish(v.picklist(["auto", "none", "top", "bottom", "right"])),
  dataLabels: nullableBoolean,
  gridLines: nullableBoolean,
  colors: v.nullish(v.pipe(v.array(v.string()), v.description("Pie and donut slice colours, in row order."))),
  // form field (packages/layout/docs/forms.md)
  kind: v.nullish(v.picklist(FIELD_KINDS)),
  required: nullableBoolean,
  readOnly: nullableBoolean,
  options: v.nullish(v.pipe(v.array(v.string()), v.description("The choices of a dropdown or radio field, each different."))),
  maxLength: v.nullish(v.pipe(v.number(), v.integer())),
  label: v.nullish(v.pipe(v.string(), v.description("A form field's tooltip and accessible name."))),
});

/** A numeric height; a numeric string is accepted too (models write "40"). */
const height = v.union([v.number(), v.pipe(v.string(), v.regex(/^\s*\d+(\.\d+)?\s*$/, "height must be a number"))]);

/** One band, flat: `parentId` names the detail band it nests in. */
export const GeneratedBand = v.object({
  id: v.string(),
  parentId: v.nullable(v.string()),
  kind: v.picklist(BAND_KINDS),
  name: v.nullable(v.string()),
  height,
  bindingField: nullableString,
  keepTogether: nullableBoolean,
  pageBreakBefore: nullableBoolean,
  pageBreakPerRow: nullableBoolean,
  elements: v.nullish(v.array(GeneratedElement)),
  failed: v.optional(v.boolean(), false),
});

const FIELD_TYPES = ["string", "number", "date", "datetime", "boolean", "image", "array", "object"] as const;

// Three levels written out rather than a recursive schema: some providers refuse `$ref` recursion in a
// response schema, and master-detail data (orders → items → options) needs no more.
const fieldHead = {
  key: v.string(),
  type: v.picklist(FIELD_TYPES),
  label: nullableString,
  sample: v.optional(v.pipe(v.unknown(), v.description("An example value (used to render drafts)."))),
};
const leafField = v.object(fieldHead);
const innerField = v.object({ ...fieldHead, fields: v.nullish(v.array(leafField)) });

/** A data schema field; arrays and objects list their children in `fields` (up to three levels). */
export const GeneratedField = v.object({ ...fieldHead, fields: v.nullish(v.array(innerField)) });

/** A whole draft: what the AI endpoints answer and what revise and refine take back. */
export const GeneratedBandTemplate = v.object({
  name: v.string(),
  bands: v.array(GeneratedBand),
  schema: v.array(GeneratedField),
  direction: v.optional(v.picklist(["ltr", "rtl"]), "ltr"),
  bodyFont: nullableString,
  headingFont: nullableString,
  pageSize: v.nullish(GeneratedPageSize),
});

export type GeneratedPageSize = v.InferOutput<typeof GeneratedPageSize>;
export type GeneratedCrop = v.InferOutput<typeof GeneratedCrop>;
export type GeneratedColumn = v.InferOutput<typeof GeneratedColumn>;
export type GeneratedChartSeries = v.InferOutput<typeof GeneratedChartSeries>;
export type GeneratedElement = v.InferOutput<typeof GeneratedElement>;
export type GeneratedBand = v.InferOutput<typeof GeneratedBand>;
/** A data schema field as the wire carries it. */
export interface GeneratedField {
  key: string;
  type: (typeof FIELD_TYPES)[number];
  label?: string | null | undefined;
  fields?: GeneratedField[] | null | undefined;
  sample?: unknown;
}
export type GeneratedBandTemplate = v.InferOutput<typeof GeneratedBandTemplate>;
