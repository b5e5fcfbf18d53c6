// Pictures cut from the reference: the model names a crop box (points of the reference page) and the
// server cuts it with sharp. Each picture stays under ~150 KB and a page under ~600 KB: first scaled
// down, then stored at lower quality; a picture that cannot fit what is left of the page is left out.
import { sharp } from "./sharp.js";
import type { GeneratedCrop, GeneratedElement } from "@docsvc/layout";
import type { Reference } from "./reference.js";

/** At most this many bytes per picture and per page (the data URL's decoded bytes). */
export const PICTURE_LIMIT = 150 * 1024;
export const PAGE_PICTURE_LIMIT = 600 * 1024;

/** Cuts pictures for one page, keeping to the page budget across calls. */
export class PictureCutter {
  private spent = 0;
  // Bands are filled in parallel; cuts run one at a time so each sees what the others spent.
  private queue: Promise<unknown> = Promise.resolve();

  /** `pagePoints`: the reference page's size in points (a PDF's page, or the chosen paper for pictures). */
  constructor(
    private readonly reference: Reference,
    private readonly pagePoints: { readonly width: number; readonly height: number },
  ) {}

  /** Bytes of pictures cut so far. */
  get bytes(): number {
    return this.spent;
  }

  /** A data: URL of the crop, or undefined when it is empty, off the page or over what is left. */
  cut(crop: GeneratedCrop): Promise<string | undefined> {
    const next = this.queue.then(() => this.cutNow(crop));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async cutNow(crop: GeneratedCrop): Promise<string | undefined> {
    const sx = this.reference.widthPx / this.pagePoints.width;
    const sy = this.reference.heightPx / this.pagePoints.height;
    const left = Math.max(0, Math.floor(crop.x * sx));
    const top = Math.max(0, Math.floor(crop.y * sy));
    const width = Math.min(this.reference.widthPx - left, Math.ceil(crop.width * sx));
    const height = Math.min(this.reference.heightPx - top, Math.ceil(crop.height * sy));
    if (!(width >= 1 && height >= 1)) return undefined;
    const budget = Math.min(PICTURE_LIMIT, PAGE_PICTURE_LIMIT - this.spent);
    const encoded = await encodeWithin(sharp(this.reference.png).extract({ left, top, width, height }), width, budget);
    if (encoded === undefined) return undefined;
    this.spent += encoded.bytes.byteLength;
    return `data:${encoded.type};base64,${encoded.bytes.toString("base64")}`;
  }
}

/** Pictures are never scaled below this share of their cut size. */
const MIN_SCALE = 0.2;

function resized(png: Buffer, width: number, scale: number): ReturnType<typeof sharp> {
  return sharp(png).resize({ width: Math.max(1, Math.round(width * scale)) });
}

async function encodeWithin(image: ReturnType<typeof sharp>, width: number, budget: number): Promise<{ type: string; bytes: Buffer } | undefined> {
  if (budget <= 0) return undefined;
  const png = await image.png().toBuffer();
  if (png.byteLength <= budget) return { type: "image/png", bytes: png };
  // Flat artwork (a logo) stays lossless if a smaller PNG fits: bytes shrink about with the pixel count.
  if (png.byteLength <= 4 * budget) {
    const smaller = await resized(png, width, Math.sqrt(budget / png.byteLength) * 0.9).png().toBuffer();
    if (smaller.byteLength <= budget) return { type: "image/png", bytes: smaller };
  }
  // Otherwise JPEG: first scaled down (each step estimated from the last size), then at lower quality.
  const jpeg = (scale: number, quality: number) => resized(png, width, scale).flatten({ background: "#ffffff" }).jpeg({ quality }).toBuffer();
  let scale = 1;
  let bytes = await jpeg(scale, 80);
  for (let step = 0; step < 4 && bytes.byteLength > budget && scale > MIN_SCALE; step++) {
    scale = Math.max(MIN_SCALE, scale * Math.min(0.8, Math.sqrt(budget / bytes.byteLength) * 0.95));
    bytes = await jpeg(scale, 80);
  }
  for (const quality of [60, 40, 25]) {
    if (bytes.byteLength <= budget) break;
    bytes = await jpeg(scale, quality);
  }
  return bytes.byteLength <= budget ? { type: "image/jpeg", bytes } : undefined;
}

/** Replaces each image's crop box by the picture cut from the reference (no reference: the box is dropped). */
export async function cutPictures(elements: readonly GeneratedElement[], cutter: PictureCutter | undefined): Promise<GeneratedElement[]> {
  const out: GeneratedElement[] = [];
  for (const { crop, ...element } of elements) {
    const src = crop && element.type === "image" && cutter ? await cutter.cut(crop) : undefined;
    out.push(src !== undefined ? { ...element, src } : element);
  }
  return out;
}
