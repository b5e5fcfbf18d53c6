// Sorting a block container's children into what the block formatting context stacks: runs of inline
// content (text and inline elements, flattened into pieces), atomic inline boxes (images, inline blocks),
// block-level boxes, and absolutely positioned boxes taken out of the flow.
import type { HtmlElement, HtmlNode } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { parseLength } from "../values.js";
import { styleOf, type HtmlContext } from "./context.js";
import type { InlinePiece } from "./inline.js";

/** One item of a block container's content, in document order. */
export type FlowItem =
  | { readonly kind: "inline"; readonly pieces: readonly InlinePiece[] }
  | { readonly kind: "atomic"; readonly elements: readonly HtmlElement[] }
  | { readonly kind: "block"; readonly element: HtmlElement }
  | { readonly kind: "absolute"; readonly element: HtmlElement };

const BLOCK_LEVEL = new Set(["block", "list-item", "flex", "table", "table-caption", "table-row", "table-row-group", "table-header-group", "table-footer-group", "table-cell"]);

/** True for elements laid out as blocks in their parent's flow. */
export function isBlockLevel(style: ComputedStyle): boolean {
  return BLOCK_LEVEL.has(style.display);
}

/** True for replaced or inline-block elements that sit on a line as one box. */
function isAtomic(el: HtmlElement, style: ComputedStyle): boolean {
  return style.display === "inline-block" || el.tag === "img" || el.tag === "svg";
}

/** The flow items of an element's children. */
export function flowItems(parent: HtmlElement, ctx: HtmlContext): FlowItem[] {
  const items: FlowItem[] = [];
  let pieces: InlinePiece[] = [];
  let atomics: HtmlElement[] = [];
  const flushInline = (): void => {
    if (pieces.length > 0) items.push({ kind: "inline", pieces });
    pieces = [];
  };
  const flushAtomic = (): void => {
    if (atomics.length > 0) items.push({ kind: "atomic", elements: atomics });
    atomics = [];
  };
  const parentStyle = styleOf(ctx, parent);
  for (const child of parent.children) {
    if (child.kind === "text") {
      // White space between atomic boxes does not break their row.
      if (atomics.length > 0 && child.text.trim() === "" && !child.deferred) continue;
      flushAtomic();
      pieces.push(textPiece(child, parentStyle, undefined, undefined, parent.path, 0));
      continue;
    }
    const style = styleOf(ctx, child);
    if (style.display === "none" || child.tag === "col" || child.tag === "colgroup") continue;
    if (style.position === "absolute") {
      items.push({ kind: "absolute", element: child });
      continue;
    }
    if (isAtomic(child, style)) {
      flushInline();
      atomics.push(child);
      continue;
    }
    if (isBlockLevel(style)) {
      flushInline();
      flushAtomic();
      items.push({ kind: "block", element: child });
      continue;
    }
    flushAtomic();
    inlinePieces(child, ctx, pieces, undefined, undefined, 0);
  }
  flushInline();
  flushAtomic();
  return items;
}

/** Flattens an inline element's content into pieces (block descendants are read as inline text). */
export function inlinePieces(el: HtmlElement, ctx: HtmlContext, out: InlinePiece[], link: string | undefined, background: string | undefined, rise: number): void {
  const style = styleOf(ctx, el);
  // vertical-align on inline boxes shifts the baseline, and nested shifts add up (x<sup>2<sup>n</sup></sup>).
  const ownRise = rise + baselineShift(style);
  if (style.display === "none") return;
  if (el.tag === "br") {
    out.push({ text: "\n", style, path: el.path, hardBreak: true });
    return;
  }
  const href = el.tag === "a" ? el.attrs.get("href")?.trim() : undefined;
  const ownLink = href && /^(https?:|mailto:)/i.test(href) ? href : link;
  const ownBackground = style.background ?? background;
  for (const child of el.children) {
    if (child.kind === "text") out.push(textPiece(child, style, ownLink, ownBackground, el.path, ownRise));
    else inlinePieces(child, ctx, out, ownLink, ownBackground, ownRise);
  }
}

/**
 * The baseline shift of an inline box in points, up positive: `super` a third and `sub` a fifth of the
 * parent's font size (as browsers place them; the element's own size is the parent's made `smaller`, 1/1.2),
 * a length as given, a percentage of the line height. Other keywords (middle, top …) keep the baseline.
 */
export function baselineShift(style: ComputedStyle): number {
  const v = style.verticalAlign;
  if (v === "baseline") return 0;
  const parentSize = style.size * 1.2;
  if (v === "super") return parentSize / 3;
  if (v === "sub") return -parentSize / 5;
  const length = parseLength(v, { em: style.size, rem: style.size });
  if (!length) return 0;
  const lineHeight = "mult" in style.lineHeight ? style.lineHeight.mult * style.size : style.lineHeight.pt;
  return length.pt + (length.pct * lineHeight) / 100;
}

function textPiece(node: HtmlNode & { kind: "text" }, style: ComputedStyle, link: string | undefined, background: string | undefined, path: string, rise: number): InlinePiece {
  return {
    text: node.text,
    style,
    path,
    ...(rise !== 0 ? { rise } : {}),
    ...(link ? { link } : {}),
    ...(background ? { background } : {}),
    ...(node.deferred ? { deferred: node.deferred } : {}),
  };
}
