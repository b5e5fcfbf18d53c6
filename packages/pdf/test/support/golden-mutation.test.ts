// The goldens notice a wrong number: in every golden family one printed value is changed by a digit (or a date by a
// day) and the page is held against the committed golden, which must reject it. Before the local check in
// ./golden.ts each of these passed (an invoice number differed by 0.076 % of a page, a unit price by 0.003 %, a
// receipt's total by 0.075 %, all under the page-wide 0.2 %). Nothing here writes a golden, UPDATE_GOLDEN or not.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderDocument, renderHtml } from "../../src/index.js";
import { INVOICE_FRAME_ROWS, paintInvoiceFrame } from "../paint/invoice-frame.js";
import { FIXED_NOW, fixtureText } from "../render/fixtures.js";
import { PRICE_LABEL, PRICE_LABEL_DATA, PRICE_LABEL_DPI } from "../rich/price-label.js";
import { diffPngs, withinTolerance } from "./golden.js";
import { rasterise } from "./pdfjs.js";
import { goldenDir, packageRoot } from "./paths.js";

type Json = Record<string, unknown>;

/** Rasterises a PDF at the golden's scale and says, per page, whether each stays within the golden's tolerance. */
async function verdicts(pdf: Uint8Array, golden: string, scale: number): Promise<boolean[]> {
  const pngs = await rasterise(pdf, { scale });
  return Promise.all(
    pngs.map(async (png, index) => withinTolerance(await diffPngs(png, readFileSync(join(goldenDir, `${golden}-p${index + 1}.png`))))),
  );
}

async function invoice20(change: (data: Json) => void): Promise<Uint8Array> {
  const [template, text] = await Promise.all([fixtureText("invoice.template.json"), fixtureText("invoice-20.data.json")]);
  const data = JSON.parse(text) as Json;
  change(data);
  return (await renderDocument(template, data, { now: FIXED_NOW, title: "invoice.template.json" })).pdf;
}

test("render goldens: the unchanged invoice matches, and a changed invoice number, due date or unit price does not", async () => {
  assert.deepEqual(await verdicts(await invoice20(() => {}), "render/invoice-20", 1), [true], "the control matches (one page)");
  const number = await verdicts(await invoice20((d) => (d["invoiceNumber"] = "INV-2024-00021")), "render/invoice-20", 1);
  assert.equal(number[0], false, "invoice number INV-2024-00020 → …21");
  const due = await verdicts(await invoice20((d) => (d["dueDate"] = "2024-06-02")), "render/invoice-20", 1);
  assert.equal(due[0], false, "due date 2024-06-01 → 06-02");
  const price = await verdicts(
    await invoice20((d) => {
      const items = d["items"] as Json[];
      const last = items[items.length - 1]!;
      last["unitPrice"] = (last["unitPrice"] as number) + 0.01;
    }),
    "render/invoice-20",
    1,
  );
  assert.deepEqual(price, [false], "the last line's unit price one cent more");
});

test("HTML goldens: a receipt whose total differs by one digit fails", async () => {
  const dir = join(packageRoot, "test", "html", "cases");
  const html = readFileSync(join(dir, "receipt-roll.html"), "utf8");
  const data = JSON.parse(readFileSync(join(dir, "receipt-roll.data.json"), "utf8")) as Json;
  const render = async (total: number) =>
    (await renderHtml(html, { ...data, total }, { now: new Date("2026-11-23T12:00:00Z") })).pdf;
  assert.deepEqual(await verdicts(await render(data["total"] as number), "html/receipt-roll", 1), [true], "the control matches");
  assert.deepEqual(await verdicts(await render(16.6), "html/receipt-roll", 1), [false], "total 16.50 → 16.60");
});

test("rich goldens: a price label whose price differs by one digit fails", async () => {
  const render = async (price: number) =>
    (await renderDocument(PRICE_LABEL, { ...PRICE_LABEL_DATA, price }, { now: new Date("2026-11-21T12:00:00Z") })).pdf;
  const scale = PRICE_LABEL_DPI / 72;
  assert.deepEqual(await verdicts(await render(PRICE_LABEL_DATA.price), "rich/label-2x1-price", scale), [true], "the control matches");
  assert.deepEqual(await verdicts(await render(12345.6), "rich/label-2x1-price", scale), [false], "€12,345.50 → €12,345.60");
});

test("painter goldens: a frame whose amount differs by one digit fails", async () => {
  assert.deepEqual(await verdicts(await paintInvoiceFrame(), "invoice-frame", 1.5), [true], "the control matches");
  const rows = INVOICE_FRAME_ROWS.map((row, i) => (i === 2 ? ([row[0], row[1], "24.98"] as const) : row));
  assert.deepEqual(await verdicts(await paintInvoiceFrame(rows), "invoice-frame", 1.5), [false], "24.99 → 24.98");
});
