// Block formatting: a block-level element becomes a box (edges, width, decoration) around its content,
// which is laid out by its display: flex, table, a replaced element, or the normal flow of its children
// (paragraphs of inline content, rows of atomic boxes and block boxes stacked with collapsed margins).
import { controlBlock, controlSize, isFormControl } from "./form-control.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import type { Block } from "../../elements/block.js";
import type { HtmlElement } from "../dom.js";
import { resolveLength } from "../values.js";
import { BoxBlock, GapBlock, RowBlock, ShiftBlock } from "./box.js";
import { flowItems, type FlowItem } from "./collect.js";
import { styleOf, type Absolute, type HtmlContext } from "./context.js";
import { borderBoxWidth, collapse, decorationOf, edgesOf, marginX, sizeOf } from "./edges.js";
import { layoutFlex } from "./flex.js";
import { paragraphBlock, type ObjectBox } from "./inline.js";
import { markerOf } from "./marker.js";
import { maxContent } from "./measure.js";
import { replacedBlock } from "./replaced.js";
import { chartFigureBlock, isChartFigure } from "./chart.js";
import { layoutTable } from "./table.js";
import { layoutGrid } from "./grid.js";
import { isMulticol, layoutMulticol } from "./multicol.js";

/** A laid-out block-level box with what its parent's flow needs to know. */
export interface Laid {
  readonly block: Block;
  /** The box itself, before its left margin is applied (flex lines and table rows place it themselves). */
  readonly box: BoxBlock | null;
  readonly marginLeft: number;
  /** Border-box width. */
  readonly width: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly breakBefore: boolean;
  readonly breakAfter: boolean;
}

/** Content of a block container, with the margins of its first and last child (they may collapse outward). */
interface FlowResult {
  readonly block: Block | null;
  readonly lead: number;
  readonly trail: number;
}

/**
 * Lays out a block-level element in a containing block `cb` points wide. `borderWidth` forces the
 * border-box width (flex items, table cells); absolutely positioned descendants go to `sink` unless the
 * box is positioned itself.
 */
