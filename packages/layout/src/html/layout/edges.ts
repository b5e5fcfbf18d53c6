// Box edges in points: margins, borders and padding resolved against the containing block's width (CSS
// resolves vertical percentages against the width too), and the border-box width a box gets.
import type { ComputedStyle, Size } from "../style.js";
import { resolveLength, type Length } from "../values.js";
import type { BoxDecoration } from "./box.js";

/** Resolved edges of a box. */
export interface Edges {
  /** Margins; `auto` sides are NaN until placed. */
  readonly margin: readonly [number, number, number, number];
  /** Border + padding per side. */
  readonly insets: readonly [number, number, number, number];
}

/** Resolves a size (`auto` → undefined). */
export function sizeOf(size: Size, reference: number): number | undefined {
  return size === "auto" ? undefined : resolveLength(size, reference);
}

/** The edges of a box in a containing block `cb` points wide. */
export function edgesOf(style: ComputedStyle, cb: number): Edges {
  const margin = style.margin.map((m) => (m === "auto" ? NaN : resolveLength(m, cb))) as unknown as [number, number, number, number];
  const insets = style.padding.map((p: Length, i) => Math.max(0, resolveLength(p, cb)) + (style.borderWidth[i] ?? 0)) as unknown as [number, number, number, number];
  return { margin, insets };
}

/** Horizontal padding and borders of a box, in points (lengths only; percentages count as zero here). */
export function horizontalInsets(style: ComputedStyle): number {
  return style.padding[1].pt + style.padding[3].pt + style.borderWidth[1] + style.borderWidth[3];
}

/** Clamps a content-box or border-box dimension by min-/max- and converts it to a border box. */
export function borderBoxWidth(style: ComputedStyle, specified: number, insetsX: number, cb: number): number {
  const toBorderBox = (v: number): number => (style.borderBox ? Math.max(v, insetsX) : v + insetsX);
  let w = toBorderBox(specified);
  if (style.maxWidth !== "none") w = Math.min(w, toBorderBox(resolveLength(style.maxWidth, cb)));
  w = Math.max(w, toBorderBox(resolveLength(style.minWidth, cb)));
  return Math.max(0, w);
}

/** The decoration of a box of border-box width `width`. */
export function decorationOf(style: ComputedStyle, edges: Edges, width: number): BoxDecoration {
  return {
    insets: edges.insets,
    borderWidth: style.borderWidth,
    borderStyle: style.borderStyle,
    borderColor: style.borderColor,
    background: style.background,
    radius: style.radius,
    width,
  };
}

/** Collapses two adjoining vertical margins (CSS 2 §8.3.1): the largest positive plus the most negative. */
export function collapse(a: number, b: number): number {
  return Math.max(0, a, b) + Math.min(0, a, b);
}

/** The horizontal margins, treating `auto` as zero. */
export function marginX(edges: Edges): number {
  return (Number.isNaN(edges.margin[1]) ? 0 : edges.margin[1]) + (Number.isNaN(edges.margin[3]) ? 0 : edges.margin[3]);
}
