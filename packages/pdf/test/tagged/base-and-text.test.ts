// A base PDF drawn behind the pages is an artifact of a tagged PDF (letterhead, not content); Alt texts in any
// script are written as PDF text strings pdf.js reads back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { renderDocument } from "../../src/index.js";
import { pdfTextString } from "../../src/paint/structure.js";
import { readStructure, byRole, type StructNode } from "../support/structure.js";

const now = new Date("2026-01-01T00:00:00Z");

const TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 200, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [{ id: "rh", kind: "report-header", height: 60, elements: [
    { id: "t", type: "text", x: 0, y: 30, width: 150, height: 14, text: "Body text" },
    { id: "q", type: "barcode", format: "qr", x: 160, y: 0, width: 30, height: 30, value: "x", alt: "رمز الدفع {{ref}}" },
  ] }],
  schema: [],
});

function documentOf(tree: StructNode | null): StructNode {
  assert.ok(tree !== null);
  return tree.children[0]!;
}

test("the base PDF's page is an artifact: its text is painted but is not in the structure tree", async () => {
  const baseDoc = await PDFDocument.create();
  const font = await baseDoc.embedFont(StandardFonts.Helvetica);
  baseDoc.addPage([200, 100]).drawText("LETTERHEAD", { x: 5, y: 80, size: 10, font });
  const { pdf } = await renderDocument(TEMPLATE, { ref: "A-17" }, { now, basePdf: await baseDoc.save() });
  const { pages } = await readStructure(pdf);
  assert.match(pages[0]!.artifactText, /LETTERHEAD/);
  assert.doesNotMatch(pages[0]!.contentText, /LETTERHEAD/);
  assert.match(pages[0]!.contentText, /Body text/);
  const document = documentOf(pages[0]!.tree);
  assert.deepEqual(byRole(document, "P").map((p) => p.text), ["Body text"]);
  // An alt with tokens, in Arabic: resolved and read back as written.
  assert.deepEqual(byRole(document, "Figure").map((f) => f.alt), ["رمز الدفع A-17"]);
});

test("pdfTextString: ASCII as a literal with escapes, anything else as UTF-16BE hex with a byte-order mark", () => {
  assert.equal(pdfTextString("a (b) \\ c"), "(a \\(b\\) \\\\ c)");
  assert.equal(pdfTextString("é"), "<FEFF00e9>");
  assert.equal(pdfTextString("😀"), "<FEFFd83dde00>");
});
