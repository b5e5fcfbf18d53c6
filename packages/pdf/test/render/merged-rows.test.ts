// Merged batches painted from each row's encoded layout (layoutRow + paintMergedRows) instead of laying every
// row out again: the PDF must be the very bytes renderMerged writes for the same rows.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import {
  decodeRowLayout, encodeRowLayout, layoutRow, loadDesignerFonts, paintMergedRows, renderDocument, renderMerged, templateLayout,
  RenderResources, type MergedRowSource,
} from "../../src/index.js";
import { extractText } from "../support/pdfjs.js";
import type { FrameItem } from "@docsvc/layout";
import { EncodedRow } from "../../src/rows/codec.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

interface Invoice {
  readonly invoiceNumber: string;
  readonly buyer: { readonly name: string };
  readonly items: readonly unknown[];
}

async function invoiceRows(count: number): Promise<{ template: string; rows: unknown[] }> {
  const template = await fixtureText("invoice.template.json");
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as Invoice;
  const many = (JSON.parse(await fixtureText("invoice-500.data.json")) as Invoice).items.slice(0, 60);
  // Different lengths, so rows differ in glyphs and in page counts (the 60-item row takes several pages).
  const rows = Array.from({ length: count }, (_, i) => ({
    ...data,
    invoiceNumber: `INV-${i + 1}`,
    buyer: { ...data.buyer, name: `Customer ${"Ωx"[i % 2]}${i + 1}` },
    items: i === 1 ? many : data.items.slice(0, 3 + i),
  }));
  return { template, rows };
}

/** A source over encoded rows that counts reads (every row is read twice: collect, then paint). */
function source(encoded: readonly Uint8Array[]): MergedRowSource & { reads: number } {
  return {
    count: encoded.length,
    reads: 0,
    read(index) {
      this.reads += 1;
      return Promise.resolve(encoded[index]!);
    },
  };
}

async function encodedRows(template: string, rows: readonly unknown[], options: { basePdf?: Uint8Array } = {}): Promise<Uint8Array[]> {
  return Promise.all(rows.map(async (row) => (await layoutRow(template, row, { now: FIXED_NOW, paint: false, ...options })).layout));
}

/**
 * Rewrites an encoded layout (version 4) in an earlier version of the format: text items back in the pages JSON
 * without their glyphs, (version 2) naming their run as their last key; the runs' numbers and colours at the end
 * go. The arrays and images after the JSON move as one block, at another 8-byte boundary.
 */
function asVersion(bytes: Uint8Array, version: 2 | 3): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.equal(view.getUint32(4, true), 4);
  const headerLength = view.getUint32(8, true);
  const pagesLength = view.getUint32(12, true);
  const align = (n: number): number => Math.ceil(n / 8) * 8;
  const { runs } = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + headerLength))) as { runs: number };
  let run = 0;
  const strip = (items: readonly FrameItem[]): unknown[] =>
    items.map((item) => {
      if (item.kind === "group") return { ...item, items: strip(item.items) };
      if (item.kind !== "text") return item;
      const { glyphs: _, ...stored } = item;
      return version === 2 ? { ...stored, run: run++ } : stored;
    });
  const pages = EncodedRow.read(bytes).pages().map((page) => ({ width: page.width, height: page.height, items: strip(page.items) }));
  const pagesBytes = new TextEncoder().encode(JSON.stringify(pages));
  const rest = bytes.subarray(align(20 + headerLength + pagesLength), bytes.byteLength - runs * 26);
  const start = align(20 + headerLength + pagesBytes.length);
  const out = new Uint8Array(start + rest.length);
  out.set(bytes.subarray(0, 20 + headerLength));
  out.set(pagesBytes, 20 + headerLength);
  out.set(rest, start);
  const outView = new DataView(out.buffer);
  outView.setUint32(4, version, true);
  outView.setUint32(12, pagesBytes.length, true);
  return out;
}