export function layoutBlockBox(el: HtmlElement, ctx: HtmlContext, cb: number, sink: Absolute[], borderWidth?: number): Laid | null {
  const style = styleOf(ctx, el);
  if (style.display === "none") return null;
  const edges = edgesOf(style, cb);
  const [it, ir, ib, il] = edges.insets;
  let [mt, mr, mb, ml] = edges.margin;
  const specified = sizeOf(style.width, cb);
  const width = borderWidth ?? (specified !== undefined
    ? borderBoxWidth(style, specified, il + ir, cb)
    : el.tag === "img" || el.tag === "svg" || isFormControl(el, ctx) || style.display === "inline-block" || style.display === "table" || style.position === "absolute"
      ? Math.min(cb - marginX(edges), borderBoxWidth(style, maxContent(el, ctx) - il - ir, il + ir, cb))
      : borderBoxWidth(style, Math.max(0, cb - marginX(edges) - il - ir), il + ir, cb));
  // Auto horizontal margins centre (both) or push (one) a box narrower than its containing block.
  const free = cb - width - (Number.isNaN(ml) ? 0 : ml) - (Number.isNaN(mr) ? 0 : mr);
  if (Number.isNaN(ml) && Number.isNaN(mr)) ml = mr = Math.max(0, free / 2);
  else if (Number.isNaN(ml)) ml = Math.max(0, free);
  if (Number.isNaN(mr)) mr = 0;
  mt = Number.isNaN(mt) ? 0 : mt;
  mb = Number.isNaN(mb) ? 0 : mb;
  const positioned = style.position !== "static";
  const absolutes: Absolute[] = positioned ? [] : sink;
  const contentWidth = Math.max(0, width - il - ir);
  const specifiedHeight = sizeOf(style.height, ctx.pageBody);
  let content: Block | null;
  let lead = 0;
  let trail = 0;
  if (isFormControl(el, ctx)) {
    const size = controlSize(el, style, ctx);
    content = controlBlock(el, style, contentWidth, specifiedHeight === undefined ? size.height : Math.max(0, specifiedHeight - (style.borderBox ? it + ib : 0)), ctx);
  } else if (el.tag === "img" || el.tag === "svg") {
    content = replacedBlock(el, style, contentWidth, specifiedHeight === undefined ? undefined : Math.max(0, specifiedHeight - (style.borderBox ? it + ib : 0)), ctx);
  } else if (isChartFigure(el)) {
    content = chartFigureBlock(el, style, contentWidth, specifiedHeight === undefined ? undefined : Math.max(0, specifiedHeight - (style.borderBox ? it + ib : 0)), ctx);
  } else if (style.display === "flex" || style.displayInside === "flex") content = layoutFlex(el, style, contentWidth, ctx, absolutes);
  else if (style.display === "table") content = layoutTable(el, style, contentWidth, ctx, absolutes);
  else if (style.display === "grid" || style.displayInside === "grid") content = layoutGrid(el, style, contentWidth, ctx, absolutes);
  else if (isMulticol(style)) content = layoutMulticol(el, style, contentWidth, ctx, absolutes);
  else {
    const flow = layoutFlow(el, contentWidth, ctx, absolutes);
    content = flow.block;
    // A first child's top margin collapses through a box with no top border or padding (and likewise at the
    // bottom for an auto height), as in CSS; otherwise it stays inside as space.
    const through = style.display === "block" || style.display === "list-item";
    if (through && it === 0 && el.tag !== "html") mt = collapse(mt, flow.lead);
    else lead = flow.lead;
    if (through && ib === 0 && specifiedHeight === undefined && el.tag !== "html") mb = collapse(mb, flow.trail);
    else trail = flow.trail;
    if (lead > 0 || trail > 0) content = withGaps(content, lead, trail, ctx);
  }
  let contentHeight = content?.height ?? 0;
  if (specifiedHeight !== undefined) contentHeight = Math.max(0, style.borderBox ? specifiedHeight - it - ib : specifiedHeight);
  contentHeight = Math.max(contentHeight, resolveLength(style.minHeight, ctx.pageBody) - (style.borderBox ? it + ib : 0));
  const marker = style.display === "list-item" ? markerOf(el, style, ctx) : undefined;
  const box = new BoxBlock(decorationOf(style, edges, width), content, contentHeight, {
    dx: style.position === "relative" ? relativeOffset(sizeOf(style.inset[3], cb), sizeOf(style.inset[1], cb)) : 0,
    dy: style.position === "relative" ? relativeOffset(sizeOf(style.inset[0], cb), sizeOf(style.inset[2], cb)) : 0,
    ...(marker ? { marker } : {}),
    absolutes: positioned ? absolutes : [],
    avoidBreak: style.avoidBreakInside,
    valign: 0,
    pageBody: ctx.pageBody,
  });
  return { block: ml !== 0 ? new ShiftBlock(box, ml) : box, box, marginLeft: ml, width, marginTop: mt, marginBottom: mb, breakBefore: style.breakBefore, breakAfter: style.breakAfter };
}

function relativeOffset(start: number | undefined, end: number | undefined): number {
  return start !== undefined ? start : end !== undefined ? -end : 0;
}

function withGaps(content: Block | null, lead: number, trail: number, ctx: HtmlContext): Block {
  const children: StackChild[] = [];
  if (lead > 0) children.push({ block: new GapBlock(lead), role: "row", breakBefore: false });
  if (content) children.push({ block: content, role: "row", breakBefore: false });
  if (trail > 0) children.push({ block: new GapBlock(trail), role: "row", breakBefore: false });
  return StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}

/** The normal flow of an element's children in a content box `width` points wide. */
export function layoutFlow(el: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[]): FlowResult {
  const children: StackChild[] = [];
  let pending = 0;
  let lead: number | undefined;
  let breakNext = false;
  const push = (block: Block, marginTop: number, marginBottom: number, breakBefore: boolean): void => {
    if (lead === undefined) lead = marginTop;
    else {
      const gap = collapse(pending, marginTop);
      if (gap > 0) children.push({ block: new GapBlock(gap), role: "row", breakBefore: false });
    }
    children.push({ block, role: "row", breakBefore: breakBefore || breakNext });
    breakNext = false;
    pending = marginBottom;
  };
  for (const item of flowItems(el, ctx)) {
    const laid = layoutFlowItem(item, el, width, ctx, sink);
    if (!laid) continue;
    push(laid.block, laid.marginTop, laid.marginBottom, laid.breakBefore);
    breakNext = laid.breakAfter;
  }
  if (children.length === 0) return { block: null, lead: 0, trail: 0 };
  const only = children.length === 1 ? (children[0] as StackChild) : undefined;
  const block = only && !only.breakBefore ? only.block : StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
  return { block, lead: lead ?? 0, trail: pending };
}

