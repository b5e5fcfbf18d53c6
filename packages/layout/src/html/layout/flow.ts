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
import { backgroundOf } from "./background.js";
import { borderBoxWidth, collapse, decorationOf, edgesOf, marginX, sizeOf } from "./edges.js";
import { layoutFlex } from "./flex.js";
import { paragraphBlock, type ObjectBox } from "./inline.js";
import { markerOf } from "./marker.js";
import { pageNameOf, runningMark, withFootnoteCalls, withPageMarks } from "./page-marks.js";
import { maxContent } from "./measure.js";
import { replacedBlock } from "./replaced.js";
import { chartFigureBlock, isChartFigure } from "./chart.js";
import { EffectsBlock, effectsOf } from "./effects.js";
import { shadowsOf } from "./shadow.js";
import { LiftedBlock } from "./stacking.js";
import { EPSILON } from "../../elements/block.js";
import { bandOf, clearance, FloatLayer, insetAt, placeFloat, shiftExclusion, type Exclusion, type PlacedFloat } from "./float.js";
import { layoutTable } from "./table.js";
import { anonymousParagraph, BOX_DECORATION, htmlTag } from "./tags.js";
import { withTag } from "../../elements/tags.js";
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
  /** Floats reaching below the box (not drawn by it), from its containing block's content left and its border top. */
  readonly hanging?: readonly PlacedFloat[];
}

/** Content of a block container, with the margins of its first and last child (they may collapse outward). */
interface FlowResult {
  readonly block: Block | null;
  readonly lead: number;
  readonly trail: number;
  /** Floats reaching below the content, left for the parent's flow to draw and wrap around (layoutFlow's `hang`). */
  readonly hanging?: readonly PlacedFloat[];
}

/**
 * Lays out a block-level element in a containing block `cb` points wide. `borderWidth` forces the
 * border-box width (flex items, table cells); absolutely positioned descendants go to `sink` unless the
 * box is positioned itself.
 */
