// The 22 page size presets and the one function that turns a stored `pageSize` into real dimensions.
import type { PageSizeSpec } from "./types.js";

/** A roll (receipt) page taller than this breaks and continues on a new page of the same width. */
export const ROLL_BREAK_HEIGHT = 14400;

/** The smallest and largest side of a custom page, in points. */
export const CUSTOM_PAGE_MIN = 36;
export const CUSTOM_PAGE_MAX = 3370;

/** One page size preset, portrait, in points. */
export interface PageSizePreset {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly defaultMargin: number;
  /** A roll has a fixed width; its page is as tall as its content, up to ROLL_BREAK_HEIGHT. */
  readonly roll: boolean;
}

function preset(id: string, width: number, height: number, defaultMargin: number, roll = false): PageSizePreset {
  return { id, width, height, defaultMargin, roll };
}

/** The 22 presets by id, portrait; a roll's height is ROLL_BREAK_HEIGHT, its tallest page. */
export const PAGE_SIZES = {
  a3: preset("a3", 841.89, 1190.55, 36),
  a4: preset("a4", 595.28, 841.89, 36),
  a5: preset("a5", 419.53, 595.28, 28),
  a6: preset("a6", 297.64, 419.53, 18),
  b5: preset("b5", 498.9, 708.66, 28),
  letter: preset("letter", 612, 792, 36),
  legal: preset("legal", 612, 1008, 36),
  tabloid: preset("tabloid", 792, 1224, 36),
  executive: preset("executive", 522, 756, 36),
  halfLetter: preset("halfLetter", 396, 612, 28),
  receipt80: preset("receipt80", 226.77, ROLL_BREAK_HEIGHT, 8, true),
  receipt58: preset("receipt58", 164.41, ROLL_BREAK_HEIGHT, 6, true),
  fourBySix: preset("fourBySix", 288, 432, 12),
  label100x150: preset("label100x150", 283.46, 425.2, 12),
  label4x2: preset("label4x2", 288, 144, 8),
  label2x1: preset("label2x1", 144, 72, 4),
  envelopeDl: preset("envelopeDl", 311.81, 623.62, 18),
  envelopeC5: preset("envelopeC5", 459.21, 649.13, 18),
  envelope10: preset("envelope10", 297, 684, 18),
  businessCard: preset("businessCard", 252, 144, 8),
  idCard: preset("idCard", 242.65, 153.01, 6),
  ticket: preset("ticket", 396, 144, 8),
} as const satisfies Record<string, PageSizePreset>;

/** The id of one of the 22 presets. */
export type PageSizeId = keyof typeof PAGE_SIZES;

/** The page size a render uses. */
export interface ResolvedPageSize {
  /** The preset id actually used (`a4` for an unknown id), or `custom`. */
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly defaultMargin: number;
  readonly roll: boolean;
  /** False when the stored id was not recognised and A4 portrait stands in. */
  readonly known: boolean;
}

// Ids match case-insensitively: `Letter` meaning A4 would surprise everyone.
const BY_LOWER_ID: ReadonlyMap<string, PageSizePreset> = new Map(
  Object.values(PAGE_SIZES).map((size): [string, PageSizePreset] => [size.id.toLowerCase(), size]),
);

/** Looks up a preset by id, case-insensitively. */
export function findPageSizePreset(id: unknown): PageSizePreset | undefined {
  return typeof id === "string" ? BY_LOWER_ID.get(id.toLowerCase()) : undefined;
}

function clampSide(value: number): number {
  return Math.min(CUSTOM_PAGE_MAX, Math.max(CUSTOM_PAGE_MIN, value));
}

// A custom page has no preset margin; this scales like the presets (36 pt on A4-sized pages)
// without eating small labels: 6% of the shorter side (about the presets' own ratio), between 4 and 36 pt.
function customDefaultMargin(width: number, height: number): number {
  return Math.min(36, Math.max(4, Math.round(Math.min(width, height) * 0.06)));
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function fromPreset(size: PageSizePreset, landscape: boolean, known: boolean): ResolvedPageSize {
  // Landscape swaps the sides; a roll's width is fixed by the paper, so it ignores orientation.
  const swap = landscape && !size.roll;
  return {
    id: size.id,
    width: swap ? size.height : size.width,
    height: swap ? size.width : size.height,
    defaultMargin: size.defaultMargin,
    roll: size.roll,
    known,
  };
}

/** Turns a stored `pageSize` into dimensions; never throws, unknown input gives A4 portrait. */
export function resolvePageSize(spec: PageSizeSpec | undefined): ResolvedPageSize {
  const record: Partial<Record<keyof PageSizeSpec, unknown>> =
    typeof spec === "object" && spec !== null ? spec : {};
  if (record.id === "custom") {
    const { width, height } = record;
    if (isFiniteNumber(width) && isFiniteNumber(height)) {
      // Custom sizes are used as written (orientation ignored) and clamped, not rejected, at render time.
      const w = clampSide(width);
      const h = clampSide(height);
      return { id: "custom", width: w, height: h, defaultMargin: customDefaultMargin(w, h), roll: false, known: true };
    }
    return fromPreset(PAGE_SIZES.a4, false, false);
  }
  const size = findPageSizePreset(record.id);
  if (size === undefined) return fromPreset(PAGE_SIZES.a4, false, false);
  return fromPreset(size, record.orientation === "landscape", true);
}
