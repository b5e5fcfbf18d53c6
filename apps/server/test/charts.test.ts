// Charts through the API: a stored template with a chart element renders a PDF whose labels are text; an
// invalid chart is a 400 naming the key; an HTML render draws <figure data-chart> from the request's data.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

const DATA = { sales: [{ month: "Jan", revenue: 1200 }, { month: "Feb", revenue: 950 }, { month: "Mar", revenue: 1430 }] };
const chart = (over: Record<string, unknown> = {}) => ({
  id: "c", type: "chart", x: 0, y: 0, width: 300, height: 180, chartType: "bar", bindingField: "sales", categoryKey: "month",
  series: [{ valueKey: "revenue", label: "Revenue" }], xAxisTitle: "Month", valueFormat: 'number:"#,##0"', dataLabels: true, ...over,
});
const documentWith = (element: unknown) =>
  JSON.stringify({ version: 4, pageSize: { id: "a5" }, bands: [{ id: "b", kind: "report-header", height: 180, elements: [element] }], schema: [] });

async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await pdfjs.getDocument({ data: pdf.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

describe("charts", () => {
  test("a stored template with a chart renders its labels as text", async () => {
    const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Sales", content: documentWith(chart()) } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const res = await t.call("POST", `/api/templates/${created.body.id}/render`, { token: owner.token, body: { data: DATA } });
    assert.equal(res.status, 200);
    const text = await pdfText(res.bytes);
    for (const label of ["Jan", "Feb", "Mar", "Month", "1,430"]) assert.ok(text.includes(label), `${label} in ${text}`);
  });

  test("an invalid chart is a 400 with the key's document path, nothing stored", async () => {
    const res = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Bad", content: documentWith(chart({ chartType: "radar", series: [{ label: "x" }] })) } });
    assertProblem(res, 400);
    assert.match(res.body.errors["bands[0].elements[0].chartType"]?.[0] ?? "", /expected one of: bar, stackedBar, line, area, pie, donut, scatter; got 'radar'/);
    assert.deepEqual(res.body.errors["bands[0].elements[0].series[0].valueKey"], ["is required"]);
  });

  test("an HTML render draws <figure data-chart> from the request's data", async () => {
    const content = `<h1>Sales</h1><figure data-chart='{"type":"line","bindingField":"sales","categoryKey":"month","series":[{"valueKey":"revenue","label":"Revenue"}],"yAxisTitle":"EUR"}'></figure>`;
    const res = await t.call("POST", "/api/render", { token: owner.token, body: { content, data: DATA } });
    assert.equal(res.status, 200);
    const text = await pdfText(res.bytes);
    for (const label of ["Sales", "Jan", "Mar", "EUR"]) assert.ok(text.includes(label), `${label} in ${text}`);
  });
});
