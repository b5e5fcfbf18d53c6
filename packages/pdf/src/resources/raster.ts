// Raster conversion with sharp (loaded on first use only): GIF (first frame), WebP, BMP (decoded by bmp-ts,
// which sharp cannot read), EXIF-rotated JPEG and oversized PNG/JPEG become PNG or JPEG no larger than the
// box needs. Hostile input fails cleanly: pixel counts are bounded before anything is allocated.
import { MAX_IMAGE_PIXELS, type FrameImage, type RasterRequest } from "@docsvc/layout";

type Sharp = typeof import("sharp").default;

/** Largest input accepted, in pixels: layout's bound (sharp's own default is 268 M; 100 M still takes a 10000 × 10000 photo). */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;
/** Largest BMP accepted: bmp-ts decodes into one RGBA buffer in memory, 4 bytes a pixel. */
export const MAX_BMP_PIXELS = 25_000_000;

let sharpModule: Promise<Sharp> | undefined;

/** sharp, imported once on first use so renders without such images never load it. */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then((m) => m.default);
  return sharpModule;
}

/** Converts an image for the box it is drawn in; undefined when the bytes cannot be decoded. */
export async function convertRaster(request: RasterRequest): Promise<FrameImage | undefined> {
  try {
    return await convert(request);
  } catch {
    return undefined;
  }
}

async function convert(request: RasterRequest): Promise<FrameImage | undefined> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: request.maxInputPixels ?? MAX_INPUT_PIXELS, pages: 1, failOn: "error" as const };
  let pipeline;
  if (request.format === "bmp") {
    const raw = await decodeBmp(request.bytes);
    if (!raw) return undefined;
    pipeline = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  } else {
    pipeline = sharp(request.bytes, options).rotate(); // rotate() without an angle applies EXIF orientation
  }
  const metadata = await pipeline.metadata();
  const alpha = request.format === "bmp" ? false : metadata.hasAlpha === true;
  // Upright size: EXIF orientations 5–8 swap the sides.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  if (!(width > 0 && height > 0)) return undefined;
  pipeline = pipeline.timeout({ seconds: 20 }).resize(resizeFor(request, width, height)).toColourspace("srgb");
  // Photographs stay JPEG; anything that may be flat or transparent becomes PNG.
  const asJpeg = !alpha && (request.format === "jpeg" || request.format === "webp");
  const { data, info } = await (asJpeg ? pipeline.jpeg({ quality: 90 }) : pipeline.png({ compressionLevel: 6 }))
    .toBuffer({ resolveWithObject: true });
  if (!(info.width > 0 && info.height > 0)) return undefined;
  return { format: asJpeg ? "jpeg" : "png", bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/**
 * The resize that keeps no more pixels than the box shows at the request's resolution: `contain` fits inside
 * the bound; `fill` shrinks each side to its bound on its own (the picture is stretched anyway); `cover` keeps
 * only the centred part of the box's shape that the box shows. Never enlarged.
 */
export function resizeFor(request: RasterRequest, width: number, height: number): { width: number; height: number; fit: "inside" | "fill" | "cover"; withoutEnlargement?: boolean } {
  const { maxWidth, maxHeight } = request;
  if (request.fit === "contain") return { width: maxWidth, height: maxHeight, fit: "inside", withoutEnlargement: true };
  if (request.fit === "fill") return { width: Math.min(width, maxWidth), height: Math.min(height, maxHeight), fit: "fill" };
  const aspect = request.boxAspect > 0 && Number.isFinite(request.boxAspect) ? request.boxAspect : width / height;
  // The part of the image the box shows, then scaled down (never up) until one side meets its bound.
  const shownWidth = width / height > aspect ? height * aspect : width;
  const shownHeight = shownWidth / aspect;
  const scale = Math.min(1, Math.max(maxWidth / shownWidth, maxHeight / shownHeight));
  return { width: Math.max(1, Math.round(shownWidth * scale)), height: Math.max(1, Math.round(shownHeight * scale)), fit: "cover" };
}

/** BMP pixels as raw RGB(A), through bmp-ts; undefined for a header that is broken or far too large. */
async function decodeBmp(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number; channels: 3 | 4 } | undefined> {
  if (bytes.length < 30) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getInt32(18, true);
  const height = Math.abs(view.getInt32(22, true));
  // bmp-ts allocates width × height × 4 bytes up front: check before it does.
  if (!(width > 0 && height > 0) || width * height > MAX_BMP_PIXELS) return undefined;
  const { decode } = await import("bmp-ts");
  const image = decode(Buffer.from(bytes), { toRGBA: true });
  const { data } = image;
  if (data.length < width * height * 4 || image.width !== width) return undefined;
  // bmp-ts leaves alpha at 0 for formats without it: such an image is opaque, not invisible.
  let hasAlpha = false;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] !== 0) {
      hasAlpha = true;
      break;
    }
  }
  if (hasAlpha && image.bitPP === 32) return { data, width, height: image.height, channels: 4 };
  const rgb = Buffer.alloc(width * image.height * 3);
  for (let p = 0, q = 0; q < rgb.length; p += 4, q += 3) {
    rgb[q] = data[p]!;
    rgb[q + 1] = data[p + 1]!;
    rgb[q + 2] = data[p + 2]!;
  }
  return { data: rgb, width, height: image.height, channels: 3 };
}
