// renderMerged (one document for many rows) and base-PDF pages drawn as vectors.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { renderDocument, renderMerged } from "../../src/index.js";
import { extractText, pageSizes } from "../support/pdfjs.js";

const TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 200, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [
    { id: "rh", kind: "report-header", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 150, height: 14, text: "Hi {{name}} {{$page}}/{{$pages}}" }] },
    { id: "d", kind: "detail", bindingField: "lines", height: 30, elements: [{ id: "l", type: "text", x: 0, y: 0, width: 150, height: 14, text: "{{text}}" }] },
  ],
  schema: [],
});

const row = (name: string, lines: number) => ({ name, lines: Array.from({ length: lines }, (_, i) => ({ text: `line ${i}` })) });
const now = new Date("2026-01-01T00:00:00Z");

async function base(labels: string[], size: [number, number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const label of labels) doc.addPage(size).drawText(label, { x: 5, y: size[1] - 20, size: 10, font });
  return doc.save();
}

describe("renderMerged", () => {
  test("every row's pages in row order, page numbers per row, one embedded font", async () => {
    const rows = [row("A", 1), row("B", 6), row("C", 2)];
    const singles = await Promise.all(rows.map((r) => renderDocument(TEMPLATE, r, { now })));
    const merged = await renderMerged(TEMPLATE, rows, { now });
    assert.deepEqual(merged.rowPages, singles.map((s) => s.pageCount));
    assert.equal(merged.pageCount, singles.reduce((n, s) => n + s.pageCount, 0));
    const texts = await extractText(merged.pdf);
    assert.equal(texts.length, merged.pageCount);
    assert.match(texts[0]!, /Hi A 1\/1/);
    assert.match(texts[1]!, /Hi B 1\/\d/);
    assert.match(texts[merged.pageCount - merged.rowPages[2]!]!, /Hi C 1\//);
    assert.equal(Buffer.from(merged.pdf).toString("latin1").match(/\/Type\s*\/FontDescriptor/g)?.length, 1);
  });

  test("base pages restart for each row of a merged document", async () => {
    const rows = [row("A", 6), row("B", 1)];
    const merged = await renderMerged(TEMPLATE, rows, { now, basePdf: await base(["FIRST", "SECOND"], [200, 100]) });
    const texts = await extractText(merged.pdf);
    const firstOfB = merged.rowPages[0]!;
    assert.match(texts[0]!, /FIRST/);
    assert.match(texts[1]!, /SECOND/);
    assert.match(texts[firstOfB]!, /FIRST.*Hi B|Hi B.*FIRST/s);
  });
});

describe("base PDF pages", () => {
  test("drawn as vectors and scaled to the page; the last base page repeats", async () => {
    const report = await renderDocument(TEMPLATE, row("Z", 8), { now, basePdf: await base(["ONLY BASE"], [400, 200]) });
    assert.deepEqual(report.diagnostics, []);
    const texts = await extractText(report.pdf);
    assert.ok(texts.length > 1);
    for (const text of texts) assert.match(text, /ONLY BASE/);
    assert.deepEqual((await pageSizes(report.pdf))[0], { width: 200, height: 100 });
  });

  test("an unreadable base PDF is a diagnostic, not a failure", async () => {
    const report = await renderDocument(TEMPLATE, row("Z", 1), { now, basePdf: new TextEncoder().encode("not a pdf") });
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["base.unreadable"]);
    assert.equal(report.pageCount, 1);
  });
});
