// What layout asks its host for when an image needs more than reading a header: raster conversion (GIF,
// WebP, BMP, EXIF-rotated or oversized PNG/JPEG) and SVG drawings. Lookups are synchronous so layout stays
// pure; a host that must do slow work answers "pending", prepares it, and lays out again (see @docsvc/pdf).
import type { FrameGradient, FrameImage, Matrix } from "../frame/types.js";
import type { ImageFormat } from "./image-bytes.js";

/** A raster image to convert into PNG or JPEG no larger than the box needs. */
export interface RasterRequest {
  /** Cache key: content hash plus the pixel target, stable across renders. */
  readonly key: string;
  readonly bytes: Uint8Array;
  readonly format: Exclude<ImageFormat, "svg">;
  /** The pixels the box needs on each side (at 300 dpi, capped); the result is never larger than this bound allows. */
  readonly maxWidth: number;
  readonly maxHeight: number;
  /**
   * How the bound applies: `contain` scales to fit inside it; `fill` shrinks each side to at most its bound
   * (the image is stretched anyway); `cover` keeps only the part the box shows (cropped to `boxAspect`, centred).
   */
  readonly fit: "contain" | "cover" | "fill";
  /** Pixels the decoder may read (LayoutLimits.maxImagePixels); absent: MAX_IMAGE_PIXELS. */
  readonly maxInputPixels?: number;
  /** The box's width over its height: the shape a covered image is cropped to. */
  readonly boxAspect: number;
}

/** Where the viewBox sits along one axis of the viewport when their aspect ratios differ. */
export type SvgAlign = "min" | "mid" | "max";

/** One painted path of an SVG drawing, in the drawing's user space (viewBox units). */
export interface SvgPath {
  /** Path data, already normalised (finite numbers, absolute or relative commands as parsed). */
  readonly d: string;
  /** User space → viewBox space; absent means identity. */
  readonly transform?: Matrix;
  /** `#rrggbb`, `"currentColor"` (the element's colour) or absent for none. */
  readonly fill?: string;
  /** A gradient fill (its stops may say `"currentColor"`); `fill` then holds its first stop's colour. */
  readonly fillGradient?: FrameGradient;
  readonly fillOpacity?: number;
  readonly fillRule?: "nonzero" | "evenodd";
  readonly stroke?: string;
  readonly strokeOpacity?: number;
  readonly strokeWidth?: number;
  readonly dash?: readonly number[];
  readonly cap?: "round" | "square";
  readonly join?: "round" | "bevel";
  /** The element's own opacity times its ancestors'. */
  readonly opacity?: number;
}

/** A sanitised SVG reduced to plain data: painted paths in order, plus what was dropped on the way. */
/** One SVG `<text>`: a single line at its anchor point, in user space (before `transform`). */
export interface SvgText {
  readonly text: string;
  readonly x: number;
  /** The baseline. */
  readonly y: number;
  readonly transform?: Matrix;
  /** CSS font-family list as written (the first family the registry has is used, else the default). */
  readonly family?: string;
  readonly size: number;
  readonly weight: number;
  readonly italic: boolean;
  readonly anchor: "start" | "middle" | "end";
  /** `#rrggbb` or `"currentColor"`. */
  readonly fill: string;
  /** Fill opacity times the element's opacity. */
  readonly opacity: number;
}

export interface SvgDrawing {
  readonly viewBox: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** `preserveAspectRatio` basics: alignment on each axis and meet (fit inside), slice (cover) or none (stretch). */
  readonly aspect: { readonly x: SvgAlign; readonly y: SvgAlign; readonly mode: "meet" | "slice" | "none" };
  readonly paths: readonly SvgPath[];
  /** `<text>` elements, drawn with the designer fonts after the paths (absent: none). */
  readonly texts?: readonly SvgText[];
  /** Human-readable notes on removed content (scripts, text, external references), reported as diagnostics. */
  readonly notes: readonly string[];
}

/** Synchronous resource lookups a host gives layout; "pending" means "ask again after preparing". */
export interface LayoutResources {
  /** A converted raster, "pending" while it is prepared, undefined when the bytes cannot be decoded. */
  image(request: RasterRequest): FrameImage | "pending" | undefined;
  /** A sanitised drawing of the markup, "pending" while it is prepared, undefined when it is not usable SVG. */
  svg(markup: string): SvgDrawing | "pending" | undefined;
}
