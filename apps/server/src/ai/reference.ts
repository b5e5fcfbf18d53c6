// A reference upload (the `image` field): a picture up to 8 MB or a PDF up to 25 MB whose page 1 is
// rasterised in a render worker. The model sees a PNG at most 2000 px a side; the hash binds check tokens.
import { createHash } from "node:crypto";
import { sharp } from "./sharp.js";
import { HttpError, ValidationError } from "../errors.js";
import type { Renderer } from "../render/renderer.js";

/** Largest reference picture (bytes). */
export const REFERENCE_IMAGE_LIMIT = 8 * 1024 * 1024;
/** Largest reference PDF (bytes). */
export const REFERENCE_PDF_LIMIT = 25 * 1024 * 1024;
const MAX_SIDE = 2000;

/** A reference, ready for the model and for cutting pictures out of. */
export interface Reference {
  /** PNG of the page (or picture). */
  readonly png: Buffer;
  readonly widthPx: number;
  readonly heightPx: number;
  /** A PDF's page size in points; undefined for pictures (they are laid over the chosen paper). */
  readonly pdfPage: { readonly width: number; readonly height: number } | undefined;
  /** sha256 (hex) of the uploaded bytes. */
  readonly hash: string;
}

type Kind = "png" | "jpeg" | "webp" | "gif" | "pdf";

function sniff(b: Uint8Array): Kind | undefined {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString("latin1");
  if (b[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(0, 1024).includes("%PDF-")) return "pdf";
  return undefined;
}

function tooLarge(limit: number, what: string): HttpError {
  return new HttpError(413, `The reference ${what} is larger than the limit of ${limit} bytes.`);
}

/** Reads an uploaded reference; 400 for an unknown or unreadable file, 413 over its limit. */
export async function readReference(renderer: Renderer, bytes: Uint8Array): Promise<Reference> {
  const kind = sniff(bytes);
  if (kind === undefined) throw ValidationError.field("image", "image must be a PNG, JPEG, WebP or GIF picture or a PDF.");
  const hash = createHash("sha256").update(bytes).digest("hex");
  let source: Uint8Array = bytes;
  let pdfPage: Reference["pdfPage"];
  if (kind === "pdf") {
    if (bytes.byteLength > REFERENCE_PDF_LIMIT) throw tooLarge(REFERENCE_PDF_LIMIT, "PDF");
    if (renderer.rasterFirstPage === undefined) throw new HttpError(503, "This server cannot read PDF references.");
    const raster = await renderer.rasterFirstPage(bytes);
    if (!raster.ok) throw ValidationError.field("image", `The reference PDF cannot be read: ${raster.reason}`);
    source = raster.png;
    pdfPage = { width: raster.width, height: raster.height };
  } else if (bytes.byteLength > REFERENCE_IMAGE_LIMIT) {
    throw tooLarge(REFERENCE_IMAGE_LIMIT, "image");
  }
  try {
    // First frame only (GIF), EXIF orientation applied, on white: what a reader of the page sees.
    const { data, info } = await sharp(source, { pages: 1, limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, widthPx: info.width, heightPx: info.height, pdfPage, hash };
  } catch {
    throw ValidationError.field("image", "The reference picture is corrupt and cannot be read.");
  }
}
