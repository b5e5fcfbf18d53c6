// Charts and form fields through the AI endpoints, against the fake model: a draft may hold them (the model
// is told about both and its JSON schema has their keys), a revision keeps them in the bands it does not
// touch, and a field the model adds under a name the document already uses is renamed.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fromGenerated, GeneratedBandTemplate, parseDocument, toGenerated, type Element, type TemplateDocument } from "@docsvc/layout";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import * as v from "valibot";
import type { TestUser } from "../helpers/harness.js";
import { band, skeleton } from "./support/scripts.js";
import { form, post, startAiServer, type AiServer, type SseEvent } from "./support/server.js";

let s: AiServer;
let user: TestUser;

before(async () => {
  s = await startAiServer();
  user = await s.t.signup();
});
after(() => s.close());

const done = (events: readonly SseEvent[]) => events.at(-1)?.data ?? {};
const MONTHS = [{ month: "Jan", revenue: 1200 }, { month: "Feb", revenue: 950 }, { month: "Mar", revenue: 1430 }];

const CHART = {
  id: "sales", type: "chart", x: 0, y: 0, width: 300, height: 180, chartType: "bar", bindingField: "months", categoryKey: "month",
  series: [{ valueKey: "revenue", label: "Revenue", color: "#0f766e" }], xAxisTitle: "Month", yAxisTitle: "EUR", valueFormat: 'number:"#,##0"',
  legend: "bottom", dataLabels: true, gridLines: false, fontSize: 9, color: "#374151", visibleIf: "{{showChart}}",
};
const FIELD = { id: "agree", type: "field", kind: "checkbox", name: "agree", x: 320, y: 0, width: 14, height: 14, text: "{{accepted}}", required: true, label: "I agree" };
const EMAIL = { id: "email", type: "field", kind: "text", name: "email", x: 0, y: 40, width: 200, height: 20, text: "", maxLength: 120, borderColor: "#8a8f98" };

