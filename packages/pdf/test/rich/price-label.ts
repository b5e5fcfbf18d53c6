// The golden 2×1 inch price label (test/golden/rich/label-2x1-price-p1.png), shared by its test and by the test that
// shows one changed digit of the price fails the golden.
import type { TemplateDocument } from "@docsvc/layout";

/** A thermal label printer's resolution. */
export const PRICE_LABEL_DPI = 203;

/** A name that shrinks to one line, a price, a unit line and an EAN-13 snapped to the printer's dots. */
export const PRICE_LABEL: TemplateDocument = {
  version: 4,
  pageSize: { id: "label2x1" },
  bands: [{ id: "b", kind: "report-header", height: 64, elements: [
    { id: "name", type: "text", x: 0, y: 0, width: 136, height: 12, text: "{{ name }}", fontSize: 8, fontWeight: 700, overflow: "shrink" },
    { id: "price", type: "text", x: 0, y: 12, width: 62, height: 22, text: "{{ price | number:\"€#,##0.00\" }}", fontSize: 20, fontWeight: 700, overflow: "shrink" },
    { id: "unit", type: "text", x: 64, y: 16, width: 72, height: 16, text: "{{ unit }}", fontSize: 6, lineHeight: 1.1 },
    { id: "code", type: "barcode", x: 0, y: 36, width: 136, height: 28, format: "ean13", value: "{{ ean }}", dpi: PRICE_LABEL_DPI },
  ] }],
  schema: [],
} as unknown as TemplateDocument;

/** The golden's data. */
export const PRICE_LABEL_DATA = { name: "Organic espresso beans, dark roast", price: 12345.5, unit: "1 kg · €12,345.50 per kg", ean: "590123412345" };
