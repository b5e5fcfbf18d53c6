// Figures: `numeric: "tabular"` gives every digit one width (OpenType tnum + lnum), the default in table
// cells and in texts printing `number`-formatted tokens; `align: "decimal"` puts a column's decimal
// separators on one vertical line.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { parseDocument } from "../../src/model/parse.js";
import { layoutParagraph } from "../../src/text/paragraph.js";
import type { ParagraphStyle } from "../../src/text/types.js";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { fonts } from "../golden/support.js";
import { measure, place, testEnv } from "./env.js";

const texts = (items: readonly FrameItem[]): TextRunItem[] => items.filter((i): i is TextRunItem => i.kind === "text");
const width = (run: TextRunItem): number => run.glyphs.reduce((w, g) => w + g.advance, 0);
const style: ParagraphStyle = { weight: 400, italic: false, size: 10, lineHeight: 1.2, letterSpacing: 0, align: "left", direction: "ltr", color: "#000000" };

test("tabular figures: 1111 is as wide as 0000 in Inter; proportional ones are not", () => {
  const at = (text: string, numeric?: "tabular" | "proportional") =>
    layoutParagraph(fonts, text, numeric ? { ...style, numeric } : style, Infinity).width;
  assert.ok(at("1111") < at("0000") - 1, "Inter's default figures are proportional");
  assert.ok(Math.abs(at("1111", "tabular") - at("0000", "tabular")) < 1e-9);
  assert.ok(at("1111", "proportional") < at("0000", "proportional") - 1);
  assert.equal(at("Invoice", "tabular"), at("Invoice"), "letters are untouched");
});

test("table cells have tabular figures by default: right-aligned amounts start at the same x", () => {
  const env = testEnv({}, { rows: [{ a: 1111.11 }, { a: 8888.88 }] });
  const block = measure({ type: "table", width: 80, height: 38, bindingField: "rows",
    columns: [{ key: "a", header: "Amount", width: 80, align: "right", format: 'number:"#,##0.00"' }] }, env);
  const [one, eight] = texts(place(block)).filter((r) => /\d/.test(r.text));
  assert.equal(one!.text, "1,111.11");
  assert.ok(Math.abs(one!.x - eight!.x) < 1e-6, `${one!.x} vs ${eight!.x}`);
  const proportional = measure({ type: "table", width: 80, height: 38, bindingField: "rows", numeric: "proportional",
    columns: [{ key: "a", header: "Amount", width: 80, align: "right", format: 'number:"#,##0.00"' }] }, env);
  const [p1, p8] = texts(place(proportional)).filter((r) => /\d/.test(r.text));
  assert.ok(Math.abs(p1!.x - p8!.x) > 1, "numeric: proportional switches it off");
});

test("a text printing a number-formatted token is tabular unless it says otherwise", () => {
  const env = testEnv({}, { t: 1111 });
  const run = (extra: Record<string, unknown>) =>
    texts(place(measure({ type: "text", width: 200, height: 20, text: "{{ t | number }}", ...extra }, env)))[0]!;
  const plain = texts(place(measure({ type: "text", width: 200, height: 20, text: "1,111" }, env)))[0]!;
  assert.ok(width(run({})) > width(plain) + 1, "tabular ones are wider than Inter's proportional 1");
  assert.ok(Math.abs(width(run({ numeric: "proportional" })) - width(plain)) < 1e-9);
});

test("align: decimal puts the decimal separators of a column on one line", () => {
  const env = testEnv({}, { rows: [{ a: "1.5" }, { a: "12.25" }, { a: "100" }, { a: "7.125" }] });
  const block = measure({ type: "table", width: 90, height: 90, bindingField: "rows",
    columns: [{ key: "a", header: "Rate", width: 90, align: "decimal" }] }, env);
  const runs = texts(place(block)).filter((r) => /\d/.test(r.text));
  const point = (run: TextRunItem): number => {
    let x = run.x;
    for (const g of run.glyphs) {
      if (g.text === ".") return x;
      x += g.advance;
    }
    return x; // a whole number ends where the separator would be
  };
  const xs = runs.map(point);
  assert.equal(runs.length, 4);
  for (const x of xs) assert.ok(Math.abs(x - xs[0]!) < 1e-6, `${xs.join(", ")}`);
  assert.ok(Math.max(...runs.map((r) => r.x + width(r))) <= 90 - 4 + 1e-6, "the longest fraction ends at the padding");
});

test("the model accepts numeric on text, markdown, tables and columns, and align: decimal on columns", () => {
  const doc = (element: Record<string, unknown>) => ({ version: 4, pageSize: { id: "a4" }, schema: [],
    bands: [{ id: "b", kind: "report-header", height: 20, elements: [{ id: "e", x: 0, y: 0, width: 10, height: 10, ...element }] }] });
  assert.ok(parseDocument(doc({ type: "text", text: "1", numeric: "tabular" })).ok);
  assert.ok(parseDocument(doc({ type: "markdown", text: "1", numeric: "proportional" })).ok);
  assert.ok(parseDocument(doc({ type: "table", bindingField: "r", numeric: "proportional",
    columns: [{ key: "a", header: "A", width: 10, align: "decimal", numeric: "tabular" }] })).ok);
  const bad = parseDocument(doc({ type: "text", text: "1", numeric: "oldstyle" }));
  assert.ok(!bad.ok && Object.keys(bad.errors).includes("bands[0].elements[0].numeric"));
});
