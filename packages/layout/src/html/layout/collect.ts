// Sorting a block container's children into what the block formatting context stacks: runs of inline
// content (text and inline elements, flattened into pieces; images and inline SVG among text are object
// pieces that flow in the line), rows of atomic inline boxes (inline blocks, and images with no text
// around them), block-level boxes, and absolutely positioned boxes taken out of the flow.
import { isFormControl } from "./form-control.js";
import type { HtmlElement, HtmlNode } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { parseLength } from "../values.js";
import { styleOf, type HtmlContext } from "./context.js";
import { OBJECT_CHAR } from "../../text/rich-types.js";
import type { InlinePiece } from "./inline.js";
import { LEADER_TAG } from "./leader.js";

/** One item of a block container's content, in document order. */
export type FlowItem =
  | { readonly kind: "inline"; readonly pieces: readonly InlinePiece[] }
  | { readonly kind: "atomic"; readonly elements: readonly HtmlElement[] }
  | { readonly kind: "block"; readonly element: HtmlElement }
  | { readonly kind: "absolute"; readonly element: HtmlElement }
  | { readonly kind: "float"; readonly element: HtmlElement };

const BLOCK_LEVEL = new Set(["block", "list-item", "flex", "table", "table-caption", "table-row", "table-row-group", "table-header-group", "table-footer-group", "table-cell", "grid"]);

/** True for elements laid out as blocks in their parent's flow. */
export function isBlockLevel(style: ComputedStyle): boolean {
  return BLOCK_LEVEL.has(style.display);
}

/** True for replaced or inline-block elements that sit on a line as one box. */
function isAtomic(el: HtmlElement, style: ComputedStyle): boolean {
  return style.display === "inline-block" || el.tag === "img" || el.tag === "svg";
}

/** True for an image or inline SVG that is an inline-level box (it flows in a line of text as one object). */
function isInlineObject(el: HtmlElement, style: ComputedStyle, ctx: HtmlContext): boolean {
  if (style.position === "absolute" || style.position === "fixed" || style.float !== "none") return false;
  // An inline block flows in the line like an image (CSS 2 §9.2.2: an atomic inline-level box).
  if (style.display === "inline-block") return true;
  return (el.tag === "img" || el.tag === "svg" || isFormControl(el, ctx)) && style.display === "inline";
}

/**
 * Inline content between two block-level boxes, in order: pieces (text, and object pieces for images) and
 * atomic boxes. `nested` marks pieces from inside an inline element.
 */
type Entry = { readonly piece: InlinePiece; readonly nested: boolean } | { readonly atomic: HtmlElement };

/** The flow items of an element's children. */
export function flowItems(parent: HtmlElement, ctx: HtmlContext): FlowItem[] {
  const items: FlowItem[] = [];
  let run: Entry[] = [];
  // Floats met in a run of inline content go before the run's paragraph: they float at the top of the lines
  // around them (exact for a float in a paragraph's first line, the usual case: a price floated right).
  let runFloats: FlowItem[] = [];
  const flush = (): void => {
    if (runFloats.length > 0) {
      items.push(...runFloats);
      runFloats = [];
    }
    if (run.length > 0) items.push(...runItems(run));
    run = [];
  };
  const parentStyle = styleOf(ctx, parent);
  // Floats and absolutes found inside inline children (one array for all of them).
  const lifted: FlowItem[] = [];
  for (const child of parent.children) {
    if (child.kind === "text") {
      run.push({ piece: textPiece(child, parentStyle, undefined, undefined, parent.path, 0), nested: false });
      continue;
    }
    const style = styleOf(ctx, child);
    if (style.display === "none" || child.tag === "col" || child.tag === "colgroup") continue;
    if (style.position === "absolute" || style.position === "fixed") {
      items.push({ kind: "absolute", element: child });
      continue;
    }
    if (style.float !== "none") {
      if (run.length > 0) runFloats.push({ kind: "float", element: child });
      else items.push({ kind: "float", element: child });
      continue;
    }
    if (isInlineObject(child, style, ctx)) {
      run.push({ piece: objectPiece(child, style, undefined, 0), nested: false });
      continue;
    }
    if (isAtomic(child, style)) {
      run.push({ atomic: child });
      continue;
    }
    // A running element (`position: running()`) is a mark in the flow wherever it is written.
    if (isBlockLevel(style) || style.generated?.running !== undefined) {
      flush();
      items.push({ kind: "block", element: child });
      continue;
    }
    const nested: InlinePiece[] = [];
    const before = lifted.length;
    inlinePieces(child, ctx, nested, undefined, undefined, 0, lifted);
    // Floats go before the run's paragraph (as a float met in the run does), absolutes out of the flow.
    if (lifted.length > before) for (const item of lifted.splice(before)) {
      if (item.kind === "absolute") items.push(item);
      else runFloats.push(item);
    }
    // An inline element starts a new stretch of text even when it holds nothing (see runItems).
    run.push({ piece: { text: "", style, path: child.path }, nested: true });
    for (const piece of nested) run.push({ piece, nested: true });
  }
  flush();
  return items;
}

