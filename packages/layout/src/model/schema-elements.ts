// Element schemas, one per `type`, joined by a variant on `type` so that errors point into the
// element the author meant rather than at every alternative.
import * as v from "valibot";
import { CHART_TYPES, ELEMENT_TYPES, FIELD_KINDS } from "./types.js";
import { array, boolean, colour, entries, nonNegative, number, object, oneOf, plainObject, positive, range, shown, string } from "./schema-primitives.js";

// Entry order is the order errors are reported in, so it follows the document: id, type, box, rest.
function head<const T extends string>(type: T) {
  return { id: string, type: v.literal(type), x: number, y: number, width: nonNegative, height: nonNegative };
}

const common = {
  visibleIf: v.optional(string),
  opacity: v.optional(range(0, 1)),
  rotation: v.optional(number),
};

const border = object({
  width: v.optional(nonNegative),
  color: v.optional(colour),
  radius: v.optional(nonNegative),
});

const textStyle = {
  role: v.optional(oneOf(["title", "heading", "subheading", "body", "label", "caption", "h1", "h2", "h3", "h4", "h5", "h6", "p"])),
  fontFamily: v.optional(string),
  fontSize: v.optional(positive),
  fontWeight: v.optional(range(100, 900)),
  italic: v.optional(boolean),
  color: v.optional(colour),
  bg: v.optional(colour),
  align: v.optional(oneOf(["left", "center", "right", "justify", "start", "end"])),
  verticalAlign: v.optional(oneOf(["top", "middle", "bottom"])),
  lineHeight: v.optional(positive),
  // Negative letter spacing tightens text, which designers do on purpose.
  letterSpacing: v.optional(number),
  padding: v.optional(nonNegative),
  border: v.optional(border),
  underline: v.optional(boolean),
  strike: v.optional(boolean),
  overflow: v.optional(oneOf(["grow", "clip", "shrink"])),
  numeric: v.optional(oneOf(["tabular", "proportional"])),
  direction: v.optional(oneOf(["ltr", "rtl", "auto"])),
  hyphens: v.optional(oneOf(["none", "manual", "auto"])),
};

const text = entries({ ...head("text"), text: string, ...textStyle, ...common });

const markdown = entries({ ...head("markdown"), text: string, ...textStyle, ...common });

// A missing or empty image value prints no image, so neither `src` nor `bindingField` is required.
const image = entries({
  ...head("image"),
  src: v.optional(string),
  bindingField: v.optional(string),
  fit: v.optional(oneOf(["contain", "cover", "fill"])),
  alt: v.optional(string),
  ...common,
});

const column = object({
  key: string,
  header: string,
  width: nonNegative,
  align: v.optional(oneOf(["left", "center", "right", "start", "end", "decimal"])),
  format: v.optional(string),
  numeric: v.optional(oneOf(["tabular", "proportional"])),
});

const table = entries({
  ...head("table"),
  bindingField: string,
  columns: array(column),
  headerHeight: v.optional(nonNegative),
  rowHeight: v.optional(nonNegative),
  fontSize: v.optional(positive),
  fontFamily: v.optional(string),
  headerBg: v.optional(colour),
  headerColor: v.optional(colour),
  color: v.optional(colour),
  stripeBg: v.optional(colour),
  borderColor: v.optional(colour),
  borderWidth: v.optional(nonNegative),
  padding: v.optional(nonNegative),
  numeric: v.optional(oneOf(["tabular", "proportional"])),
  direction: v.optional(oneOf(["ltr", "rtl", "auto"])),
  ...common,
});

// A line runs from (x, y) to (x + width, y + height): negative extents draw up or to the left.
const line = entries({
  ...head("line"),
  width: number,
  height: number,
  stroke: v.optional(colour),
  strokeWidth: v.optional(nonNegative),
  dash: v.optional(array(nonNegative)),
  ...common,
});

const rect = entries({
  ...head("rect"),
  fill: v.optional(colour),
  stroke: v.optional(colour),
  strokeWidth: v.optional(nonNegative),
  dash: v.optional(array(nonNegative)),
  radius: v.optional(nonNegative),
  ...common,
});

const ellipse = entries({
  ...head("ellipse"),
  fill: v.optional(colour),
  stroke: v.optional(colour),
  strokeWidth: v.optional(nonNegative),
  dash: v.optional(array(nonNegative)),
  ...common,
});

const barcode = entries({
  ...head("barcode"),
  format: oneOf(["qr", "code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"]),
  value: string,
  showText: v.optional(boolean),
  color: v.optional(colour),
  dpi: v.optional(positive),
  alt: v.optional(string),
  ...common,
});

// Neither `name` nor `svg` is required: like an image without a value, an empty icon draws nothing.
const icon = entries({
  ...head("icon"),
  name: v.optional(string),
  svg: v.optional(string),
  color: v.optional(colour),
  ...common,
});

const chartSeries = object({
  valueKey: string,
  label: v.optional(string),
  color: v.optional(colour),
});

const chart = entries({
  ...head("chart"),
  chartType: oneOf(CHART_TYPES),
  bindingField: string,
  categoryKey: v.optional(string),
  series: array(chartSeries),
  xAxisTitle: v.optional(string),
  yAxisTitle: v.optional(string),
  valueFormat: v.optional(string),
  categoryFormat: v.optional(string),
  legend: v.optional(oneOf(["auto", "none", "top", "bottom", "right"])),
  dataLabels: v.optional(boolean),
  gridLines: v.optional(boolean),
  colors: v.optional(array(colour)),
  fontFamily: v.optional(string),
  fontSize: v.optional(positive),
  color: v.optional(colour),
  ...common,
});

// A field's name is what a form's reader (a script, an import into a database) keys on: kept to characters
// every PDF tool round-trips, with no `.` (PDF joins a field's ancestors' names with it).
const fieldName = v.pipe(string, v.regex(/^[A-Za-z_][A-Za-z0-9_-]{0,99}$/, "must start with a letter or _ and hold only letters, digits, _ and - (at most 100)"));

const field = entries({
  ...head("field"),
  kind: oneOf(FIELD_KINDS),
  name: fieldName,
  value: v.optional(string),
  required: v.optional(boolean),
  readOnly: v.optional(boolean),
  options: v.optional(v.pipe(array(string), v.maxLength(200, "at most 200 options"))),
  fontSize: v.optional(positive),
  color: v.optional(colour),
  bg: v.optional(colour),
  borderColor: v.optional(colour),
  maxLength: v.optional(v.pipe(positive, v.integer("expected a whole number"))),
  label: v.optional(string),
  ...common,
});

const allowedTypes = ELEMENT_TYPES.join(", ");

/** Any element, chosen by its `type`. */
export const elementSchema = v.pipe(
  plainObject("an element object"),
  v.variant("type", [text, image, table, line, rect, ellipse, barcode, markdown, icon, chart, field], (issue) => {
    // The variant reports a bad discriminator at the `type` key; non-objects were turned away above.
    if (issue.input === undefined) return `is required; one of: ${allowedTypes}`;
    return `unknown element type ${shown(issue.input)}; allowed: ${allowedTypes}`;
  }),
);