export function layoutBlockBox(el: HtmlElement, ctx: HtmlContext, cb: number, sink: Absolute[], borderWidth?: number, exclusion?: Exclusion, hang = false): Laid | null {
  const style = styleOf(ctx, el);
  if (style.display === "none") return null;
  // A running element leaves the flow: a mark of where it was (page-marks.ts); margin boxes lay it out.
  if (style.generated?.running !== undefined && ctx.paged?.inMarginBox !== true) {
    return { block: runningMark(el, style.generated.running, ctx), box: null, marginLeft: 0, width: 0, marginTop: 0, marginBottom: 0, breakBefore: false, breakAfter: false };
  }
  const edges = edgesOf(style, cb);
  const [it, ir, ib, il] = edges.insets;
  let [mt, mr, mb, ml] = edges.margin;
  const specified = sizeOf(style.width, cb);
  const width = borderWidth ?? (specified !== undefined
    ? borderBoxWidth(style, specified, il + ir, cb)
    : el.tag === "img" || el.tag === "svg" || isFormControl(el, ctx) || style.display === "inline-block" || style.display === "table" || style.position === "absolute" || style.position === "fixed" || style.float !== "none"
      ? Math.min(cb - marginX(edges), borderBoxWidth(style, maxContent(el, ctx) - il - ir, il + ir, cb))
      // an auto width fills the containing block: the border box is what is left after the margins (a
      // border-box `specified` width is that; a content-box one excludes padding and borders)
      : borderBoxWidth(style, Math.max(0, cb - marginX(edges) - (style.borderBox ? 0 : il + ir)), il + ir, cb));
  // Auto horizontal margins centre (both) or push (one) a box narrower than its containing block.
  const free = cb - width - (Number.isNaN(ml) ? 0 : ml) - (Number.isNaN(mr) ? 0 : mr);
  if (Number.isNaN(ml) && Number.isNaN(mr)) ml = mr = Math.max(0, free / 2);
  else if (Number.isNaN(ml)) ml = Math.max(0, free);
  if (Number.isNaN(mr)) mr = 0;
  mt = Number.isNaN(mt) ? 0 : mt;
  mb = Number.isNaN(mb) ? 0 : mb;
  const positioned = style.position !== "static";
  const effects = effectsOf(style, ctx, el.path);
  const shadows = shadowsOf(style.boxShadow, style.size, ctx, el.path, "box-shadow");
  const absolutes: Absolute[] = positioned ? [] : sink;
  const contentWidth = Math.max(0, width - il - ir);
  const specifiedHeight = sizeOf(style.height, ctx.pageBody);
  let content: Block | null;
  let hanging: PlacedFloat[] | undefined;
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
    // Floats outside reach into this box's content by what its margin, border and padding do not cover.
    const inner = exclusion && shiftExclusion(exclusion, ml + il, cb - ml - width + ir, it);
    const through = (style.display === "block" || style.display === "list-item") && !ownsContext(style);
    // Floats may hang out of a plain block into its parent's flow (which wraps its next boxes around them);
    // boxes that make a formatting context, or are drawn as one group, keep theirs.
    const flow = layoutFlow(el, contentWidth, ctx, absolutes, inner, hang && through && el.tag !== "html" && !positioned && style.opacity >= 1 && style.transform === undefined && style.clipPath === undefined);
    content = flow.block;
    // A first child's top margin collapses through a box with no top border or padding (and likewise at the
    // bottom for an auto height), as in CSS; otherwise it stays inside as space.
    if (through && it === 0 && el.tag !== "html") mt = collapse(mt, flow.lead);
    else lead = flow.lead;
    if (through && ib === 0 && specifiedHeight === undefined && el.tag !== "html") mb = collapse(mb, flow.trail);
    else trail = flow.trail;
    if (lead > 0 || trail > 0) content = withGaps(content, lead, trail, ctx);
    if (flow.hanging) hanging = flow.hanging.map((f) => ({ ...f, x: f.x + il, y: f.y + it + lead }));
  }
  let contentHeight = content?.height ?? 0;
  if (specifiedHeight !== undefined) contentHeight = Math.max(0, style.borderBox ? specifiedHeight - it - ib : specifiedHeight);
  contentHeight = Math.max(contentHeight, resolveLength(style.minHeight, ctx.pageBody) - (style.borderBox ? it + ib : 0));
  const marker = style.display === "list-item" ? markerOf(el, style, ctx) : undefined;
  const images = backgroundOf(style, edges.insets, width, ctx, el.path);
  const decoration = decorationOf(style, edges, width);
  const dx = style.position === "relative" ? relativeOffset(sizeOf(style.inset[3], cb), sizeOf(style.inset[1], cb)) : 0;
  const dy = style.position === "relative" ? relativeOffset(sizeOf(style.inset[0], cb), sizeOf(style.inset[2], cb)) : 0;
  const tag = ctx.tagged === true ? htmlTag(el, style) : undefined;
  const box = new BoxBlock(images ? { ...decoration, images } : decoration, content, contentHeight, {
    ...(tag !== undefined ? { tag } : {}),
    ...(tag?.role === "LI" ? { listBody: { label: { role: "Lbl" as const }, body: { role: "LBody" as const } } } : {}),
    ...(ctx.tagged === true ? { decoration: BOX_DECORATION } : {}),
    dx,
    dy,
    ...(marker ? { marker } : {}),
    absolutes: positioned ? absolutes : [],
    avoidBreak: style.avoidBreakInside,
    valign: 0,
    pageBody: ctx.pageBody,
    // Plain properties, not spreads: a box is made per table cell, and spreads cost there.
    shadows,
    clip: style.overflowHidden,
    exact: style.overflowHidden && specifiedHeight !== undefined,
    ...((style.generated?.["box-decoration-break"] ?? style.generated?.["-webkit-box-decoration-break"])?.trim() === "slice" ? { slice: true } : {}),
  });
  const drawn = effects ? new EffectsBlock(box, effects, width, dx, dy) : box;
  // A positioned box with a z-index of 0 or more is drawn over its stacking context's content (stacking.ts).
  const painted = positioned && style.zIndex !== undefined && style.zIndex >= 0 ? new LiftedBlock(drawn, style.zIndex) : drawn;
  if (hanging) hanging = hanging.map((f) => ({ ...f, x: f.x + ml + dx, y: f.y + dy }));
  const block = withPageMarks(ml !== 0 ? new ShiftBlock(painted, ml) : painted, el, style, ctx);
  return { block, box, marginLeft: ml, width, marginTop: mt, marginBottom: mb, breakBefore: style.breakBefore, breakAfter: style.breakAfter, hanging };
}

