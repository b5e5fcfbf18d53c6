// The cross sizes of flex lines in a container with a set height (CSS Flexbox 1 §9.4 and §8.4): a single-line
// container's line is as tall as the container (so stretched items fill it); the lines of a wrapping one
// share the free space by `align-content` (stretch and normal grow each line equally; the others move them).
import type { ComputedStyle } from "../style.js";
import type { HtmlContext } from "./context.js";
import { edgesOf, sizeOf } from "./edges.js";

/** The content-box height of a box with a set height (undefined for auto). */
export function definiteInnerHeight(style: ComputedStyle, width: number, ctx: HtmlContext): number | undefined {
  const h = sizeOf(style.height, ctx.pageBody);
  if (h === undefined) return undefined;
  const insets = edgesOf(style, width).insets;
  return Math.max(0, style.borderBox ? h - insets[0] - insets[2] : h);
}

/** Each line's cross size and the space before it (besides the row gap). */
export function lineCrossSizes(natural: readonly number[], gap: number, inner: number | undefined, alignContent: string, wrap: boolean): { sizes: number[]; before: number[] } {
  const n = natural.length;
  const sizes = [...natural];
  const before = natural.map(() => 0);
  if (inner === undefined || n === 0) return { sizes, before };
  if (!wrap) {
    sizes[0] = Math.max(natural[0] as number, inner);
    return { sizes, before };
  }
  const free = inner - natural.reduce((s, v) => s + v, 0) - gap * (n - 1);
  if (free <= 0) return { sizes, before };
  switch (alignContent) {
    case "center": before[0] = free / 2; break;
    case "flex-end": case "end": before[0] = free; break;
    case "space-between": for (let k = 1; k < n; k++) before[k] = n > 1 ? free / (n - 1) : 0; break;
    case "space-around": for (let k = 0; k < n; k++) before[k] = k === 0 ? free / n / 2 : free / n; break;
    case "space-evenly": for (let k = 0; k < n; k++) before[k] = free / (n + 1); break;
    case "flex-start": case "start": break;
    default: for (let k = 0; k < n; k++) sizes[k] = (sizes[k] as number) + free / n;
  }
  return { sizes, before };
}
