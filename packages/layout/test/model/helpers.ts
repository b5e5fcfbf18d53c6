// Shared test material: a small valid document with every band kind and element type, and the
// repository fixtures (found by walking up, so the tests run from src via tsx and from dist alike).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Reads `fixtures/<name>` from the repository root. */
export function readFixture(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "fixtures", name);
    if (existsSync(candidate)) return readFileSync(candidate, "utf8");
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`fixture ${name} not found`);
    dir = parent;
  }
}

type Json = Record<string, unknown>;

/** One valid element of every type, keyed by type. */
export function sampleElements(): Record<string, Json> {
  const box = { x: 0, y: 0, width: 100, height: 20 };
  return {
    text: { id: "t", type: "text", ...box, text: "Hello {{name}}", role: "heading", fontFamily: "Inter", fontSize: 12, fontWeight: 700, italic: true, color: "@primary", bg: "#fff", align: "justify", verticalAlign: "middle", lineHeight: 1.4, letterSpacing: -0.2, padding: 2, border: { width: 1, color: "#112233", radius: 3 }, underline: true, strike: false, overflow: "shrink", opacity: 0.5, rotation: 90, visibleIf: "{{name}}" },
    image: { id: "i", type: "image", ...box, src: "{{logo}}", bindingField: "logo", fit: "cover" },
    table: { id: "tb", type: "table", ...box, bindingField: "items", columns: [{ key: "qty", header: "Qty", width: 40, align: "end", format: 'number:"integer"' }, { key: "name", header: "Name", width: 60 }], headerHeight: 20, rowHeight: 18, fontSize: 9, fontFamily: "Inter", headerBg: "@primary", headerColor: "@onPrimary", color: "#333", stripeBg: "#f3f4f6", borderColor: "transparent", borderWidth: 0.5, padding: 4 },
    line: { id: "l", type: "line", x: 10, y: 10, width: -10, height: -5, stroke: "@accent", strokeWidth: 1, dash: [2, 2] },
    rect: { id: "r", type: "rect", ...box, fill: "@accent", stroke: "#000", strokeWidth: 0, radius: 4 },
    ellipse: { id: "e", type: "ellipse", ...box, fill: "@onAccent", stroke: "#ABCDEF", strokeWidth: 2 },
    barcode: { id: "b", type: "barcode", ...box, format: "ean13", value: "{{ean}}", showText: true, color: "#000000" },
    markdown: { id: "m", type: "markdown", ...box, text: "**bold** and _italic_", fontSize: 10, align: "start", overflow: "clip" },
    icon: { id: "ic", type: "icon", ...box, name: "phone", color: "@primary" },
    chart: { id: "ch", type: "chart", ...box, chartType: "stackedBar", bindingField: "orders", categoryKey: "month", series: [{ valueKey: "revenue", label: "Revenue", color: "@primary" }, { valueKey: "cost" }], xAxisTitle: "Month", yAxisTitle: "EUR", valueFormat: 'number:"#,##0"', categoryFormat: 'date:"MMM"', legend: "right", dataLabels: true, gridLines: false, colors: ["#123456"], fontFamily: "Inter", fontSize: 7, color: "#333" },
    field: { id: "f", type: "field", ...box, kind: "dropdown", name: "country", value: "{{country}}", options: ["France", "Japan"], required: true, readOnly: false, fontSize: 9, color: "#111", bg: "#fff", borderColor: "@primary", label: "Country" },
  };
}

/** A valid document using every band kind and every element type. */
export function fullDocument(): Json {
  const elements = Object.values(sampleElements());
  return {
    version: 4,
    pageSize: { id: "letter", orientation: "landscape" },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    direction: "rtl",
    brand: { primary: "#123", accent: "#abcdef" },
    fonts: { body: "Inter", heading: "Lora" },
    locale: "de-DE",
    timezone: "Europe/Berlin",
    bands: [
      { id: "bg", kind: "background", height: 0, elements: [elements[4]] },
      { id: "ph", kind: "page-header", height: 30, elements: [elements[0]] },
      { id: "rh", kind: "report-header", height: 40, name: "Header", elements: elements, visibleIf: "{{show}}" },
      { id: "orders", kind: "detail", height: 20, bindingField: "orders", keepTogether: true, pageBreakBefore: true, pageBreakPerRow: true, elements: [] },
      { id: "oh", kind: "detail-header", parentId: "orders", height: 12, elements: [] },
      { id: "items", kind: "detail", parentId: "orders", bindingField: "items", height: 12, elements: [] },
      { id: "of", kind: "detail-footer", parentId: "orders", height: 12, elements: [] },
      { id: "rf", kind: "report-footer", height: 20, elements: [] },
      { id: "pf", kind: "page-footer", height: 20, elements: [] },
    ],
    schema: [
      { key: "name", type: "string", label: "Name", sample: "Ada" },
      { key: "orders", type: "array", fields: [{ key: "items", type: "array", fields: [{ key: "qty", type: "number" }] }] },
      { key: "when", type: "datetime", sample: null },
    ],
  };
}

/** The smallest valid document, with the given bands. */
export function minimalDocument(bands: unknown[] = []): Json {
  return { version: 4, pageSize: { id: "a4" }, bands, schema: [] };
}

/** A document whose only band holds one element. */
export function withElement(element: unknown): Json {
  return minimalDocument([{ id: "b", kind: "detail", height: 10, elements: [element] }]);
}
