// Shrink-to-fit shared by text (`overflow: shrink`) and table cells: the largest font size (to 0.1 pt)
// between a floor and the designed size at which the paragraph fits its box, by height and by width
// (a number, never cut, can be wider than its box).
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";

/** The smallest font size shrinking goes down to, in points. */
export const SHRINK_FLOOR = 4;

const EPSILON = 1e-6;

/** True when `layout` fits a box `width` × `height` (Infinity: that side is free). */
export function fitsBox(layout: ParagraphLayout, width: number, height: number): boolean {
  return layout.height <= height + EPSILON && layout.width <= width + EPSILON;
}

/**
 * The style at the largest size whose layout `fits`, and whether even that fits: `fits: false` means the
 * floor was reached and the text still overflows (the caller reports it).
 */
export function shrinkToFit(
  style: ParagraphStyle,
  lay: (s: ParagraphStyle) => ParagraphLayout,
  fits: (layout: ParagraphLayout) => boolean,
): { readonly style: ParagraphStyle; readonly fits: boolean } {
  const at = (size: number): ParagraphStyle => ({ ...style, size });
  const floor = Math.min(SHRINK_FLOOR, style.size);
  if (!fits(lay(at(floor)))) return { style: at(floor), fits: false };
  let lo = Math.round(floor * 10);
  let hi = Math.round(style.size * 10);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(lay(at(mid / 10)))) lo = mid;
    else hi = mid;
  }
  return { style: at(lo / 10), fits: true };
}