/** True for text that prints (or a line break, or page-number text): images among it flow in its lines. */
function isText(piece: InlinePiece): boolean {
  return piece.object === undefined && (piece.hardBreak === true || piece.deferred !== undefined || piece.text.trim() !== "");
}

/**
 * The items of one run of inline content. With text in it, images are object pieces of the paragraph and
 * only inline blocks make rows of their own. Without any text (images separated by white space), the images
 * and inline blocks are rows of atomic boxes, white space between them ignored.
 */
function runItems(run: readonly Entry[]): FlowItem[] {
  const items: FlowItem[] = [];
  let pieces: InlinePiece[] = [];
  let atomics: HtmlElement[] = [];
  const flushInline = (): void => {
    if (pieces.some((p) => p.text !== "" || p.object)) items.push({ kind: "inline", pieces: pieces.filter((p) => p.text !== "" || p.object) });
    pieces = [];
  };
  const flushAtomic = (): void => {
    if (atomics.length > 0) items.push({ kind: "atomic", elements: atomics });
    atomics = [];
  };
  const flowing = run.some((e) => "piece" in e && isText(e.piece));
  for (const e of run) {
    if ("atomic" in e || (!flowing && e.piece.object)) {
      flushInline();
      atomics.push("atomic" in e ? e.atomic : (e.piece.object as HtmlElement));
      continue;
    }
    // White space between atomic boxes does not break their row.
    if (!e.nested && atomics.length > 0 && !isText(e.piece) && !e.piece.object) continue;
    flushAtomic();
    pieces.push(e.piece);
  }
  flushInline();
  flushAtomic();
  return items;
}

/** Flattens an inline element's content into pieces (block descendants are read as inline text). */
export function inlinePieces(el: HtmlElement, ctx: HtmlContext, out: InlinePiece[], link: string | undefined, background: string | undefined, rise: number, lifted?: FlowItem[]): void {
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
    if (child.kind === "text") {
      out.push(textPiece(child, style, ownLink, ownBackground, el.path, ownRise));
      continue;
    }
    const childStyle = styleOf(ctx, child);
    // Floats and positioned boxes inside inline elements leave the line too (when the caller takes them).
    if (lifted && childStyle.display !== "none" && (childStyle.position === "absolute" || childStyle.position === "fixed")) lifted.push({ kind: "absolute", element: child });
    else if (lifted && childStyle.display !== "none" && childStyle.float !== "none") lifted.push({ kind: "float", element: child });
    else if (isInlineObject(child, childStyle, ctx) || child.tag === LEADER_TAG) out.push(objectPiece(child, childStyle, ownLink, ownRise));
    else inlinePieces(child, ctx, out, ownLink, ownBackground, ownRise, lifted);
  }
}

/** The piece of an image or inline SVG in a line: one U+FFFC with the element's style, link and baseline shift. */
function objectPiece(el: HtmlElement, style: ComputedStyle, link: string | undefined, rise: number): InlinePiece {
  const own = rise + baselineShift(style) - (style.verticalAlign === "baseline" ? inlineBlockDrop(el, style) : 0);
  return { text: OBJECT_CHAR, style, path: el.path, object: el, ...(own !== 0 ? { rise: own } : {}), ...(link ? { link } : {}) };
}

/**
 * How far below its bottom edge's line the baseline of an inline block's last line sits, so that it can be
 * lowered onto the text's baseline (CSS 2 §10.8.1) where the paragraph puts an object's bottom: its bottom
 * padding, border and margin and the part of its last line below the baseline (the font's descent, about a
 * quarter em, plus half the leading). Images and form controls keep their bottom on the baseline.
 */
function inlineBlockDrop(el: HtmlElement, style: ComputedStyle): number {
  if (el.tag === "input" || el.tag === "select") {
    // A one-line control's text sits on the line's baseline (its box is its text's line centred in 3pt of
    // border and padding, as form-control.ts sizes it); check boxes and radio buttons keep their bottom there.
    const type = (el.attrs.get("type") ?? "").toLowerCase();
    return type === "checkbox" || type === "radio" ? 0 : 3 - 0.025 * style.size + 0.25 * style.size;
  }
  // A leader's box already ends at its dots' baseline (leader.ts).
  if (el.tag === "img" || el.tag === "svg" || el.tag === "textarea" || el.tag === "button" || el.tag === LEADER_TAG) return 0;
  const margin = style.margin[2];
  const lineHeight = "mult" in style.lineHeight ? style.lineHeight.mult * style.size : style.lineHeight.pt;
  const below = 0.25 * style.size + Math.max(0, lineHeight - 1.2 * style.size) / 2;
  return Math.max(0, style.padding[2].pt) + style.borderWidth[2] + (margin === "auto" ? 0 : Math.max(0, margin.pt)) + below;
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
