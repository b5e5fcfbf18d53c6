// Tagged PDF from report templates, read back with pdf.js: the shared invoice's structure (logo figure with its alt,
// the title heading, the line items as a table with column headers, the totals), page bands as artifacts, reading
// order; the Arabic invoice's table in logical order; the outline from heading roles; `tagged: false`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { PDFDocument, PDFName } from "pdf-lib";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { FIXED_NOW, fixtureText, renderFixture } from "../render/fixtures.js";
import { rasterise } from "../support/pdfjs.js";
import { byRole, readStructure, textOf, walk, type OutlineEntry, type StructNode } from "../support/structure.js";
import { skipUnlessCi } from "../support/ci.js";

function documentOf(tree: StructNode | null): StructNode {
  assert.ok(tree !== null, "the page has a structure tree");
  const document = tree.children[0];
  assert.equal(document?.role, "Document");
  return document;
}

const pdfinfoMissing = (() => {
  try {
    execFileSync("pdfinfo", ["-v"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "pdfinfo (poppler-utils) is not installed";
  }
})();

function pdfinfo(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "tagged-"));
  const file = join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdfinfo", [file], { encoding: "utf8" });
}

test("the shared invoice: logo figure with alt, title heading, the line items as Table/THead/TBody with column headers, in reading order", async () => {
  const { pdf } = await renderFixture("invoice.template.json", "invoice-20.data.json");
  const { pages } = await readStructure(pdf);
  assert.equal(pages.length, 1);
  const document = documentOf(pages[0]!.tree);
  const [logo, title] = document.children;
  assert.equal(logo?.role, "Figure");
  assert.equal(logo?.alt, "Northwind Components GmbH logo", "the image's alt, its tokens resolved");
  assert.equal(title?.role, "H1");
  assert.equal(title?.text, "INVOICE");

  const [table, ...more] = byRole(document, "Table");
  assert.equal(more.length, 0);
  assert.deepEqual(table!.children.map((c) => c.role), ["THead", "TBody"]);
  const [head, body] = table!.children;
  const headerCells = head!.children[0]!.children;
  assert.deepEqual(headerCells.map((c) => c.role), ["TH", "TH", "TH", "TH", "TH"]);
  assert.deepEqual(headerCells.map((c) => textOf(c).trim()), ["#", "Description", "Qty", "Unit price", "Amount"]);
  const rows = body!.children;
  assert.equal(rows.length, 20, "one TR per line item");
  for (const row of rows) {
    assert.equal(row.role, "TR");
    assert.deepEqual(row.children.map((c) => c.role), ["TD", "TD", "TD", "TD", "TD"]);
  }
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as { items: { description: string }[]; invoiceNumber: string };
  assert.equal(textOf(rows[0]!.children[0]!).trim(), "1");
  // Compared without white space: pdf.js may not see the space where a cell's line wraps.
  const squash = (text: string): string => text.replace(/\s+/g, "");
  assert.equal(squash(textOf(rows[0]!.children[1]!)), squash(data.items[0]!.description));
  assert.equal(squash(textOf(rows[19]!.children[1]!)), squash(data.items[19]!.description));

  // Reading order: title, parties, the table, then the totals (Subtotal … Total) after it.
  const order = walk(document).map((n) => n.text).filter((t) => t !== "");
  const at = (text: string): number => order.findIndex((t) => t.includes(text));
  assert.ok(at("INVOICE") < at(data.invoiceNumber), order.join(" | "));
  assert.ok(at(data.invoiceNumber) < at("BILL TO"));
  assert.ok(at("BILL TO") < at(data.items[0]!.description));
  assert.ok(at(data.items[19]!.description) < at("Subtotal"));
  assert.ok(at("Subtotal") < at("Total EUR"));
});

test("page footers and the table's rules and stripes are artifacts: in the page, not in the tree", async () => {
  const { pdf } = await renderFixture("invoice.template.json", "invoice-20.data.json");
  const { pages } = await readStructure(pdf);
  const page = pages[0]!;
  assert.match(page.artifactText, /Page 1 of 1/);
  assert.doesNotMatch(page.contentText, /Page 1 of 1/);
  const document = documentOf(page.tree);
  assert.ok(!walk(document).some((n) => n.text.includes("Page 1 of 1")));
  assert.ok(!walk(document).some((n) => n.role === "Artifact"));
});

test("a long invoice: one Table across pages, the header repeated on later pages and the page header there are artifacts", async () => {
  const { pdf, pageCount } = await renderFixture("invoice.template.json", "invoice-500.data.json");
  assert.ok(pageCount > 3);
  const { pages } = await readStructure(pdf);
  const second = pages[1]!;
  // The repeated column headers and the repeated "INVOICE" title are read once, on the first page.
  assert.match(second.artifactText, /Description/);
  assert.match(second.artifactText, /INVOICE/);
  const document = documentOf(second.tree);
  assert.equal(byRole(document, "H1").filter((h) => h.text !== "").length, 0);
  const tables = byRole(document, "Table");
  assert.equal(tables.length, 1);
  assert.ok(byRole(tables[0]!, "TR").some((tr) => textOf(tr) !== ""), "page 2 holds rows of the same table");
});

