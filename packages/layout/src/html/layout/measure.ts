// Intrinsic widths (CSS Sizing 3): max-content (the width with no wrapping) and min-content (the widest
// unbreakable piece) of an element's border box. Tables size auto columns, flex items their bases and
// inline blocks their shrink-to-fit widths with them. Memoised per element for the render.
import { controlSize, isFormControl } from "./form-control.js";
import { GenerationCache } from "../../text/lru.js";
import { measureText, minContentWidth } from "../../text/measure.js";
import type { FontRegistry } from "../../text/registry.js";
import type { ParagraphStyle } from "../../text/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import { cellIntrinsic } from "./cell-cache.js";
import { flowItems } from "./collect.js";
import { familyOf, styleOf, type HtmlContext } from "./context.js";
import { horizontalInsets } from "./edges.js";
import { collapseWhiteSpace, paragraphBlock, paragraphStyle, plainStyle, type InlinePiece } from "./inline.js";
import { CHART_FIGURE_WIDTH, isChartFigure } from "./chart.js";

export interface Intrinsic {
  readonly min: number;
  readonly max: number;
}

const memo = new WeakMap<HtmlContext, Map<HtmlElement, Intrinsic>>();

/** Intrinsic widths of plain texts per font registry, across renders (bounded). */
const plainWidths = new WeakMap<FontRegistry, GenerationCache<string, Intrinsic>>();
const PLAIN_WIDTHS = 20_000;

/** The max-content border-box width of an element (margins excluded). */
export function maxContent(el: HtmlElement, ctx: HtmlContext): number {
  return intrinsic(el, ctx).max;
}

/** The min-content border-box width of an element (margins excluded). */
export function minContent(el: HtmlElement, ctx: HtmlContext): number {
  return intrinsic(el, ctx).min;
}

function intrinsic(el: HtmlElement, ctx: HtmlContext): Intrinsic {
  let cache = memo.get(ctx);
  if (!cache) memo.set(ctx, (cache = new Map()));
  const hit = cache.get(el);
  if (hit) return hit;
  const result = cellIntrinsic(el, ctx, (c) => compute(el, c));
  cache.set(el, result);
  return result;
}

function compute(el: HtmlElement, ctx: HtmlContext): Intrinsic {
  const style = styleOf(ctx, el);
  if (style.display === "none") return { min: 0, max: 0 };
  const insets = horizontalInsets(style);
  if (style.width !== "auto" && style.width.pct === 0) {
    const w = style.borderBox ? style.width.pt : style.width.pt + insets;
    return { min: w, max: w };
  }
  if (isFormControl(el, ctx)) {
    const w = controlSize(el, style, ctx).width + insets;
    return { min: w, max: w };
  }
  if (el.tag === "img" || el.tag === "svg") {
    const w = Number.parseFloat(el.attrs.get("width") ?? "") * 0.75;
    const v = Number.isFinite(w) ? w + insets : 100;
    return { min: v, max: v };
  }
  if (isChartFigure(el)) {
    // A chart draws at any width: it asks for its width attribute (else CHART_FIGURE_WIDTH) and accepts less.
    const w = Number.parseFloat(el.attrs.get("width") ?? "") * 0.75;
    return { min: insets, max: (Number.isFinite(w) ? w : CHART_FIGURE_WIDTH) + insets };
  }
  let min = 0;
  let max = 0;
  const rowLike = (style.display === "flex" || style.displayInside === "flex") && (style.flexDirection === "row" || style.flexDirection === "row-reverse");
  const rowGap = resolveLength(style.columnGap, 0);
  let count = 0;
  // Floats sit beside the content that follows them: their widths add up on the widest line.
  let floats = 0;
  // A row flex container's children are its items, each blockified: side by side, whatever their display.
  const items = rowLike ? flexItems(el, ctx) : flowItems(el, ctx);
  for (const item of items) {
    let m: Intrinsic;
    if (item.kind === "absolute") continue;
    if (item.kind === "float") {
      const f = withMargins(item.element, ctx);
      min = Math.max(min, f.min);
      floats += f.max;
      continue;
    }
    if (item.kind === "inline") m = inlineIntrinsic(item.pieces, style, ctx, el.path);
    else if (item.kind === "atomic") {
      const parts = item.elements.map((e) => withMargins(e, ctx));
      m = { min: Math.max(0, ...parts.map((p) => p.min)), max: parts.reduce((s, p) => s + p.max, 0) };
    } else if (style.display === "table" || style.display.startsWith("table-")) m = tableLike(item.element, ctx);
    else m = withMargins(item.element, ctx);
    if (rowLike) {
      min += m.min;
      max += m.max + (count > 0 ? rowGap : 0);
    } else {
      min = Math.max(min, m.min);
      max = Math.max(max, m.max);
    }
    count++;
  }
  if (rowLike && !style.flexWrap) min = max;
  max += floats;
  ({ min, max } = sideBySide(style, min, max));
  return { min: min + insets, max: max + insets };
}

