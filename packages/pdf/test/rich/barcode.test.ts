// Barcodes end to end: one page per symbology, compared with its golden, and read back by a decoder from
// the rasterised page (cropped to the element's box): what is printed is what was asked for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { extractText, rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { crop, decodeJsQr, decodeZxing, type Box } from "./decode.js";

const NOW = new Date("2026-11-21T12:00:00Z");
const MARGIN = 20;

interface Case {
  readonly format: string;
  /** The value written in the data (read through a token). */
  readonly value: string;
  /** What the decoder must read (GS1 formats: with the computed check digit). */
  readonly decoded: string;
  readonly width: number;
  readonly height: number;
}

const CASES: readonly Case[] = [
  { format: "qr", value: "https://docsvc.example/orders/10042?ref=label", decoded: "https://docsvc.example/orders/10042?ref=label", width: 120, height: 120 },
  { format: "code128", value: "DOC-2026-00042", decoded: "DOC-2026-00042", width: 220, height: 60 },
  { format: "code39", value: "PART-7731", decoded: "PART-7731", width: 240, height: 60 },
  { format: "ean13", value: "590123412345", decoded: "5901234123457", width: 190, height: 70 },
  { format: "ean8", value: "96385074", decoded: "96385074", width: 140, height: 60 },
  { format: "upca", value: "036000291452", decoded: "036000291452", width: 190, height: 70 },
  { format: "itf14", value: "1001234500001", decoded: "10012345000017", width: 300, height: 60 },
  { format: "datamatrix", value: "SN 4471-AX-09", decoded: "SN 4471-AX-09", width: 90, height: 90 },
  { format: "pdf417", value: "Ship 3 boxes to Dock 4 / ref 10042", decoded: "Ship 3 boxes to Dock 4 / ref 10042", width: 240, height: 90 },
];

function documentFor(c: Case, showText: boolean): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: c.width + 2 * MARGIN, height: c.height + 2 * MARGIN },
    margins: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
    bands: [{
      id: "b", kind: "report-header", height: c.height,
      elements: [{ id: "code", type: "barcode", x: 0, y: 0, width: c.width, height: c.height, format: c.format, value: "{{ code }}", showText } as never],
    }],
  } as unknown as TemplateDocument;
}

for (const c of CASES) {
  test(`barcode ${c.format}: matches its golden and decodes back to its value`, async () => {
    const report = await renderDocument(documentFor(c, true), { code: c.value }, { now: NOW });
    assert.deepEqual(report.diagnostics, []);
    await compareWithGolden(`barcode-${c.format}`, await rasterise(report.pdf, { scale: 2 }), { dir: join(goldenDir, "rich") });

    // Decoding reads the symbol alone (no text), rasterised at 4 px per point.
    const bare = await renderDocument(documentFor(c, false), { code: c.value }, { now: NOW });
    const [png] = await rasterise(bare.pdf, { scale: 4 });
    assert.ok(png);
    const box: Box = { x: MARGIN, y: MARGIN, width: c.width, height: c.height };
    const pixels = await crop(png, box, 4);
    assert.equal(decodeZxing(pixels, c.format), c.decoded);
    if (c.format === "qr") assert.equal(decodeJsQr(pixels), c.decoded);
  });
}

test("barcode human-readable text is real, extractable text (GS1 formats print the check digit)", async () => {
  const ean = CASES.find((c) => c.format === "ean13")!;
  const report = await renderDocument(documentFor(ean, true), { code: ean.value }, { now: NOW });
  const [text] = await extractText(report.pdf);
  // The retail layout: the first digit in the quiet zone, then the two halves' groups.
  assert.equal(text?.replace(/\s+/g, ""), "5901234123457");
});

test("a value the symbology refuses gives a diagnostic and an empty box, never an exception", async () => {
  const ean = CASES.find((c) => c.format === "ean13")!;
  for (const bad of ["59012341234X", "5901234123458", "12"]) {
    const report = await renderDocument(documentFor(ean, true), { code: bad }, { now: NOW });
    assert.equal(report.pageCount, 1);
    assert.deepEqual(report.diagnostics.map((d) => d.code), ["barcode.invalid"], bad);
    assert.deepEqual(await extractText(report.pdf), [""]);
  }
});
