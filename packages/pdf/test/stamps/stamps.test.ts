// Stamps read back from the PDF: on the right pages (pdftotext per page), in merged batches and over base PDFs,
// and a "PAID" stamp compared with its golden.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { renderDocument, renderHtml, renderMerged } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { extractText, rasterise } from "../support/pdfjs.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";

const now = new Date("2026-01-01T00:00:00Z");

function template(stamps: unknown[]): string {
  return JSON.stringify({
    version: 4,
    pageSize: { id: "custom", width: 300, height: 200 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [{ id: "d", kind: "detail", bindingField: "rows", height: 50, elements: [{ id: "r", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Row {{n}} of {{name}}" }] }],
    schema: [],
    stamps,
  });
}
const rows = (name: string, count: number, paid: boolean) => ({ name, paid, rows: Array.from({ length: count }, (_, i) => ({ n: i + 1 })) });
const STAMPS = [
  { type: "text", text: "PAID", visibleIf: "paid", rotation: -20, opacity: 0.5 },
  { type: "text", text: "ORIGINAL", pages: "first", position: "top-right", fontSize: 10, width: 80, height: 14 },
  { type: "text", text: "END OF {{name}}", pages: "last", position: "bottom-left", fontSize: 10, width: 150, height: 14 },
];

describe("stamps in the PDF", async () => {
  const skip = await pdftotextMissing;

  test("each stamp on its pages, chosen by the data (pdftotext per page)", { skip }, async () => {
    const paid = await renderDocument(template(STAMPS), rows("Ada", 7, true), { now });
    const pages = (await pdftotextLines(paid.pdf)).map((lines) => lines.join(" "));
    assert.equal(pages.length, 3);
    assert.deepEqual(pages.map((p) => p.includes("ORIGINAL")), [true, false, false]);
    assert.deepEqual(pages.map((p) => p.includes("END OF Ada")), [false, false, true]);
    const texts = await extractText(paid.pdf);
    assert.deepEqual(texts.map((t) => /P\s*A\s*I\s*D/.test(t)), [true, true, true]);
    const unpaid = await extractText((await renderDocument(template(STAMPS), rows("Ada", 7, false), { now })).pdf);
    assert.deepEqual(unpaid.map((t) => /P\s*A\s*I\s*D/.test(t)), [false, false, false]);
  });

  test("a merged batch stamps each row's own pages with that row's data", { skip }, async () => {
    const merged = await renderMerged(template(STAMPS), [rows("Ada", 7, true), rows("Bob", 2, false)], { now });
    assert.deepEqual(merged.rowPages, [3, 1]);
    const pages = (await pdftotextLines(merged.pdf)).map((lines) => lines.join(" "));
    assert.deepEqual(pages.map((p) => p.includes("ORIGINAL")), [true, false, false, true]);
    assert.deepEqual(pages.map((p) => (/END OF (\w+)/.exec(p) ?? [])[1]), [undefined, undefined, "Ada", "Bob"]);
    const texts = await extractText(merged.pdf);
    assert.deepEqual(texts.map((t) => /P\s*A\s*I\s*D/.test(t)), [true, true, true, false]);
  });

  test("over a base PDF: the base page, the content and the stamps (under ones too)", { skip }, async () => {
    const base = await PDFDocument.create();
    const font = await base.embedFont(StandardFonts.Helvetica);
    base.addPage([300, 200]).drawText("Letterhead", { x: 100, y: 100, size: 10, font });
    const report = await renderDocument(template([{ type: "text", text: "BEHIND", layer: "under", position: "bottom-right", fontSize: 10, width: 80, height: 14 }, ...STAMPS]), rows("Ada", 2, true), { now, basePdf: await base.save() });
    const page = (await pdftotextLines(report.pdf))[0]!.join(" ");
    for (const text of ["Letterhead", "Row 1 of Ada", "ORIGINAL", "END OF Ada", "BEHIND"]) assert.ok(page.includes(text), `${text} in ${page}`);
  });

  test("the stamps render option: an HTML template's only stamps, added after a report's own", { skip }, async () => {
    const html = `<style>@page { size: 300pt 200pt; margin: 20pt }</style><p>Hello {{name}}</p><div style="height: 400pt"></div><p>End</p>`;
    const stamps = [{ type: "text", text: "PAID", visibleIf: "paid", rotation: -20, opacity: 0.5 }, { type: "text", text: "LAST OF {{$pages}}", pages: "last", position: "bottom-left", fontSize: 10, width: 150, height: 14 }] as const;
    const paid = await renderHtml(html, { name: "Ada", paid: true }, { now, stamps });
    const texts = await extractText(paid.pdf);
    assert.ok(texts.length >= 2);
    assert.ok(texts.every((t) => /P\s*A\s*I\s*D/.test(t)));
    const pages = (await pdftotextLines(paid.pdf)).map((lines) => lines.join(" "));
    assert.deepEqual(pages.map((p) => p.includes(`LAST OF ${pages.length}`)), pages.map((_, i) => i === pages.length - 1));
    const unpaid = await extractText((await renderHtml(html, { name: "Ada", paid: false }, { now, stamps })).pdf);
    assert.ok(unpaid.every((t) => !/P\s*A\s*I\s*D/.test(t)));
    const report = await renderDocument(template([STAMPS[1]]), rows("Ada", 1, false), { now, stamps: [{ type: "text", text: "RESENT", position: "top-left", fontSize: 10, width: 80, height: 14 }] });
    const page = (await pdftotextLines(report.pdf))[0]!.join(" ");
    assert.ok(page.includes("ORIGINAL") && page.includes("RESENT"), page);
  });

  test("golden: a PAID stamp over an invoice-like page", async () => {
    const stamp = [{ type: "text", text: "PAID", visibleIf: "paid", rotation: -25, opacity: 0.35, fontSize: 64, width: 200, height: 90, color: "#16a34a", border: { width: 4, color: "#16a34a", radius: 10 } }];
    const report = await renderDocument(template(stamp), rows("Ada", 3, true), { now });
    await compareWithGolden("stamps/paid", await rasterise(report.pdf, { scale: 1.5 }));
  });
});