// Rows and row groups add their cells side by side; everything else stacks.
function tableLike(el: HtmlElement, ctx: HtmlContext): Intrinsic {
  const style = styleOf(ctx, el);
  if (style.display === "table-row") {
    // Spacing between the cells and at both ends of the row (none when borders collapse).
    const spacing = style.borderCollapse ? 0 : style.borderSpacing;
    let min = spacing;
    let max = spacing;
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      const m = withMargins(c, ctx);
      min += m.min + spacing;
      max += m.max + spacing;
    }
    return { min, max };
  }
  if (style.display.startsWith("table-")) {
    let min = 0;
    let max = 0;
    for (const c of el.children) {
      if (c.kind !== "element") continue;
      const m = tableLike(c, ctx);
      min = Math.max(min, m.min);
      max = Math.max(max, m.max);
    }
    return { min, max };
  }
  return withMargins(el, ctx);
}

function withMargins(el: HtmlElement, ctx: HtmlContext): Intrinsic {
  const style = styleOf(ctx, el);
  const m = (i: number): number => {
    const v = style.margin[i];
    return v === undefined || v === "auto" ? 0 : v.pt;
  };
  const own = style.display === "table" ? tableIntrinsic(el, ctx) : intrinsic(el, ctx);
  return { min: own.min + m(1) + m(3), max: own.max + m(1) + m(3) };
}

function tableIntrinsic(el: HtmlElement, ctx: HtmlContext): Intrinsic {
  let min = 0;
  let max = 0;
  for (const c of el.children) {
    if (c.kind !== "element") continue;
    const m = tableLike(c, ctx);
    min = Math.max(min, m.min);
    max = Math.max(max, m.max);
  }
  const insets = horizontalInsets(styleOf(ctx, el));
  return { min: min + insets, max: max + insets };
}

// Max-content: the paragraph laid out without a width limit; min-content: its widest unbreakable piece, per
// styled piece. Plain widths are cached across renders (labels and rows of stored templates recur).
function inlineIntrinsic(pieces: readonly InlinePiece[], block: ComputedStyle, ctx: HtmlContext, path: string): Intrinsic {
  const texts = collapseWhiteSpace(pieces);
  const plain = pieces.some((p) => p.deferred) ? undefined : plainStyle(pieces, block, ctx);
  if (plain) return plainIntrinsic(texts.join(""), plain, ctx);
  // An image in the text counts with its own intrinsic width (margins included); it is never broken.
  const objectWidth = (el: HtmlElement): Intrinsic => withMargins(el, ctx);
  const paragraph = paragraphBlock(pieces, block, Infinity, ctx, path, (el) => ({ block: null, width: objectWidth(el).max, height: 0, dx: 0, dy: 0 }));
  if (!paragraph) return { min: 0, max: 0 };
  let min = 0;
  pieces.forEach((piece, i) => {
    if (piece.object) {
      min = Math.max(min, objectWidth(piece.object).min);
      return;
    }
    const style = paragraphStyle(piece.style, piece.style, familyOf(ctx, piece.style, path));
    min = Math.max(min, plainIntrinsic(texts[i] ?? "", style, ctx).min);
  });
  return { min, max: paragraph.width };
}

function plainIntrinsic(text: string, style: ParagraphStyle, ctx: HtmlContext): Intrinsic {
  let cache = plainWidths.get(ctx.fonts);
  if (!cache) plainWidths.set(ctx.fonts, (cache = new GenerationCache(PLAIN_WIDTHS)));
  const key = `${style.family ?? ""}\u0001${style.weight}\u0001${style.italic ? 1 : 0}\u0001${style.size}\u0001${style.letterSpacing}\u0001${text}`;
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = { min: minContentWidth(ctx.fonts, text, style), max: measureText(ctx.fonts, text, style) }));
  return hit;
}

/**
 * The intrinsic widths of content laid side by side rather than stacked: a multi-column box with a column
 * count is that many of its widest content with the gaps; a grid's explicit columns each take their fixed
 * length or (an estimate without placing the items) the widest item.
 */
function sideBySide(style: ComputedStyle, min: number, max: number): Intrinsic {
  if (style.columnCount > 1 && style.columnWidth === "auto" && style.display !== "grid" && style.displayInside !== "grid") {
    const gap = (style.columnCount - 1) * (style.columnGapNormal ? style.size : style.columnGap.pt);
    return { min: min * style.columnCount + gap, max: max * style.columnCount + gap };
  }
  const tracks = style.display === "grid" || style.displayInside === "grid" ? style.gridColumns?.tracks ?? [] : [];
  if (tracks.length < 2) return { min, max };
  let fixed = 0;
  let flexible = 0;
  for (const t of tracks) {
    if (t.max.kind === "length" && t.max.length.pct === 0) fixed += t.max.length.pt;
    else flexible++;
  }
  const gaps = (tracks.length - 1) * style.columnGap.pt;
  return { min: fixed + flexible * min + gaps, max: fixed + flexible * max + gaps };
}

/** A flex container's children as items to measure one by one. */
function flexItems(el: HtmlElement, ctx: HtmlContext): ReturnType<typeof flowItems> {
  const out: ReturnType<typeof flowItems> = [];
  // Text straight inside the container (an anonymous item): measured as the normal flow measures it.
  if (el.children.some((c) => c.kind === "text" && c.text.trim() !== "")) return flowItems(el, ctx);
  for (const child of el.children) {
    if (child.kind === "text") continue;
    const s = styleOf(ctx, child);
    if (s.display === "none" || s.position === "absolute") continue;
    out.push({ kind: "block", element: child });
  }
  return out;
}