async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument({ data: pdf.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

test("a generated draft with a chart and form fields validates, renders the chart, and keeps field names unique", async () => {
  const schema = [...(skeleton()["schema"] as unknown[]), { key: "months", type: "array", fields: [{ key: "month", type: "string" }, { key: "revenue", type: "number" }], sample: MONTHS }];
  s.fake.script = (call) => {
    if (call.pass === "skeleton") return { json: skeleton({ schema }) };
    if (call.bandId === "title") return { json: band("title", [CHART, FIELD, EMAIL]) };
    // Another band's fill picks the same field name: the draft renames the later one.
    if (call.bandId === "totals") return { json: band("totals", [{ ...EMAIL, id: "email2" }]) };
    return { json: band(call.bandId ?? "?") };
  };
  s.fake.calls.length = 0;
  const res = await post(s, "/api/ai/generate-band-template", user.token, form({ prompt: "A sales report with a chart and a sign-up form" }));
  assert.equal(res.events.at(-1)?.event, "done");
  // The model was told about both types, and its answer's JSON schema has their keys.
  const fill = s.fake.calls.find((c) => c.pass === "band");
  assert.match(fill?.system ?? "", /- `chart`: .*`chartType` \(bar, stackedBar, line, area, pie, donut,/s);
  assert.match(fill?.system ?? "", /- `field`: a fillable PDF form field\. `kind` \(text, multiline, checkbox, radio, dropdown, date, signature\)/);
  const element = fill?.body["response_format"]?.json_schema?.schema?.properties?.elements?.items?.properties;
  assert.deepEqual(element?.chartType?.anyOf?.[0]?.enum, ["bar", "stackedBar", "line", "area", "pie", "donut", "scatter"]);
  assert.deepEqual(element?.kind?.anyOf?.[0]?.enum, ["text", "multiline", "checkbox", "radio", "dropdown", "date", "signature"]);
  assert.deepEqual(element?.series?.anyOf?.[0]?.items?.required, ["valueKey"]);

  const doc = fromGenerated(done(res.events)["template"]);
  const parsed = parseDocument(doc);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  const elements = doc.bands.flatMap((b) => b.elements) as unknown as Record<string, unknown>[];
  const chart = elements.find((e) => e["type"] === "chart");
  assert.deepEqual(chart, CHART);
  const fields = elements.filter((e) => e["type"] === "field").map((e) => [e["id"], e["name"], e["value"]]);
  assert.deepEqual(fields, [["agree", "agree", "{{accepted}}"], ["email", "email", ""], ["email2", "email-2", ""]]);

  const pdf = await s.t.call("POST", "/api/render", { token: user.token, body: { content: JSON.stringify(doc), data: { months: MONTHS, showChart: true, number: "INV-1" } } });
  assert.equal(pdf.status, 200, JSON.stringify(pdf.body));
  const text = await pdfText(pdf.bytes);
  for (const label of ["Jan", "Mar", "1,430", "Month", "Revenue"]) assert.ok(text.includes(label), `${label} in ${text}`);
});

const { text: _wireValue, ...FIELD_STORED } = FIELD;

function document(): TemplateDocument {
  const parsed = parseDocument({
    version: 4,
    pageSize: { id: "a4" },
    schema: [{ key: "months", type: "array", fields: [{ key: "month", type: "string" }, { key: "revenue", type: "number" }] }, { key: "accepted", type: "boolean" }],
    bands: [
      { id: "title", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 24, text: "Report" }] },
      { id: "totals", kind: "report-footer", height: 200, elements: [
        { ...CHART, series: [...CHART.series, { valueKey: "cost" }], colors: ["@primary", "#ef4444"], opacity: 0.9, rotation: 0 },
        { ...FIELD_STORED, value: "{{accepted}}" },
        { id: "plan", type: "field", kind: "radio", name: "plan", x: 340, y: 20, width: 120, height: 54, options: ["Small", "Large"], value: "Small", readOnly: true, fontSize: 9, bg: "#f5f7fa", color: "#111827" },
      ] },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.document;
}

test("a revise keeps a chart and fields of an untouched band with every key; a field it adds under a used name is renamed", async () => {
  const doc = document();
  const wire = toGenerated(doc, "Report");
  s.fake.script = (call) => {
    if (call.pass === "revise_plan") return { json: { bands: [{ id: "title", changed: true, notes: "add a checkbox" }, { id: "totals", changed: false, notes: null }] } };
    if (call.pass === "revise_band") return { json: band("title", [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 24, text: "Report" }, { ...FIELD, id: "again", x: 0, y: 26 }]) };
    return { status: 500 };
  };
  s.fake.calls.length = 0;
  const content = JSON.stringify(fromGenerated(v.parse(GeneratedBandTemplate, wire)));
  const res = await post(s, "/api/ai/revise-document", user.token, form({ document: JSON.stringify(wire), content, instruction: "Add a consent checkbox to the title" }));
  assert.equal(res.status, 200);
  assert.equal(res.events.at(-1)?.event, "done", JSON.stringify(res.events.at(-1)));
  // The model read the chart and the fields with their keys.
  const plan = s.fake.calls.find((c) => c.pass === "revise_plan")?.system ?? "";
  for (const key of ['"chartType":"bar"', '"valueKey":"revenue"', '"kind":"radio"', '"options":["Small","Large"]']) assert.ok(plan.includes(key), key);

  const revised = fromGenerated(v.parse(GeneratedBandTemplate, done(res.events)["template"]));
  const parsed = parseDocument(revised);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  assert.deepEqual(revised.bands[1]?.elements, doc.bands[1]?.elements, "the untouched band's chart and fields, every key");
  const added = revised.bands[0]?.elements.find((e: Element) => e.id === "again");
  assert.deepEqual(added && added.type === "field" ? [added.name, added.kind, added.value] : added, ["agree-2", "checkbox", "{{accepted}}"]);
});

test("refine-band renames a field the model adds under a name another band uses and keeps chart keys", async () => {
  const wire = toGenerated(document(), "Report");
  s.fake.script = (call) => (call.pass === "refine" ? { json: { elements: [{ ...FIELD, id: "f" }, { ...EMAIL, id: "e" }, { ...CHART, id: "c2", y: 60 }], newFields: [] } } : { status: 500 });
  const res = await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document: wire, bandId: "title", instruction: "add a chart and a form" } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const byId = new Map((res.body.elements as Record<string, unknown>[]).map((e) => [e["id"], e]));
  assert.equal(byId.get("f")?.["name"], "agree-2", "totals has a field named agree");
  assert.equal(byId.get("e")?.["name"], "email");
  assert.equal(byId.get("c2")?.["chartType"], "bar");
  assert.deepEqual(byId.get("c2")?.["series"], CHART.series);
});
