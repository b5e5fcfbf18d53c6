// Images: decoded once per process (prepareImage), written once per document (DocumentPainter.image);
// each placement only scales the XObject into the item's box.
import { inflateSync } from "node:zlib";
import type { ImageItem } from "@docsvc/layout";
import { num } from "./content.js";
import type { PaintContext } from "./context.js";
import { recordImage, type PortableImage } from "./pdfkit.js";
import { WeightedLru } from "../resources/lru.js";

/** Decoded images kept by key across renders, weighed by their source bytes. */
const PREPARED_BY_KEY_BYTES = 32 * 1024 * 1024;

/** Paints one image item scaled into its box (y-down space, so the unit square is flipped). */
export function paintImage(ctx: PaintContext, item: ImageItem): void {
  if (!(item.width > 0) || !(item.height > 0)) return;
  const name = ctx.image(item.image);
  if (name === undefined) return;
  ctx.content.op(`q ${num(item.width)} 0 0 ${num(-item.height)} ${num(item.x)} ${num(item.y + item.height)} cm /${name} Do Q`);
}

// Decoded images by their bytes (FrameImage.bytes is shared by every layout that uses the same converted image).
const prepared = new WeakMap<Uint8Array, Promise<PortableImage | null>>();
// And by their LayoutResult.images key, which names the content: a PNG or JPEG used as is (a logo in a data URL)
// is decoded from the data afresh by every render, so its bytes are new each time. Without this, every render
// decoded the PNG again (pdfkit splits the alpha channel: inflate and two deflates), 12% of an invoice-20 render.
const preparedByKey = new WeightedLru<string, { readonly image: Promise<PortableImage | null>; readonly bytes: number }>(PREPARED_BY_KEY_BYTES, (entry) => entry.bytes);

/**
 * The image's PDF objects, decoded once per process for the same bytes (or the same image key); null when the
 * bytes cannot be embedded (the image is then skipped, never the document).
 */
export function prepareImage(bytes: Uint8Array, key?: string): Promise<PortableImage | null> {
  let image = prepared.get(bytes) ?? (key === undefined ? undefined : preparedByKey.get(key)?.image);
  if (image === undefined) {
    image = isEmbeddable(bytes) ? recordImage(bytes).catch(() => null) : Promise.resolve(null);
    if (key !== undefined) preparedByKey.set(key, { image, bytes: bytes.byteLength });
  }
  prepared.set(bytes, image);
  return image;
}

/**
 * True for JPEG bytes and for PNG bytes pdfkit can decode safely. pdfkit decodes PNGs with an alpha channel,
 * indexed transparency or interlacing asynchronously and throws from the zlib callback when the data is
 * corrupt, where no caller could catch it; for those, the image data is inflated once here first.
 */
function isEmbeddable(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return true;
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  if (!isPng || bytes.length < 33) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const colourType = bytes[25];
  const interlaced = bytes[28] === 1;
  const idat: Uint8Array[] = [];
  let transparency = false;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    if (type === "IDAT") idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    else if (type === "tRNS") transparency = true;
    else if (type === "IEND") break;
    offset = end;
  }
  if (idat.length === 0) return false;
  const decodedLater = colourType === 4 || colourType === 6 || (colourType === 3 && transparency) || interlaced;
  if (!decodedLater) return true;
  try {
    inflateSync(Buffer.concat(idat));
    return true;
  } catch {
    return false;
  }
}
