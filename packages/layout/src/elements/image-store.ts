// Images of one render: each distinct source is decoded once, and each picture filed under a key made of
// its content hash (plus the pixel target when the host converts it), so a logo repeated on every page or
// row is stored and embedded once. PNG and JPEG are drawn from their headers alone; everything else (and
// EXIF-rotated or oversized PNG/JPEG) is asked of the host's LayoutResources.
import type { FrameImage } from "../frame/types.js";
import { contentHash, decodeImageSource, jpegSize, pngSize, sniffImageFormat, type ImageFormat } from "./image-bytes.js";
import { jpegOrientation } from "./image-exif.js";
import type { LayoutResources, SvgDrawing } from "./image-resources.js";

/** How an image is fitted into its box, in points: what the pixel target is computed from. */
export interface ImageBox {
  readonly width: number;
  readonly height: number;
  readonly fit: "contain" | "cover" | "fill";
}

/** A loaded image: a raster under a key, an SVG drawing, "pending" (the host is preparing it), or why there is none. */
export type ImageLoad =
  | { readonly kind: "raster"; readonly key: string; readonly image: FrameImage }
  | { readonly kind: "svg"; readonly drawing: SvgDrawing }
  | { readonly kind: "pending" }
  | { readonly kind: "failed"; readonly code: string; readonly message: string };

/** Resolution images are prepared for; an image with far more pixels than that is downsampled. */
export const TARGET_DPI = 300;
/** Longest side, in pixels, an image is ever prepared at. */
export const MAX_PIXELS_PER_SIDE = 4096;
/**
 * Largest image accepted, in pixels, whatever its format and fit: checked from the header before anything is
 * decoded (the host applies the same bound to formats whose header layout does not read).
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Images up to this many pixels are embedded as they are, whatever their box: converting them gains little. */
const SMALL_IMAGE_PIXELS = 1_000_000;

interface Source {
  readonly bytes: Uint8Array;
  readonly hash: string;
  readonly format: ImageFormat | undefined;
}

type SourceResult = Source | { readonly kind: "failed"; readonly code: string; readonly message: string };

/** Per-render image cache; `images` becomes LayoutResult.images. */
export class ImageStore {
  readonly images = new Map<string, FrameImage>();
  private readonly sources = new Map<string, SourceResult>();
  private readonly loads = new Map<string, ImageLoad>();
  private readonly drawings = new Map<string, ImageLoad>();

  constructor(
    private readonly resources?: LayoutResources,
    /** LayoutLimits.maxImagePixels. */
    private readonly maxPixels: number = MAX_IMAGE_PIXELS,
  ) {}

  /** Loads a `data:` URL or bare base64 string for a box (remote URLs are refused, never fetched). */
  load(src: string, box: ImageBox): ImageLoad {
    const source = this.source(src);
    if ("kind" in source) return source;
    const target = pixelTarget(box);
    // A covered image is cropped to its box's shape, so the shape is part of what is prepared.
    const shape = box.fit === "cover" ? coverShape(box) : "";
    const id = `${source.hash}-${target.width}x${target.height}-${box.fit}${shape}`;
    const hit = this.loads.get(id);
    if (hit) return hit;
    const loaded = this.read(source, target, box, shape);
    if (loaded.kind === "raster") this.images.set(loaded.key, loaded.image);
    this.loads.set(id, loaded);
    return loaded;
  }

  /** The SVG drawing of markup (inline icons), through the host; "pending" or failed as for images. */
  svg(markup: string): ImageLoad {
    const known = this.drawings.get(markup);
    if (known) return known;
    const loaded = this.drawingOf(markup);
    this.drawings.set(markup, loaded);
    return loaded;
  }

  private drawingOf(markup: string): ImageLoad {
    if (!this.resources) return fail("image.unsupported", "SVG needs the renderer's resources; it is not drawn here");
    const drawing = this.resources.svg(markup);
    if (drawing === "pending") return { kind: "pending" };
    if (drawing === undefined) return fail("image.undecodable", "the SVG could not be read (it has no <svg> root)");
    return { kind: "svg", drawing };
  }