/** Lays out one item of a block container's flow (null for whitespace and absolute boxes, which go to `sink`). */
export function layoutFlowItem(item: FlowItem, parent: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[]): Laid | null {
  switch (item.kind) {
    case "inline": {
      const block = paragraphBlock(item.pieces, styleOf(ctx, parent), width, ctx, parent.path, (el) => inlineObject(el, ctx, width, sink));
      return block ? { block, box: null, marginLeft: 0, width, marginTop: 0, marginBottom: 0, breakBefore: false, breakAfter: false } : null;
    }
    case "atomic":
      return { block: atomicRow(item.elements, parent, width, ctx, sink), box: null, marginLeft: 0, width, marginTop: 0, marginBottom: 0, breakBefore: false, breakAfter: false };
    case "block":
      return layoutBlockBox(item.element, ctx, width, sink);
    case "absolute":
      positionAbsolute(item.element, ctx, width, sink);
      return null;
  }
}

/**
 * The box of an image or inline SVG in a line of text, in a paragraph `width` points wide. Its margins are
 * space around it on the line (`auto` is zero on inline boxes); negative vertical margins count as zero.
 */
function inlineObject(el: HtmlElement, ctx: HtmlContext, width: number, sink: Absolute[]): ObjectBox {
  const laid = layoutBlockBox(el, ctx, width, sink);
  if (!laid) return { block: null, width: 0, height: 0, dx: 0, dy: 0 };
  const [mt, mr, mb, ml] = edgesOf(styleOf(ctx, el), width).margin.map((m) => (Number.isNaN(m) ? 0 : m)) as [number, number, number, number];
  const box = laid.box ?? laid.block;
  return { block: box, width: Math.max(0, ml + laid.width + mr), height: box.height + Math.max(0, mt) + Math.max(0, mb), dx: ml, dy: Math.max(0, mt) };
}

/** Lays out an absolutely positioned box and hands it to its containing block (`sink`) with its offsets. */
export function positionAbsolute(el: HtmlElement, ctx: HtmlContext, width: number, sink: Absolute[]): void {
  const style = styleOf(ctx, el);
  const laid = layoutBlockBox(el, ctx, width, sink);
  if (!laid) return;
  const at = (i: number): number | undefined => sizeOf(style.inset[i] ?? "auto", width);
  sink.push({ block: laid.block, width: laid.width, left: at(3), top: at(0), right: at(1), bottom: at(2) });
}

// Atomic inline boxes (images, inline blocks) left to right, wrapping at the content width; each line is
// aligned by the container's text-align and its boxes share a bottom edge (their baseline, roughly).
function atomicRow(elements: readonly HtmlElement[], parent: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[]): Block {
  const align = styleOf(ctx, parent).textAlign;
  const lines: { block: Block; width: number }[][] = [[]];
  let used = 0;
  for (const el of elements) {
    const laid = layoutBlockBox(el, ctx, width, sink);
    if (!laid) continue;
    const style = styleOf(ctx, el);
    const edges = edgesOf(style, width);
    const w = laid.width + marginX(edges);
    const line = lines[lines.length - 1] as { block: Block; width: number }[];
    if (line.length > 0 && used + w > width + 1e-6) {
      lines.push([]);
      used = 0;
    }
    (lines[lines.length - 1] as { block: Block; width: number }[]).push({ block: marginBoxed(laid), width: w });
    used += w;
  }
  const rows: StackChild[] = lines.filter((l) => l.length > 0).map((line) => {
    const total = line.reduce((s, c) => s + c.width, 0);
    const height = Math.max(...line.map((c) => c.block.height));
    let x = align === "center" ? (width - total) / 2 : align === "right" || align === "end" ? width - total : 0;
    const cells = line.map((c) => {
      const cell = { block: c.block, x: Math.max(0, x), y: height - c.block.height };
      x += c.width;
      return cell;
    });
    return { block: new RowBlock(cells, height), role: "row" as const, breakBefore: false };
  });
  return rows.length === 1 ? (rows[0] as StackChild).block : StackBlock.of(rows, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}

/** A laid box with its vertical margins as space above and below (inside a row, margins do not collapse). */
function marginBoxed(laid: Laid): Block {
  if (laid.marginTop === 0 && laid.marginBottom === 0) return laid.block;
  return new RowBlock([{ block: laid.block, x: 0, y: Math.max(0, laid.marginTop) }], laid.block.height + Math.max(0, laid.marginTop) + Math.max(0, laid.marginBottom));
}
