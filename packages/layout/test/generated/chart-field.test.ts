// Charts and form fields through the AI wire shape: every key of both survives document → wire → document,
// and what a model writes wrong (colliding or invalid field names, charts without series, choice fields
// without choices, bad colours) is repaired or dropped so the draft still parses.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as v from "valibot";
import { fromGenerated, GeneratedBandTemplate, parseDocument, toGenerated, uniqueFieldNames, type GeneratedElement, type TemplateDocument } from "../../src/index.js";

const chart = {
  id: "sales", type: "chart", x: 0, y: 0, width: 320, height: 200, chartType: "stackedBar", bindingField: "months", categoryKey: "month",
  series: [{ valueKey: "revenue", label: "Revenue {{year}}" }, { valueKey: "cost.total", label: "Cost", color: "#0f766e" }, { valueKey: "tax" }],
  xAxisTitle: "Month", yAxisTitle: "EUR", valueFormat: 'number:"#,##0"', categoryFormat: 'date:"MMM"', legend: "right", dataLabels: true, gridLines: false,
  colors: ["#ff0000", "@accent"], fontFamily: "Inter", fontSize: 7, color: "#374151", visibleIf: "{{showChart}}", opacity: 0.8, rotation: 90,
};

const fields = [
  { id: "f1", type: "field", kind: "text", name: "fullName", x: 0, y: 210, width: 240, height: 20, value: "{{customer.name}}", required: true, readOnly: false, fontSize: 11, color: "#111111", bg: "#f5f7fa", borderColor: "transparent", maxLength: 80, label: "Full name", visibleIf: "{{ask}}", opacity: 0.5, rotation: 0 },
  { id: "f2", type: "field", kind: "multiline", name: "notes", x: 0, y: 240, width: 240, height: 44, maxLength: 500 },
  { id: "f3", type: "field", kind: "checkbox", name: "agree", x: 0, y: 290, width: 14, height: 14, value: "{{accepted}}" },
  { id: "f4", type: "field", kind: "radio", name: "plan", x: 0, y: 310, width: 120, height: 54, options: ["Small", "Medium", "Large"], value: "{{plan}}" },
  { id: "f5", type: "field", kind: "dropdown", name: "country", x: 0, y: 370, width: 150, height: 20, options: ["France", "Japan"], value: "Japan", readOnly: true },
  { id: "f6", type: "field", kind: "date", name: "signedOn", x: 0, y: 400, width: 100, height: 20, value: '{{$today | date:"yyyy-MM-dd"}}' },
  { id: "f7", type: "field", kind: "signature", name: "signature", x: 0, y: 430, width: 200, height: 50, bg: "#f5f7fa" },
];

function documentWith(elements: readonly unknown[]): TemplateDocument {
  const parsed = parseDocument({
    version: 4,
    pageSize: { id: "a4" },
    bands: [
      { id: "head", kind: "report-header", height: 500, elements },
      { id: "rows", kind: "detail", bindingField: "items", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "{{name}}", opacity: 0.4 }] },
    ],
    schema: [{ key: "months", type: "array", fields: [{ key: "month", type: "string" }, { key: "revenue", type: "number" }] }],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.document;
}

test("a chart with every key and a field of every kind with every key go through the wire shape unchanged", () => {
  const doc = documentWith([chart, ...fields]);
  const wire = v.parse(GeneratedBandTemplate, JSON.parse(JSON.stringify(toGenerated(doc))));
  const sent = wire.bands[0]?.elements ?? [];
  assert.equal(sent.length, 8);
  assert.equal(sent[0]?.chartType, "stackedBar");
  assert.equal(sent[1]?.text, "{{customer.name}}", "a field's value travels as text, like a barcode's");
  const back = fromGenerated(wire);
  assert.ok(parseDocument(back).ok);
  assert.deepEqual(back.bands[0]?.elements, doc.bands[0]?.elements);
  // The keys every element has now travel for the other types too.
  assert.deepEqual(back.bands[1]?.elements, doc.bands[1]?.elements);
});

test("fromGenerated makes field names valid and unique across the draft and drops what cannot render", () => {
  const wired = (e: Record<string, unknown>) => ({ x: 0, y: 0, width: 100, height: 20, ...e });
  const draft = v.parse(GeneratedBandTemplate, {
    name: "Form",
    schema: [],
    bands: [
      { id: "a", parentId: null, kind: "report-header", name: null, height: 100, elements: [
        wired({ type: "field", kind: "text", name: "email" }),
        wired({ type: "field", kind: "checkbox", name: "email", text: "yes" }),
        wired({ type: "field", name: "1st name!", color: "red", maxLength: 0 }),
        wired({ type: "field", kind: "radio", name: "plan", options: [] }),
        wired({ type: "field", kind: "dropdown", name: "size", options: ["S", "S", "M"] }),
      ] },
      { id: "b", parentId: null, kind: "report-footer", name: null, height: 100, elements: [
        wired({ type: "field", kind: "signature", name: "email" }),
        wired({ type: "field", kind: "text" }),
        wired({ type: "chart", bindingField: "rows", series: [] }),
        wired({ type: "chart", bindingField: "rows", series: [{ valueKey: "v", color: "blue" }], colors: ["#123456", "nope"], opacity: 3, fontSize: 0 }),
      ] },
    ],
  });
  const doc = fromGenerated(draft);
  const parsed = parseDocument(doc);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  const all = doc.bands.flatMap((b) => b.elements) as unknown as Record<string, unknown>[];
  const named = all.filter((e) => e["type"] === "field").map((e) => [e["kind"], e["name"]]);
  assert.deepEqual(named, [["text", "email"], ["checkbox", "email-2"], ["text", "_1st_name_"], ["dropdown", "size"], ["signature", "email-3"], ["text", "field"]]);
  assert.deepEqual(all.find((e) => e["name"] === "size")?.["options"], ["S", "M"]);
  const renamed = all.find((e) => e["name"] === "_1st_name_");
  assert.deepEqual([renamed?.["maxLength"], renamed?.["color"]], [undefined, undefined], "a zero maxLength and a colour that is not one are left out");
  const charts = all.filter((e) => e["type"] === "chart");
  assert.equal(charts.length, 1, "a chart without series is dropped");
  assert.deepEqual(charts[0], { id: "b-e4", type: "chart", x: 0, y: 0, width: 100, height: 20, chartType: "bar", bindingField: "rows", series: [{ valueKey: "v" }], colors: ["#123456"], opacity: 1 });
});

test("uniqueFieldNames renames only fields whose names are taken, and takes the new names", () => {
  const taken = new Set(["agree"]);
  const elements = [
    { type: "field", name: "agree", x: 0, y: 0, width: 10, height: 10 },
    { type: "icon", name: "agree", x: 0, y: 0, width: 10, height: 10 },
    { type: "field", name: "other", x: 0, y: 0, width: 10, height: 10 },
  ] as GeneratedElement[];
  assert.deepEqual(uniqueFieldNames(elements, taken).map((e) => e.name), ["agree-2", "agree", "other"]);
  assert.deepEqual([...taken].sort(), ["agree", "agree-2", "other"]);
});