/** Floats, absolutes and clipping boxes make a formatting context of their own: margins do not collapse through them. */
function ownsContext(style: ReturnType<typeof styleOf>): boolean {
  return style.overflowHidden || style.flowRoot || style.float !== "none" || style.position === "absolute" || style.position === "fixed";
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

/**
 * The normal flow of an element's children in a content box `width` points wide; `outer` is the space floats
 * of ancestors take from it (in its coordinates).
 */
export function layoutFlow(el: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[], outer?: Exclusion, hang = false): FlowResult {
  const children: StackChild[] = [];
  let pending = 0;
  let lead: number | undefined;
  let breakNext = false;
  // The height stacked so far (without the pending bottom margin), and the floats of this flow.
  let y = 0;
  let bands: Exclusion | undefined = outer;
  const floats: PlacedFloat[] = [];
  const push = (block: Block, marginTop: number, marginBottom: number, breakBefore: boolean, clearTo?: number): void => {
    if (lead === undefined && clearTo === undefined) lead = marginTop;
    else {
      lead ??= 0;
      let gap = collapse(pending, marginTop);
      // Clearance: the box's border edge goes below the floats it clears (its margin is then inside the gap).
      if (clearTo !== undefined && y + gap < clearTo) gap = clearTo - y;
      if (gap > 0) children.push({ block: new GapBlock(gap), role: "row", breakBefore: false });
      y += gap;
    }
    children.push({ block, role: "row", breakBefore: breakBefore || breakNext });
    breakNext = false;
    pending = marginBottom;
    y += block.height;
  };
  // Named pages (`page: chapter`): a block whose page differs from the previous block's starts a new page.
  let previousPage: string | undefined | null = null;
  for (const item of flowItems(el, ctx)) {
    if (item.kind === "float") {
      const laid = layoutBlockBox(item.element, ctx, width, sink);
      if (!laid) continue;
      const style = styleOf(ctx, item.element);
      const [, mr] = edgesOf(style, width).margin.map((m) => (Number.isNaN(m) ? 0 : m)) as [number, number];
      const w = laid.marginLeft + laid.width + mr;
      const h = Math.max(0, laid.marginTop) + laid.block.height + Math.max(0, laid.marginBottom);
      let top = children.length === 0 ? 0 : y + pending;
      if (style.clear !== "none") top = Math.max(top, clearance(bands, style.clear));
      const at = placeFloat(bands, style.float === "right" ? "right" : "left", width, w, h, top);
      floats.push({ block: laid.block, x: at.x, y: at.y, dy: Math.max(0, laid.marginTop), height: h, width: w, side: style.float === "right" ? "right" : "left" });
      bands = [...(bands ?? []), at.band];
      continue;
    }
    // Without floats around (the usual case) nothing more is needed than the item itself.
    let clearTo: number | undefined;
    let exclusion: Exclusion | undefined;
    if (bands) {
      const style = item.kind === "block" ? styleOf(ctx, item.element) : undefined;
      const marginTop = style ? (edgesOf(style, width).margin[0] ?? 0) : 0;
      clearTo = style && style.clear !== "none" ? clearance(bands, style.clear) : undefined;
      // Where this item's border box will start: its exclusion is the floats from there down.
      const top = lead === undefined ? 0 : Math.max(y + collapse(pending, Number.isNaN(marginTop) ? 0 : marginTop), clearTo ?? 0);
      exclusion = shiftExclusion(bands, 0, 0, top);
    }
    const laid = layoutFlowItem(item, el, width, ctx, sink, exclusion);
    if (!laid) continue;
    let pageBreak = false;
    if (item.kind === "block") {
      const name = pageNameOf(styleOf(ctx, item.element));
      pageBreak = previousPage !== null && name !== previousPage && styleOf(ctx, item.element).generated?.running === undefined;
      previousPage = name;
    }
    push(laid.block, laid.marginTop, laid.marginBottom, laid.breakBefore || pageBreak, clearTo !== undefined && clearTo > 0 ? clearTo : undefined);
    breakNext = laid.breakAfter;
    // A child's floats that reach below it are this flow's now: drawn here, and what follows wraps around them.
    for (const f of laid.hanging ?? []) {
      const placed = { ...f, y: f.y + y - laid.block.height };
      floats.push(placed);
      bands = [...(bands ?? []), bandOf(placed, width)];
    }
  }
  if (children.length === 0 && floats.length === 0) return { block: null, lead: 0, trail: 0 };
  const only = children.length === 1 ? (children[0] as StackChild) : undefined;
  const stack = children.length === 0 ? null : only && !only.breakBefore ? only.block : StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
  // With `hang`, floats reaching below the content are handed to the parent flow instead of drawn here.
  const bottom = stack?.height ?? 0;
  const kept = hang ? floats.filter((f) => f.y + f.height <= bottom + EPSILON) : floats;
  const hanging = hang && kept.length < floats.length ? floats.filter((f) => !kept.includes(f)) : undefined;
  const block = kept.length > 0 ? new FloatLayer(stack, kept) : stack;
  return { block, lead: lead ?? 0, trail: pending, hanging };
}

/** Lays out one item of a block container's flow (null for whitespace, absolute boxes and floats, which go elsewhere). */
export function layoutFlowItem(item: FlowItem, parent: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[], exclusion?: Exclusion): Laid | null {
  switch (item.kind) {
    case "inline": {
      const parentStyle = styleOf(ctx, parent);
      const paragraph = paragraphBlock(item.pieces, parentStyle, width, ctx, parent.path, (el) => inlineObject(el, ctx, width, sink), exclusion);
      const called = paragraph && ctx.paged && ctx.paged.footnotes.length > 0 ? withFootnoteCalls(paragraph, new Set(item.pieces.map((p) => p.path)), ctx) : paragraph;
      // Loose text in an element that holds no text of its own (a div) reads as a paragraph.
      const block = called && ctx.tagged === true ? withTag(called, anonymousParagraph(parent, parentStyle)) : called;
      return block ? { block, box: null, marginLeft: 0, width, marginTop: 0, marginBottom: 0, breakBefore: false, breakAfter: false } : null;
    }
    case "atomic": {
      // A row of inline boxes beside a float is narrowed (not wrapped line by line: a simplification).
      const inset = insetAt(exclusion, 0, 1);
      const row = atomicRow(item.elements, parent, Math.max(0, width - inset.left - inset.right), ctx, sink);
      return { block: inset.left > 0 ? new ShiftBlock(row, inset.left) : row, box: null, marginLeft: 0, width, marginTop: 0, marginBottom: 0, breakBefore: false, breakAfter: false };
    }
    case "block": {
      const style = styleOf(ctx, item.element);
      const inset = insetAt(exclusion, 0, 1);
      if ((inset.left > 0 || inset.right > 0) && ownsFormatting(item.element, style)) {
        // A box with its own formatting context does not go under a float: it is narrowed beside it.
        const laid = layoutBlockBox(item.element, ctx, Math.max(0, width - inset.left - inset.right), sink);
        return laid && inset.left > 0 ? { ...laid, block: new ShiftBlock(laid.block, inset.left), marginLeft: laid.marginLeft + inset.left } : laid;
      }
      return layoutBlockBox(item.element, ctx, width, sink, undefined, exclusion, true);
    }
    case "absolute":
      positionAbsolute(item.element, ctx, width, sink);
      return null;
    case "float":
      return null;
  }
}

/** Boxes that establish a formatting context of their own (CSS 2 §9.4.1), which floats do not intrude into. */
function ownsFormatting(el: HtmlElement, style: ReturnType<typeof styleOf>): boolean {
  return style.display !== "block" && style.display !== "list-item" || style.overflowHidden || style.flowRoot || el.tag === "img" || el.tag === "svg";
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
  const at = (i: number): number | undefined => sizeOf(style.inset[i] ?? "auto", width);
  // Both left and right with an auto width: the box fills the space between them (CSS 2 §10.3.7).
  const left = at(3);
  const right = at(1);
  const stretch = style.width === "auto" && left !== undefined && right !== undefined && el.tag !== "img" && el.tag !== "svg"
    ? Math.max(0, width - left - right - marginX(edgesOf(style, width)))
    : undefined;
  const laid = layoutBlockBox(el, ctx, width, sink, stretch);
  if (!laid) return;
  const to = style.position === "fixed" && ctx.fixed ? ctx.fixed : sink;
  to.push({ block: laid.block, width: laid.width, left: at(3), top: at(0), right: at(1), bottom: at(2), ...(style.zIndex !== undefined ? { z: style.zIndex } : {}) });
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
