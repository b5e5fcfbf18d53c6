// Read-back checks: the text and geometry of rendered PDFs, extracted by pdfjs, say what the data says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PAGE_SIZES, type TemplateDocument } from "@docsvc/layout";
import { renderPdf } from "../../src/index.js";
import { pageSizes, textItems, type TextItem } from "../support/pdfjs.js";
import { FIXED_NOW, fixtureText, renderFixture } from "./fixtures.js";

interface InvoiceRow { readonly description: string; readonly qty: number; readonly unitPrice: number; readonly amount: number }

const money = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MARGIN = 42.52;
// Column left edges of the invoice table, from fixtures/invoice.template.json.
const COLUMNS = { index: [0, 28], description: [28, 290.24], qty: [290.24, 330.24], unitPrice: [330.24, 420.24], amount: [420.24, 510.24] } as const;
// The page footer band (22 pt) sits on the bottom margin of the A4 page.
const PAGE_FOOTER_TOP = 841.89 - MARGIN - 22;
const inColumn = (item: TextItem, [left, right]: readonly [number, number]) =>
  item.x >= MARGIN + left - 0.5 && item.x + item.width <= MARGIN + right + 0.5;

test("500-row invoice: every row value appears exactly once, in order, and every page reads 'Page i of N'", async () => {
  const report = await renderFixture("invoice.template.json", "invoice-500.data.json");
  const rows = (JSON.parse(await fixtureText("invoice-500.data.json")) as { items: InvoiceRow[] }).items;
  const pages = await textItems(report.pdf);
  assert.equal(pages.length, report.pageCount);
  assert.ok(pages.length >= 15 && pages.length <= 17, `about 16 pages, got ${pages.length}`);

  // The table region of each page: below the repeated header row, above the report footer and the page footer.
  const column = (key: keyof typeof COLUMNS, header: string) =>
    pages.flatMap((items) => {
      const headerRow = items.find((item) => item.str.trim() === header && inColumn(item, COLUMNS[key]));
      assert.ok(headerRow, `the table header "${header}" is repeated on every page`);
      const subtotal = items.find((item) => item.str.trim() === "Subtotal");
      return items
        .filter((item) => item.str.trim() !== "" && inColumn(item, COLUMNS[key]) && item.y > headerRow.y + 1 && item.y < PAGE_FOOTER_TOP && (!subtotal || item.y < subtotal.y - 1))
        .sort((a, b) => a.y - b.y || a.x - b.x)
        .map((item) => item.str.trim());
    });

  assert.deepEqual(column("index", "#"), rows.map((_, i) => String(i + 1)));
  assert.deepEqual(column("qty", "Qty"), rows.map((row) => row.qty.toLocaleString("en-US")));
  assert.deepEqual(column("unitPrice", "Unit price"), rows.map((row) => money(row.unitPrice)));
  assert.deepEqual(column("amount", "Amount"), rows.map((row) => money(row.amount)));
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  assert.deepEqual(words(column("description", "Description").join(" ")), words(rows.map((row) => row.description).join(" ")));

  pages.forEach((items, i) => {
    const footer = items.filter((item) => /^Page \d+ of \d+$/.test(item.str.trim())).map((item) => item.str.trim());
    assert.deepEqual(footer, [`Page ${i + 1} of ${pages.length}`]);
  });
});

test("all 22 preset page sizes are exact, portrait and landscape", async () => {
  const presets = Object.values(PAGE_SIZES);
  assert.equal(presets.length, 22);
  for (const preset of presets) {
    for (const orientation of ["portrait", "landscape"] as const) {
      const document: TemplateDocument = {
        version: 4,
        pageSize: { id: preset.id, orientation },
        bands: [{ id: "b", kind: "report-header", height: 10, elements: [
          { id: "t", type: "text", x: 0, y: 0, width: 20, height: 8, text: "x", fontSize: 6 },
        ] }],
        schema: [],
      };
      const [size] = await pageSizes(await renderPdf(document, {}, { now: FIXED_NOW }));
      assert.ok(size);
      if (preset.roll) {
        // A roll keeps its width whatever the orientation; its height is the content plus both margins,
        // never below the 36 pt minimum side of a page (packages/layout/docs/flow.md).
        assert.ok(Math.abs(size.width - preset.width) < 0.01, `${preset.id} width ${size.width}`);
        assert.ok(Math.abs(size.height - Math.max(36, 10 + 2 * preset.defaultMargin)) < 0.01, `${preset.id} height ${size.height}`);
        continue;
      }
      const [w, h] = orientation === "landscape" ? [preset.height, preset.width] : [preset.width, preset.height];
      assert.ok(Math.abs(size.width - w) < 0.01 && Math.abs(size.height - h) < 0.01,
        `${preset.id} ${orientation}: got ${size.width} × ${size.height}, expected ${w} × ${h}`);
    }
  }
});

test("the receipt roll is one page as tall as its content, 80 mm wide", async () => {
  const report = await renderFixture("receipt.template.json", "receipt.data.json");
  const lines = (JSON.parse(await fixtureText("receipt.data.json")) as { lines: { qty: number; name: string }[] }).lines;
  const [size, ...rest] = await pageSizes(report.pdf);
  assert.equal(rest.length, 0);
  assert.ok(size && Math.abs(size.width - 226.77) < 0.01);
  // The line text column is 140.77 pt of 8 pt JetBrains Mono (0.6 em a character): 29 characters. A longer
  // line wraps to two lines of 9.6 pt, growing its 12 pt band by 7.2 pt.
  const wrapped = lines.filter((line) => `${line.qty} × ${line.name}`.length > 29).length;
  assert.ok(wrapped > 0, "the fixture has lines that wrap");
  const expected = 64 + lines.length * 12 + wrapped * (2 * 9.6 - 12) + 70 + 2 * 8;
  assert.ok(size && Math.abs(size.height - expected) < 0.5, `height ${size?.height}, expected ${expected}`);
});

test("RTL invoices extract their words and put the first table column at the right", async () => {
  for (const name of ["invoice-arabic", "invoice-hebrew"]) {
    const report = await renderFixture(`render/${name}.template.json`, `render/${name}.data.json`);
    const [items] = await textItems(report.pdf);
    assert.ok(items);
    const hashHeader = items.find((item) => item.str.trim() === "#");
    const amounts = items.filter((item) => item.str.trim() === "1,000.00" || item.str.trim() === "800.00");
    assert.ok(hashHeader && amounts.length === 1, `${name}: index header and first amount found`);
    assert.ok(hashHeader.x > 500, `${name}: the first column (#) sits at the right edge, x=${hashHeader.x}`);
    assert.ok(amounts[0]!.x < 200, `${name}: the last column (amount) sits at the left`);
  }
});
