// keepWithPrevious: the invoice's totals never land on a page of their own; the last rows of the items
// table (with the table's header repeated) go along with them.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { TemplateDocument } from "../../src/model/types.js";
import { fixture, layout, runs } from "../golden/support.js";

interface Invoice { readonly items: readonly Record<string, unknown>[] }

function invoiceWith(count: number, keep: boolean): { doc: TemplateDocument; data: Invoice } {
  const doc = fixture("invoice.template.json") as TemplateDocument;
  const base = fixture("invoice-20.data.json") as Invoice;
  const items = Array.from({ length: count }, (_, i) => base.items[i % base.items.length]!);
  const bands = doc.bands.map((b) => (b.kind === "report-footer" && keep ? { ...b, keepWithPrevious: true } : b));
  return { doc: { ...doc, bands }, data: { ...base, items } };
}

for (const count of [21, 22, 23]) {
  test(`${count}-item invoice: the totals page also has the last rows and the table header`, () => {
    const { doc, data } = invoiceWith(count, true);
    const result = layout(doc, data);
    const page = result.pages.findIndex((p) => runs(p).some((r) => r.text === "Subtotal"));
    assert.ok(page >= 0);
    const texts = runs(result.pages[page]).map((r) => r.text);
    assert.ok(texts.includes(String(count)), `row ${count} is on the totals page ${page + 1}`);
    assert.ok(texts.includes("Description"), "the table header is repeated above it");
    // Every row printed exactly once.
    const indexes = result.pages.flatMap((p) => runs(p).filter((r) => /^\d+$/.test(r.text) && r.x < 75).map((r) => Number(r.text)));
    assert.deepEqual(indexes.filter((n) => n <= count), Array.from({ length: count }, (_, i) => i + 1));
  });
}

test("without keepWithPrevious the 21-item invoice's totals sit on a page without rows (what the key fixes)", () => {
  const { doc, data } = invoiceWith(21, false);
  const result = layout(doc, data);
  const page = result.pages.find((p) => runs(p).some((r) => r.text === "Subtotal"));
  assert.ok(!runs(page).some((r) => r.text === "Description"));
});

test("keepWithPrevious on a band that fits changes nothing", () => {
  const keep = layout(invoiceWith(5, true).doc, invoiceWith(5, true).data);
  const plain = layout(invoiceWith(5, false).doc, invoiceWith(5, false).data);
  assert.equal(keep.pages.length, 1);
  assert.deepEqual(runs(keep.pages[0]).map((r) => [r.text, r.x, r.y]), runs(plain.pages[0]).map((r) => [r.text, r.x, r.y]));
});