test("pdfinfo says Tagged: yes; tagged: false gives an untagged PDF with the same pixels", { skip: skipUnlessCi(pdfinfoMissing) }, async () => {
  const [content, json] = await Promise.all([fixtureText("invoice.template.json"), fixtureText("invoice-20.data.json")]);
  const data = JSON.parse(json) as unknown;
  const tagged = (await renderDocument(content, data, { now: FIXED_NOW, title: "Invoice" })).pdf;
  const plain = (await renderDocument(content, data, { now: FIXED_NOW, title: "Invoice", tagged: false })).pdf;
  assert.match(pdfinfo(tagged), /Tagged:\s+yes/);
  assert.match(pdfinfo(plain), /Tagged:\s+no/);
  const { pages } = await readStructure(plain);
  assert.equal(pages[0]!.tree, null);
  const [a, b] = await Promise.all([rasterise(tagged, { scale: 1.5 }), rasterise(plain, { scale: 1.5 })]);
  assert.ok(a[0]!.equals(b[0]!), "marked content changes no pixel");
  // The catalog: /MarkInfo /Marked true, the viewer shows the title.
  const catalog = (await PDFDocument.load(tagged)).catalog;
  assert.equal(String(catalog.lookup(PDFName.of("MarkInfo"))), "<<\n/Marked true\n>>");
  assert.match(String(catalog.lookup(PDFName.of("ViewerPreferences"))), /\/DisplayDocTitle true/);
});

test("the Arabic invoice: its table reads in logical order (first column first) although it is laid out right to left", async () => {
  const { pdf } = await renderFixture("render/invoice-arabic.template.json", "render/invoice-arabic.data.json");
  const { pages } = await readStructure(pdf);
  const document = documentOf(pages[0]!.tree);
  const [table] = byRole(document, "Table");
  assert.ok(table);
  const headers = byRole(table, "TH").map(textOf);
  assert.deepEqual(headers.slice(0, 2), ["#", "الوصف"]);
  assert.ok(headers.includes("الكمية") && headers.includes("المبلغ"));
  assert.ok(headers.indexOf("الكمية") < headers.indexOf("المبلغ"), "header cells in column order");
  const firstRow = byRole(table, "TBody")[0]!.children[0]!;
  assert.equal(textOf(firstRow.children[0]!).trim(), "1", "the row number (the rightmost column) comes first");
});

function headingDocument(): TemplateDocument {
  const text = (id: string, y: number, role: string, value: string) =>
    ({ id, type: "text", x: 0, y, width: 300, height: 20, text: value, role }) as const;
  return {
    version: 4,
    pageSize: { id: "a5" },
    bands: [
      {
        id: "rh",
        kind: "report-header",
        height: 200,
        elements: [
          text("a", 0, "h1", "Annual report"),
          text("b", 30, "h2", "Revenue"),
          text("c", 60, "p", "Revenue grew."),
          text("d", 90, "h3", "By region"),
          text("e", 120, "h2", "Costs"),
          { id: "bar", type: "barcode", x: 0, y: 150, width: 40, height: 40, format: "qr", value: "https://example.com/r/1" },
        ],
      },
      { id: "d", kind: "detail", height: 20, pageBreakBefore: true, elements: [text("f", 0, "title", "Appendix")] },
    ],
  } as unknown as TemplateDocument;
}

test("the outline: heading roles nest into bookmarks opening their page at the heading, with /PageMode /UseOutlines", async () => {
  const { pdf } = await renderDocument(headingDocument(), {}, { now: FIXED_NOW });
  const { pages, outline } = await readStructure(pdf);
  assert.ok(outline !== null);
  const shape = (entries: readonly OutlineEntry[]): unknown => entries.map((e) => ({ [e.title]: shape(e.items) }));
  assert.deepEqual(shape(outline), [{ "Annual report": [{ Revenue: [{ "By region": [] }] }, { Costs: [] }] }, { Appendix: [] }]);
  assert.equal(outline[0]!.page, 0);
  assert.equal(outline[1]!.page, 1, "the appendix heading is on the second page");
  assert.ok(outline[0]!.top !== null && outline[0]!.top > outline[0]!.items[0]!.top!, "a later heading lies lower on the page");
  const catalog = (await PDFDocument.load(pdf)).catalog;
  assert.equal(String(catalog.get(PDFName.of("PageMode"))), "/UseOutlines");
  // The barcode is a Figure whose alt defaults to its value.
  const figures = byRole(documentOf(pages[0]!.tree), "Figure");
  assert.deepEqual(figures.map((f) => f.alt), ["https://example.com/r/1"]);
  assert.deepEqual(byRole(documentOf(pages[0]!.tree), "P").map((p) => p.text), ["Revenue grew."]);
});

test("no headings, no outline; tagged: false writes none either", async () => {
  const { pdf } = await renderFixture("render/label.template.json", "render/label.data.json");
  const catalog = (await PDFDocument.load(pdf)).catalog;
  assert.equal(catalog.get(PDFName.of("Outlines")), undefined);
  assert.equal(catalog.get(PDFName.of("PageMode")), undefined);
  const plain = (await renderDocument(headingDocument(), {}, { now: FIXED_NOW, tagged: false })).pdf;
  const plainCatalog = (await PDFDocument.load(plain)).catalog;
  assert.equal(plainCatalog.get(PDFName.of("Outlines")), undefined);
  assert.equal(plainCatalog.get(PDFName.of("StructTreeRoot")), undefined);
  assert.equal(plainCatalog.get(PDFName.of("MarkInfo")), undefined);
});
