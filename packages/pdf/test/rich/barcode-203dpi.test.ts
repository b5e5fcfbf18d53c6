// Barcodes for thermal printers: a 1-inch Code 128 and EAN-13 with `dpi: 203` are read back by zxing from
// a 1-bit raster at 203 dpi cut exactly to the element's box, so the quiet zones must be inside the box
// and every module a whole number of printer dots.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { join } from "node:path";
import { compareWithGolden } from "../support/golden.js";
import { goldenDir } from "../support/paths.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { crop, decodeZxing } from "./decode.js";
import { PRICE_LABEL, PRICE_LABEL_DATA, PRICE_LABEL_DPI as DPI } from "./price-label.js";

const X = 20; // points from the page edge: deliberately not a whole number of dots (20 × 203 / 72 = 56.4)

function label(format: string, value: string): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: 144, height: 72 },
    margins: { top: 10, right: 0, bottom: 0, left: X },
    bands: [{ id: "b", kind: "report-header", height: 40, elements: [
      { id: "code", type: "barcode", x: 0, y: 0, width: 72, height: 40, format, value, dpi: DPI } as never,
    ] }],
    schema: [],
  } as unknown as TemplateDocument;
}

/** Black or white only, as a thermal head prints: luminance below one half is a burnt dot. */
function oneBit(pixels: { data: Uint8ClampedArray; width: number; height: number }) {
  const data = new Uint8ClampedArray(pixels.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const dark = pixels.data[i]! * 299 + pixels.data[i + 1]! * 587 + pixels.data[i + 2]! * 114 < 128_000;
    data.fill(dark ? 0 : 255, i, i + 3);
    data[i + 3] = 255;
  }
  return { ...pixels, data };
}

for (const [format, value, decoded] of [["code128", "SHIP-AB-7X9Q", "SHIP-AB-7X9Q"], ["ean13", "590123412345", "5901234123457"]] as const) {
  test(`a 1-inch ${format} at 203 dpi decodes from a 1-bit raster of its own box`, async () => {
    const report = await renderDocument(label(format, value), {}, { now: new Date("2026-11-21T12:00:00Z") });
    const [png] = await rasterise(report.pdf, { scale: DPI / 72 });
    const pixels = oneBit(await crop(png!, { x: X, y: 10, width: 72, height: 40 }, DPI / 72, 0));
    assert.equal(decodeZxing(pixels, format), decoded);
  });
}

test("a 2×1 inch price label: the price shrinks to one line, the barcode snaps to the printer's dots", async () => {
  const report = await renderDocument(PRICE_LABEL, PRICE_LABEL_DATA, { now: new Date("2026-11-21T12:00:00Z") });
  assert.deepEqual(report.diagnostics, []);
  const pngs = await rasterise(report.pdf, { scale: DPI / 72 });
  await compareWithGolden("label-2x1-price", pngs, { dir: join(goldenDir, "rich") });
  const items = (await textItems(report.pdf))[0]!;
  assert.equal(items.filter((item) => item.str.includes("€12,345.50")).length, 2, "the price in one piece, and the unit line");
  const pixels = oneBit(await crop(pngs[0]!, { x: 4, y: 40, width: 136, height: 28 }, DPI / 72, 0));
  assert.equal(decodeZxing(pixels, "ean13"), "5901234123457");
});
