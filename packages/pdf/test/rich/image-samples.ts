// Test images made on the fly with sharp (nothing big is committed): a 40 × 20 picture with a red left
// half, a blue right half and a green square in the top-left corner, so orientation mistakes show.
import sharp, { type Sharp } from "sharp";
import { renderDocument, type RenderReport } from "../../src/index.js";

/** The fixed clock of these renders. */
export const NOW = new Date("2026-11-21T12:00:00Z");

/** RGB pixels of the sample picture (w × h, row-major). */
export function samplePixels(width = 40, height = 20): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const marker = x < width / 4 && y < height / 2;
      const [r, g, b] = marker ? [0, 200, 0] : x < width / 2 ? [230, 20, 20] : [20, 40, 230];
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
    }
  }
  return data;
}

function sample(width = 40, height = 20): Sharp {
  return sharp(samplePixels(width, height), { raw: { width, height, channels: 3 } });
}

/** The sample picture in each raster format. */
export const makeImage = {
  png: async (): Promise<Buffer> => sample().png().toBuffer(),
  jpeg: async (): Promise<Buffer> => sample().jpeg({ quality: 95 }).toBuffer(),
  gif: async (): Promise<Buffer> => sample().gif().toBuffer(),
  webp: async (): Promise<Buffer> => sample().webp({ lossless: true }).toBuffer(),
  /** Stored turned a quarter anticlockwise, with EXIF orientation 6 saying "turn it clockwise to view". */
  jpegExif6: async (): Promise<Buffer> =>
    sharp(await sample().rotate(-90).raw().toBuffer(), { raw: { width: 20, height: 40, channels: 3 } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  bmp: async (): Promise<Buffer> => bmp24(samplePixels(), 40, 20),
};

/** A 24-bit bottom-up BMP, written by hand (sharp cannot write BMP). */
export function bmp24(rgb: Buffer, width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      out[row + x * 3] = rgb[i + 2]!;
      out[row + x * 3 + 1] = rgb[i + 1]!;
      out[row + x * 3 + 2] = rgb[i]!;
    }
  }
  return out;
}

/** A data: URL of bytes. */
export function dataUrl(mime: string, bytes: Uint8Array): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
}

/** A one-band document on a small custom page holding the given elements. */
export function page(elements: readonly Record<string, unknown>[], size = { width: 200, height: 120 }): string {
  return JSON.stringify({
    version: 4,
    pageSize: { id: "custom", ...size },
    margins: { top: 10, right: 10, bottom: 10, left: 10 },
    bands: [{ id: "b", kind: "detail", height: 20, elements: elements.map((e, i) => ({ id: `e${i}`, x: 0, y: 0, width: 80, height: 40, ...e })) }],
    schema: [],
  });
}

/** Renders a template under the fixed clock. */
export function render(template: string, data: unknown = {}): Promise<RenderReport> {
  return renderDocument(template, data, { now: NOW });
}
