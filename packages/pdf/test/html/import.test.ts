// import-html round trip: the shared HTML invoice imported as a v4 report document, then laid out as a report
// with the same data: a valid document, the same page count, the same text in the same order (repeated table
// headers and page furniture aside), margin boxes as page bands with page tokens, the data-each table as a
// detail band bound to the array with its header and footer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { importHtml, layoutDocument, layoutHtml, parseDocument, type LayoutResult, type TemplateDocument } from "@docsvc/layout";
import { loadDesignerFonts } from "../../src/index.js";
import { repoRoot } from "../support/paths.js";

const html = readFileSync(join(repoRoot, "fixtures", "invoice.html"), "utf8");
const HEADER = new Set(["#", "SKU", "Description", "Qty", "Unit price", "Amount"]);
const FURNITURE = /^(Page \d+ of \d+|Invoice INV-[\d-]+)$/;

function bodyWords(result: LayoutResult): string[] {
  return result.pages
    .flatMap((page) => page.items.flatMap((item) => (item.kind === "text" && !FURNITURE.test(item.text) && !HEADER.has(item.text) ? [item.text] : [])))
    .join(" ")
    .split(/\s+/);
}

async function imported(sampleData?: unknown): Promise<TemplateDocument> {
  const result = importHtml(html, { fonts: await loadDesignerFonts(), ...(sampleData === undefined ? {} : { sampleData }) });
  const parsed = parseDocument(JSON.stringify(result.document));
  assert.ok(parsed.ok, JSON.stringify(parsed.ok ? "" : parsed.errors));
  return parsed.document;
}

describe("import-html: the shared invoice", () => {
  test("margin boxes become page bands with page tokens; the data-each table a detail band with header and footer", async () => {
    const document = await imported();
    const kinds = document.bands.map((b) => b.kind);
    assert.ok(kinds.includes("page-header") && kinds.includes("page-footer"));
    const footer = document.bands.find((b) => b.kind === "page-footer");
    assert.ok(footer?.elements.some((e) => e.type === "text" && e.text === "Page {{$page}} of {{$pages}}"));
    const detail = document.bands.find((b) => b.bindingField === "items");
    assert.ok(detail, "a detail band bound to items");
    assert.ok(detail.elements.some((e) => e.type === "text" && e.text === '{{unitPrice | number:"#,##0.00"}}'));
    assert.ok(document.bands.some((b) => b.kind === "detail-header" && b.parentId === detail.id));
    assert.ok(document.bands.some((b) => b.kind === "detail-footer" && b.parentId === detail.id));
    assert.equal(document.pageSize.id, "a4");
  });

  for (const rows of [20, 500] as const) {
    test(`${rows} rows: the same page count and the same text in the same order as the HTML render`, async () => {
      const fonts = await loadDesignerFonts();
      const data = JSON.parse(readFileSync(join(repoRoot, "fixtures", `invoice-${rows}.data.json`), "utf8")) as unknown;
      const options = { fonts, now: new Date("2026-01-01T00:00:00Z") };
      const fromHtml = layoutHtml(html, data, options);
      const fromReport = layoutDocument(await imported(data), data, options);
      assert.equal(fromReport.pages.length, fromHtml.pages.length);
      assert.deepEqual(bodyWords(fromReport), bodyWords(fromHtml));
    });
  }
});