describe("row layouts for merged batches", () => {
  test("a layout survives encoding exactly (every glyph, offset and item), faces from the registry", async () => {
    const fonts = await loadDesignerFonts();
    for (const name of ["invoice-arabic", "invoice-hebrew", "shapes"]) {
      const template = await fixtureText(`render/${name}.template.json`);
      const data = JSON.parse(await fixtureText(`render/${name}.data.json`)) as unknown;
      const layout = templateLayout(template)(data, { fonts, now: FIXED_NOW, resources: new RenderResources() });
      const decoded = decodeRowLayout(encodeRowLayout(layout), fonts);
      assert.deepEqual(decoded.pages, layout.pages, name);
      assert.deepEqual([...decoded.faces.keys()].sort(), [...layout.faces.keys()].sort(), name);
      assert.deepEqual(decoded.images, layout.images, name);
      assert.equal(decoded.language, layout.language);
      assert.equal(decoded.direction, layout.direction);
    }
  });

  test("a layout kept in an earlier format (places in the JSON; text items naming their run) still decodes exactly", async () => {
    const fonts = await loadDesignerFonts();
    for (const name of ["invoice-arabic", "shapes"]) {
      const template = await fixtureText(`render/${name}.template.json`);
      const data = JSON.parse(await fixtureText(`render/${name}.data.json`)) as unknown;
      const layout = templateLayout(template)(data, { fonts, now: FIXED_NOW, resources: new RenderResources() });
      for (const version of [3, 2] as const) {
        const decoded = decodeRowLayout(asVersion(encodeRowLayout(layout), version), fonts);
        assert.deepEqual(decoded.pages, layout.pages, `${name} v${version}`);
        assert.deepEqual(decoded.images, layout.images, `${name} v${version}`);
      }
    }
  });

  test("layoutRow paints the row's own PDF only when asked, the same bytes as renderDocument", async () => {
    const { template, rows } = await invoiceRows(1);
    const single = await renderDocument(template, rows[0], { now: FIXED_NOW, title: "T" });
    const painted = await layoutRow(template, rows[0], { now: FIXED_NOW, title: "T", paint: true });
    assert.deepEqual(painted.pdf, single.pdf);
    assert.equal(painted.pageCount, single.pageCount);
    assert.deepEqual(painted.diagnostics, single.diagnostics);
    assert.equal((await layoutRow(template, rows[0], { now: FIXED_NOW, paint: false })).pdf, undefined);
  });

  test("the merged PDF painted from encoded rows is byte for byte renderMerged's", async () => {
    const { template, rows } = await invoiceRows(5);
    const expected = await renderMerged(template, rows, { now: FIXED_NOW, title: "Batch" });
    const rowsSource = source(await encodedRows(template, rows));
    const merged = await paintMergedRows(rowsSource, { now: FIXED_NOW, title: "Batch" });
    assert.equal(rowsSource.reads, rows.length * 2);
    assert.deepEqual(merged.rowPages, expected.rowPages);
    assert.ok(merged.rowPages.some((pages) => pages > 1));
    assert.equal(merged.pageCount, expected.pageCount);
    assert.ok(Buffer.from(merged.pdf).equals(Buffer.from(expected.pdf)));
    const texts = await extractText(merged.pdf);
    assert.match(texts[merged.rowPages[0]! + merged.rowPages[1]!]!, /INV-3/);
  });

  test("right-to-left rows (marks, several texts per glyph) merge to renderMerged's bytes too", async () => {
    for (const name of ["invoice-arabic", "invoice-hebrew"]) {
      const template = await fixtureText(`render/${name}.template.json`);
      const data = JSON.parse(await fixtureText(`render/${name}.data.json`)) as Record<string, unknown>;
      const rows = [data, { ...data }, data];
      const expected = await renderMerged(template, rows, { now: FIXED_NOW });
      const merged = await paintMergedRows(source(await encodedRows(template, rows)), { now: FIXED_NOW });
      assert.ok(Buffer.from(merged.pdf).equals(Buffer.from(expected.pdf)), name);
    }
  });

  test("a base PDF restarts at its first page for each row, as in renderMerged", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const label of ["FIRST", "SECOND"]) doc.addPage([595, 842]).drawText(label, { x: 5, y: 800, size: 10, font });
    const basePdf = await doc.save();
    const { template, rows } = await invoiceRows(3);
    const expected = await renderMerged(template, rows, { now: FIXED_NOW, basePdf });
    const merged = await paintMergedRows(source(await encodedRows(template, rows, { basePdf })), { now: FIXED_NOW, basePdf });
    assert.ok(Buffer.from(merged.pdf).equals(Buffer.from(expected.pdf)));
    const texts = await extractText(merged.pdf);
    assert.match(texts[merged.rowPages[0]! + merged.rowPages[1]!]!, /FIRST/);
  });

  test("a row that cannot be read fails the merge (rows read ahead of it are settled quietly)", async () => {
    const { template, rows } = await invoiceRows(12);
    const encoded = await encodedRows(template, rows);
    const failing: MergedRowSource = {
      count: encoded.length,
      read: (index) => (index === 2 ? Promise.reject(new Error("row 2 is gone")) : Promise.resolve(encoded[index]!)),
    };
    await assert.rejects(paintMergedRows(failing, { now: FIXED_NOW }), /row 2 is gone/);
    await assert.rejects(paintMergedRows(source([new Uint8Array(64)]), { now: FIXED_NOW }), /Not an encoded row layout/);
  });

  test("a row that fails while pages are being deflated fails the merge cleanly", async () => {
    const { template, rows } = await invoiceRows(12);
    const encoded = await encodedRows(template, rows);
    const reads = new Map<number, number>();
    // Row 11 reads in the first pass (glyphs) and fails in the second, once earlier pages went to the deflate thread.
    const failing: MergedRowSource = {
      count: encoded.length,
      read: (index) => {
        reads.set(index, (reads.get(index) ?? 0) + 1);
        return index === 11 && reads.get(index) === 2 ? Promise.reject(new Error("row 11 is gone")) : Promise.resolve(encoded[index]!);
      },
    };
    await assert.rejects(paintMergedRows(failing, { now: FIXED_NOW }), /row 11 is gone/);
    // A deflate still under way when its thread was closed must not surface later as an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await paintMergedRows(source(encoded), { now: FIXED_NOW });
    assert.equal(again.rowPages.length, 12);
  });

  test("no rows is refused", async () => {
    await assert.rejects(paintMergedRows(source([]), { now: FIXED_NOW }), /at least one row/);
  });
});
