// `text-overflow: ellipsis` on a line that does not wrap (white-space: nowrap or pre): the text is cut at the
// longest start that fits the box with "…" after it (found by bisection over its characters, across the
// paragraph's pieces), as Chromium prints a cell or label too narrow for its text.
import type { RichLayout } from "../../text/rich-types.js";
import type { ComputedStyle } from "../style.js";

const ELLIPSIS = "\u2026";

/** True when a non-wrapping paragraph is wider than its box. */
export function overflows(layout: RichLayout, block: ComputedStyle, width: number): boolean {
  return (block.whiteSpace === "nowrap" || block.whiteSpace === "pre") && Number.isFinite(width) && !fits(layout, width);
}

// One line no wider than the box (a non-wrapping text too long for its box is cut into lines by the engine).
function fits(layout: RichLayout, width: number): boolean {
  return layout.lines.length <= 1 && layout.width <= width + 1e-3;
}

/** The layout of the longest cut of `texts` (with an ellipsis) that fits `width`; `layout` lays a cut out. */
export function ellipsize(texts: readonly string[], layout: (cut: string[]) => RichLayout, width: number): RichLayout {
  const chars = texts.map((t) => [...t]);
  const total = chars.reduce((s, c) => s + c.length, 0);
  let lo = 0;
  let hi = total - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(layout(cut(chars, mid)), width)) lo = mid;
    else hi = mid - 1;
  }
  // The last cut laid out is the one kept (the caller's texts follow it).
  return layout(cut(chars, lo));
}

/** The first `n` characters of the pieces, trailing spaces dropped, "…" after the last kept one. */
function cut(chars: readonly string[][], n: number): string[] {
  let left = n;
  let last = -1;
  const out = chars.map((c, i) => {
    const take = Math.max(0, Math.min(c.length, left));
    left -= take;
    if (take > 0) last = i;
    return c.slice(0, take).join("");
  });
  const at = last < 0 ? 0 : last;
  out[at] = (out[at] ?? "").replace(/\s+$/, "") + ELLIPSIS;
  return out;
}
