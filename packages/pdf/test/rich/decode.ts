// Reads barcodes back from rendered pages: crop the element's box out of a rasterised page (plus a white
// quiet zone), then decode with zxing (every format) or jsQR (QR codes, as a second opinion).
import { createCanvas, loadImage } from "@napi-rs/canvas";
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from "@zxing/library";
import jsQRModule from "jsqr";

// jsQR is CommonJS with an ES-style default export: under NodeNext the default import is the module object.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule.default }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

/** zxing's name for each docsvc format. */
export const ZXING_FORMATS: Readonly<Record<string, BarcodeFormat>> = {
  qr: BarcodeFormat.QR_CODE,
  code128: BarcodeFormat.CODE_128,
  code39: BarcodeFormat.CODE_39,
  ean13: BarcodeFormat.EAN_13,
  ean8: BarcodeFormat.EAN_8,
  upca: BarcodeFormat.UPC_A,
  itf14: BarcodeFormat.ITF,
  datamatrix: BarcodeFormat.DATA_MATRIX,
  pdf417: BarcodeFormat.PDF_417,
};

/** A box in points on the page. */
export interface Box { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** RGBA pixels of `box` (points) from a page PNG rendered at `scale`, with `margin` points of white around. */
export async function crop(png: Uint8Array, box: Box, scale: number, margin = 12): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const image = await loadImage(Buffer.from(png));
  const width = Math.ceil((box.width + 2 * margin) * scale);
  const height = Math.ceil((box.height + 2 * margin) * scale);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  const sx = Math.round(box.x * scale);
  const sy = Math.round(box.y * scale);
  const sw = Math.round(box.width * scale);
  const sh = Math.round(box.height * scale);
  context.drawImage(image, sx, sy, sw, sh, Math.round(margin * scale), Math.round(margin * scale), sw, sh);
  const { data } = context.getImageData(0, 0, width, height);
  return { data, width, height };
}

/** Decodes the one barcode of `format` in the pixels with zxing; undefined when nothing is found. */
export function decodeZxing(pixels: { data: Uint8ClampedArray; width: number; height: number }, format: string): string | undefined {
  const zx = ZXING_FORMATS[format];
  if (zx === undefined) throw new Error(`no zxing format for ${format}`);
  const luminance = new Uint8ClampedArray(pixels.width * pixels.height);
  for (let i = 0; i < luminance.length; i++) {
    const r = pixels.data[4 * i]!;
    const g = pixels.data[4 * i + 1]!;
    const b = pixels.data[4 * i + 2]!;
    luminance[i] = (r * 299 + g * 587 + b * 114) / 1000;
  }
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [zx]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  if (format === "itf14") hints.set(DecodeHintType.ALLOWED_LENGTHS, [14]);
  reader.setHints(hints);
  try {
    const source = new RGBLuminanceSource(luminance, pixels.width, pixels.height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    return undefined;
  }
}

/** Decodes a QR code with jsQR. */
export function decodeJsQr(pixels: { data: Uint8ClampedArray; width: number; height: number }): string | undefined {
  return jsQR(pixels.data, pixels.width, pixels.height)?.data;
}
