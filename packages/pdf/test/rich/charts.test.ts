// Charts end to end: a bar, a line and a pie chart rendered to PDF, each compared with its golden, and their
// labels read back as text by pdf.js and by poppler's pdftotext (labels are real, searchable text).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { extractText, rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";

const NOW = new Date("2026-11-21T12:00:00Z");
const MARGIN = 20;
const WIDTH = 320;
const HEIGHT = 200;

const DATA = {
  months: [
    { month: "Jan", revenue: 1200, cost: 800 },
    { month: "Feb", revenue: 950, cost: 1020 },
    { month: "Mar", revenue: 1430, cost: 700 },
    { month: "Apr", revenue: -150, cost: 400 },
    { month: "May", revenue: 1610, cost: 900 },
  ],
  regions: [{ name: "North", share: 42 }, { name: "South", share: 28 }, { name: "East", share: 18 }, { name: "West", share: 12 }],
};

function documentFor(chart: Record<string, unknown>): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: WIDTH + 2 * MARGIN, height: HEIGHT + 2 * MARGIN },
    margins: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
    bands: [{ id: "b", kind: "report-header", height: HEIGHT, elements: [{ id: "c", type: "chart", x: 0, y: 0, width: WIDTH, height: HEIGHT, ...chart }] }],
    schema: [],
  } as unknown as TemplateDocument;
}

const CHARTS: Readonly<Record<string, { readonly chart: Record<string, unknown>; readonly labels: readonly string[] }>> = {
  bar: {
    chart: {
      chartType: "bar", bindingField: "months", categoryKey: "month", xAxisTitle: "Month", yAxisTitle: "EUR", valueFormat: 'number:"#,##0"',
      series: [{ valueKey: "revenue", label: "Revenue" }, { valueKey: "cost", label: "Cost" }], dataLabels: true,
    },
    labels: ["Jan", "May", "Month", "EUR", "Revenue", "Cost", "1,610", "-150"],
  },
  line: {
    chart: {
      chartType: "line", bindingField: "months", categoryKey: "month", yAxisTitle: "EUR", legend: "top",
      series: [{ valueKey: "revenue", label: "Revenue" }, { valueKey: "cost", label: "Cost", color: "#0f766e" }],
    },
    labels: ["Jan", "Apr", "Revenue", "Cost", "EUR"],
  },
  pie: {
    chart: { chartType: "pie", bindingField: "regions", categoryKey: "name", series: [{ valueKey: "share", label: "Share" }], legend: "right", dataLabels: true, valueFormat: 'number:"0\'%\'"' },
    labels: ["North", "South", "East", "West", "42%", "12%"],
  },
};

for (const [name, { chart, labels }] of Object.entries(CHARTS)) {
  test(`${name} chart: matches its golden; its labels are text in the PDF`, async (t) => {
    const report = await renderDocument(documentFor(chart), DATA, { now: NOW });
    assert.deepEqual(report.diagnostics, []);
    await compareWithGolden(`chart-${name}`, await rasterise(report.pdf, { scale: 2 }), { dir: join(goldenDir, "rich") });
    const [text] = await extractText(report.pdf);
    for (const label of labels) assert.ok(text?.includes(label), `pdf.js reads ${label} in ${JSON.stringify(text)}`);
    const missing = await pdftotextMissing;
    if (missing) return t.skip(missing);
    const [lines] = await pdftotextLines(report.pdf);
    const words = (lines ?? []).join(" ").split(/\s+/);
    for (const label of labels) assert.ok(words.includes(label), `pdftotext reads ${label} in ${JSON.stringify(lines)}`);
  });
}