  private source(src: string): SourceResult {
    const known = this.sources.get(src);
    if (known) return known;
    const decoded = decodeImageSource(src);
    let result: SourceResult;
    if (decoded.kind === "remote") {
      result = fail("image.remote", "remote image URLs are never fetched; embed the image as a data: URL or base64");
    } else if (decoded.kind === "invalid") {
      result = fail("image.undecodable", "the image source is neither a data: URL nor base64");
    } else {
      result = { bytes: decoded.bytes, hash: contentHash(decoded.bytes), format: sniffImageFormat(decoded.bytes) };
    }
    this.sources.set(src, result);
    return result;
  }

  private read(source: Source, target: { width: number; height: number }, box: ImageBox, shape: string): ImageLoad {
    const { bytes, format, hash } = source;
    const { fit } = box;
    if (format === undefined) return fail("image.undecodable", "the image is not a recognised format (PNG, JPEG, GIF, WebP, BMP, SVG)");
    if (format === "svg") return this.svg(new TextDecoder().decode(bytes));
    if (format === "png" || format === "jpeg") {
      const size = format === "png" ? pngSize(bytes) : jpegSize(bytes);
      if (!size) return fail("image.undecodable", `the ${format.toUpperCase()} image header is broken`);
      if (size.width * size.height > this.maxPixels) return tooLarge(size, this.maxPixels);
      const turned = format === "jpeg" && jpegOrientation(bytes) !== 1;
      if (!this.resources || (!turned && !oversized(size, target))) {
        return { kind: "raster", key: `img-${hash}`, image: { format, bytes, width: size.width, height: size.height } };
      }
    }
    if (!this.resources) return fail("image.unsupported", `${format.toUpperCase()} images need the renderer's resources; use PNG or JPEG`);
    const key = `img-${hash}-${target.width}x${target.height}${fit === "cover" ? `c${shape}` : fit === "fill" ? "f" : ""}`;
    const boxAspect = box.width > 0 && box.height > 0 ? box.width / box.height : 1;
    const image = this.resources.image({ key, bytes, format, maxWidth: target.width, maxHeight: target.height, fit, boxAspect, ...(this.maxPixels !== MAX_IMAGE_PIXELS ? { maxInputPixels: this.maxPixels } : {}) });
    if (image === "pending") return { kind: "pending" };
    if (image === undefined) return fail("image.undecodable", `the ${format.toUpperCase()} image could not be decoded`);
    return { kind: "raster", key, image };
  }
}

/** Pixels the box needs at TARGET_DPI, rounded up to 64 (so near-equal boxes share one conversion), capped. */
export function pixelTarget(box: ImageBox): { width: number; height: number } {
  const side = (points: number): number =>
    Math.min(MAX_PIXELS_PER_SIDE, Math.max(64, Math.ceil(((points * TARGET_DPI) / 72) / 64) * 64));
  return { width: side(box.width), height: side(box.height) };
}

/**
 * True when the image has far more pixels than its box needs on either side (and is not small anyway). Either
 * side, whatever the fit: a `fill` or `cover` image with one side at the box's size may be thousands of
 * pixels too long on the other (stretched away or clipped), and must not be embedded whole.
 */
function oversized(size: { width: number; height: number }, target: { width: number; height: number }): boolean {
  if (size.width * size.height <= SMALL_IMAGE_PIXELS) return false;
  return Math.min(target.width / size.width, target.height / size.height) < 0.75;
}

/** The box's aspect ratio, rounded, as part of a covered image's key. */
function coverShape(box: ImageBox): string {
  return box.width > 0 && box.height > 0 ? `@${(box.width / box.height).toFixed(3)}` : "";
}

// Reported as undecodable (what a batch row fails on), with the reason.
function tooLarge(size: { width: number; height: number }, limit: number): ImageLoad {
  return fail("image.undecodable", `the image is ${size.width} × ${size.height} pixels, more than the limit of ${limit.toLocaleString("en-US")} pixels; it is not decoded`);
}

function fail(code: string, message: string): { kind: "failed"; code: string; message: string } {
  return { kind: "failed", code, message };
}
