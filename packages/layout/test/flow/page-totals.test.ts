// Page subtotals: page bands total the rows that start on their page ($pageRows) and carry the earlier
// pages' rows forward ($rowsBefore, $rowsThrough), for bound details and for tables.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { layout, runs } from "../golden/support.js";

// Two decimals each, never a whole number (so no amount reads as a row number).
const amounts = Array.from({ length: 40 }, (_, i) => ({ n: i + 1, amount: Number(((i + 1) * 1.1 + 0.01).toFixed(2)) }));
const money = (rows: readonly { amount: number }[]) => {
  const cents = rows.reduce((s, r) => s + Math.round(r.amount * 100), 0);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
};
const bands = (body: Record<string, unknown>[]) => [
  { id: "ph", kind: "page-header", height: 16, elements: [
    { id: "cf", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Carried forward {{ $rowsBefore | sum:\"amount\" | number:\"0.00\" }}" }] },
  ...body,
  { id: "pf", kind: "page-footer", height: 16, elements: [
    { id: "pt", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Page total {{ $pageRows | sum:\"amount\" | number:\"0.00\" }} / to date {{ $rowsThrough | sum:\"amount\" | number:\"0.00\" }}" }] },
];

function check(result: ReturnType<typeof layout>, rowText: (t: string) => number | undefined): void {
  assert.ok(result.pages.length >= 3);
  let before: typeof amounts = [];
  result.pages.forEach((page, i) => {
    const texts = runs(page).map((r) => r.text);
    const onPage = texts.map(rowText).filter((n): n is number => n !== undefined).map((n) => amounts[n - 1]!);
    if (i === 0) assert.ok(texts.includes("Carried forward"), "nothing to carry on the first page");
    else assert.ok(texts.includes(`Carried forward ${money(before)}`), `page ${i + 1} carries ${money(before)}`);
    before = [...before, ...onPage];
    assert.ok(texts.includes(`Page total ${money(onPage)} / to date ${money(before)}`), `page ${i + 1}: ${texts.find((t) => t.startsWith("Page total"))}`);
  });
  assert.equal(before.length, amounts.length, "every row counted once");
}

test("page totals and carried-forward sums over a bound detail's rows", () => {
  const doc = { version: 4, pageSize: { id: "a6" }, schema: [], bands: bands([
    { id: "d", kind: "detail", height: 18, bindingField: "rows", elements: [
      { id: "t", type: "text", x: 0, y: 0, width: 200, height: 16, text: "Row {{ n }}" }] },
  ]) };
  check(layout(doc, { rows: amounts }), (t) => (/^Row \d+$/.test(t) ? Number(t.slice(4)) : undefined));
});

test("page totals and carried-forward sums over a table's rows (a split table counts each row once)", () => {
  const doc = { version: 4, pageSize: { id: "a6" }, schema: [], bands: bands([
    { id: "d", kind: "detail", height: 40, elements: [
      { id: "tb", type: "table", x: 0, y: 0, width: 200, height: 40, bindingField: "rows",
        columns: [{ key: "n", header: "No", width: 60 }, { key: "amount", header: "Amount", width: 100 }] }] },
  ]) };
  check(layout(doc, { rows: amounts }), (t) => (/^\d+$/.test(t) && Number(t) <= 40 ? Number(t) : undefined));
});
