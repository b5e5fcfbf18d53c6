// Direction: substituted values are bidi-isolated, elements can set their own direction, `digits` prints
// numbers and dates with Arabic-Indic digits and matching separators, and the result carries the document's
// language and direction for the PDF catalog.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { TextRunItem } from "../../src/frame/types.js";
import { resolveDisplayText } from "../../src/tokens/resolve.js";
import { formatDate } from "../../src/tokens/date-format.js";
import { formatNumber } from "../../src/tokens/number-format.js";
import { layout, NOW, runs } from "../golden/support.js";

/** The glyph texts of one element's runs in visual order, left to right: what a reader sees. */
function seen(items: readonly TextRunItem[]): string {
  return [...items].sort((a, b) => a.x - b.x).flatMap((r) => r.glyphs.map((g) => g.text)).join("");
}

function page(elements: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    version: 4, pageSize: { id: "a5" }, schema: [], ...extra,
    bands: [{ id: "b", kind: "report-header", height: 30 * elements.length, elements: elements.map((e, i) => ({
      id: `e${i}`, type: "text", x: 0, y: 30 * i, width: 300, height: 20, fontSize: 12, ...e })) }],
  };
}

/** The runs of the i-th element (elements are 30 pt apart, one line each). */
const lineRuns = (all: readonly TextRunItem[], i: number) => {
  const top = Math.min(...all.map((r) => r.y));
  return all.filter((r) => Math.round((r.y - top) / 30) === i);
};

test("values are isolated: every value in right-to-left documents, right-to-left values everywhere", () => {
  const rtl = { root: { n: "-500.00", name: "שרה" }, locale: "en-US", timezone: "UTC", now: NOW, isolateValues: true };
  assert.equal(resolveDisplayText("סך {{ n }}", rtl), "סך \u2068-500.00\u2069");
  const ltr = { ...rtl, isolateValues: false };
  assert.equal(resolveDisplayText("{{ name }} {{ n }}", ltr), "\u2068שרה\u2069 -500.00");
  assert.equal(resolveDisplayText("{{ missing }}", rtl), "");
});

test("in a right-to-left document a negative amount keeps its minus on the left and a phone number its groups in order", () => {
  const result = layout(page([
    { text: "المبلغ: {{ amount | number:\"#,##0.00\" }}" },
    { text: "هاتف {{ phone }}" },
  ], { direction: "rtl" }), { amount: -500, phone: "+49 30 1234 5678" });
  const all = runs(result.pages[0]);
  assert.ok(seen(lineRuns(all, 0)).startsWith("-500.00"), seen(lineRuns(all, 0)));
  assert.ok(seen(lineRuns(all, 1)).startsWith("+49 30 1234 5678"), seen(lineRuns(all, 1)));
});

test("an element's own direction: an English label in a right-to-left document keeps its punctuation", () => {
  const result = layout(page([
    { text: "Invoice No.:", direction: "ltr", align: "left" },
    { text: "Invoice No.:", direction: "auto" },
    { text: "فاتورة رقم:", direction: "auto" },
  ], { direction: "rtl" }));
  const all = runs(result.pages[0]);
  assert.equal(seen(lineRuns(all, 0)), "Invoice No.:");
  assert.equal(seen(lineRuns(all, 1)), "Invoice No.:");
  const arabic = lineRuns(all, 2)[0]!;
  assert.ok(arabic.x > 200, "auto with Arabic text is right-to-left: start is the right edge");
});

test("digits: Arabic-Indic and Eastern Arabic-Indic digits with the separators that go with them", () => {
  assert.equal(formatNumber(2501, "#,##0.00", "ar-SA"), "2,501.00", "Latin digits get Latin separators");
  assert.equal(formatNumber(2501, "#,##0.00", "ar-SA", "arab"), "٢٬٥٠١٫٠٠");
  assert.equal(formatNumber(-2501.5, "#,##0.00", "fa-IR", "arabext"), "-۲٬۵۰۱٫۵۰");
  assert.equal(formatNumber(1234.5, "#,##0.00", "de-DE", "latn"), "1.234,50");
  assert.equal(formatDate("2026-03-01", "dd/MM/yyyy", "date", "ar-SA", "UTC", "arab"), "٠١/٠٣/٢٠٢٦");
  const result = layout(page([{ text: "{{ total | number:\"#,##0.00\" }}" }], { locale: "ar-SA", digits: "arab", direction: "rtl" }), { total: 1375.5 });
  assert.equal(runs(result.pages[0]).map((r) => r.text).join("").replace(/[\u2066-\u2069]/g, ""), "١٬٣٧٥٫٥٠");
});

test("the layout result names the document's language and direction", () => {
  const result = layout(page([{ text: "x" }], { locale: "ar-SA", direction: "rtl" }));
  assert.equal(result.language, "ar-SA");
  assert.equal(result.direction, "rtl");
  assert.equal(layout(page([{ text: "x" }])).language, undefined);
});
