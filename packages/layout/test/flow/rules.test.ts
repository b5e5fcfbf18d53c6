// The flow rules checked on key numbers through layoutDocument (the golden cases check whole frames).
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { findRun, fixture, layout, layoutUnchecked, pageText, runs } from "../golden/support.js";

const invoice = fixture("invoice.template.json");

test("the shared invoice: 20 rows on 1 page, 500 rows on about 16 pages with the table header on each", () => {
  const small = layout(invoice, fixture("invoice-20.data.json"));
  assert.equal(small.pages.length, 1);
  assert.deepEqual(small.diagnostics, []);
  assert.match(pageText(small.pages[0]), /Page 1 of 1/);
  const big = layout(invoice, fixture("invoice-500.data.json"));
  assert.ok(big.pages.length >= 15 && big.pages.length <= 17, `got ${big.pages.length} pages`);
  big.pages.forEach((page, i) => {
    assert.equal(runs(page).filter((r) => r.text === "Description").length, 1, `table header on page ${i + 1}`);
    assert.ok(findRun(page, `Page ${i + 1} of ${big.pages.length}`), `page footer on page ${i + 1}`);
    assert.ok(findRun(page, "INVOICE"), `page header on page ${i + 1}`);
  });
  // Every row printed exactly once, in order.
  const indexes = big.pages.flatMap((p) => runs(p).filter((r) => r.x < 75 && /^\d+$/.test(r.text)).map((r) => Number(r.text)));
  assert.deepEqual(indexes, Array.from({ length: 500 }, (_, i) => i + 1));
  // The report footer (keepTogether) is whole on the last page.
  const last = big.pages[big.pages.length - 1];
  assert.ok(findRun(last, "Subtotal") && findRun(last, "IBAN"));
});

test("the receipt is one roll page as tall as its content", () => {
  const r = layout(fixture("receipt.template.json"), fixture("receipt.data.json"));
  assert.equal(r.pages.length, 1);
  const page = r.pages[0];
  assert.ok(page);
  assert.equal(page.width, 226.77);
  // 8 + 64 (header) + 40 rows of 12, one of which wraps... + 70 (footer band) + 8
  const lastRun = runs(page).reduce((a, b) => (b.y > a.y ? b : a));
  assert.ok(page.height > lastRun.y && page.height < 14400);
});

const doc = (bands: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 4,
  pageSize: { id: "custom", width: 300, height: 400 },
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
  bands,
  schema: [],
  ...extra,
});
const text = (id: string, y: number, value: string, extra: Record<string, unknown> = {}) => ({ id, type: "text", x: 0, y, width: 260, height: 14, text: value, ...extra });

test("growth: the band grows by the growth, the next band follows", () => {
  const long = "word ".repeat(30);
  const r = layout(doc([
    { id: "a", kind: "report-header", height: 30, elements: [text("g", 0, long, { width: 100 }), text("b", 16, "below"), text("s", 0, "beside", { x: 150, width: 100 })] },
    { id: "n", kind: "detail", height: 20, elements: [text("n", 0, "next")] },
  ]));
  const page = r.pages[0];
  const grown = runs(page).filter((x) => x.text.startsWith("word"));
  const growth = grown.length * 12 - 14;
  assert.equal(findRun(page, "beside")?.y, findRun(page, "word")?.y);
  assert.equal(Math.round(((findRun(page, "below")?.y ?? 0) - 20 - 16 - 9.64) * 100) / 100, growth);
  assert.equal(Math.round(((findRun(page, "next")?.y ?? 0) - 20 - 30 - 9.64) * 100) / 100, growth);
});

test("page tokens resolve per page in headers, footers and body text", () => {
  const r = layout(doc([
    { id: "pf", kind: "page-footer", height: 14, elements: [text("f", 0, "{{$page}}/{{$pages}}")] },
    { id: "rows", kind: "detail", height: 100, bindingField: "rows", elements: [text("r", 0, "row {{$index}} on {{$page}} of {{$pages}}")] },
  ]), { rows: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  // Body 346: rows at 0, 100, 200 and 300 (its blank space below 14 pt of text is cut at the page end).
  assert.equal(r.pages.length, 3);
  assert.deepEqual(r.pages.map((p) => runs(p).map((x) => x.text)), [
    ["row 1 on 1 of 3", "row 2 on 1 of 3", "row 3 on 1 of 3", "row 4 on 1 of 3", "1/3"],
    ["row 5 on 2 of 3", "row 6 on 2 of 3", "row 7 on 2 of 3", "row 8 on 2 of 3", "2/3"],
    ["row 9 on 3 of 3", "3/3"],
  ]);
});

test("nested bindings resolve against the parent row, then outer rows, never the root unless $root names it", () => {
  const r = layoutUnchecked(doc([
    { id: "o", kind: "detail", height: 14, bindingField: "orders", elements: [text("o", 0, "order {{no}}")] },
    { id: "i", kind: "detail", height: 14, bindingField: "items", parentId: "o", elements: [text("i", 0, "{{sku}} {{no}} {{$index}} {{title}}")] },
    { id: "r", kind: "detail", height: 14, bindingField: "$root.items", parentId: "o", elements: [text("r", 0, "{{sku}} of {{no}}")] },
  ]), { title: "T", items: [{ sku: "root item" }], orders: [{ no: 1, items: [{ sku: "a" }, { sku: "b" }] }, { no: 2 }] });
  assert.deepEqual(runs(r.pages[0]).map((x) => x.text), ["order 1", "a 1 1 T", "b 1 2 T", "root item of 1", "order 2", "root item of 2"]);
  // Order 2 has no `items`: its nested band prints nothing (the root's `items` would repeat in every row).
  assert.deepEqual(r.diagnostics.map((d) => [d.code, d.path]), [["band.binding", "bands[1]"]]);
});

test("diagnostics never abort: broken parents, unknown element types and bad bindings are reported", () => {
  const r = layoutUnchecked(doc([
    { id: "x", kind: "detail", height: 20, parentId: "nope", elements: [text("t", 0, "still printed")] },
    { id: "y", kind: "detail", height: 20, bindingField: "count", elements: [text("t", 0, "no rows")] },
  ]), { count: 3 });
  assert.match(pageText(r.pages[0]), /still printed/);
  assert.doesNotMatch(pageText(r.pages[0]), /no rows/);
  assert.deepEqual(r.diagnostics.map((d) => d.code).sort(), ["band.binding", "band.parent-missing"]);
});

test("a custom page, landscape and a roll get their sizes", () => {
  assert.deepEqual(layout(doc([], { pageSize: { id: "a5", orientation: "landscape" } })).pages.map((p) => [p.width, p.height]), [[595.28, 419.53]]);
  assert.deepEqual(layout(doc([], { pageSize: { id: "custom", width: 200, height: 100 } })).pages.map((p) => [p.width, p.height]), [[200, 100]]);
  const roll = layout({ version: 4, pageSize: { id: "receipt80" }, bands: [{ id: "d", kind: "detail", height: 50, elements: [] }], schema: [] });
  assert.deepEqual(roll.pages.map((p) => [p.width, p.height]), [[226.77, 66]]);
});
