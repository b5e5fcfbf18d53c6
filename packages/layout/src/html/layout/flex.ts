// Flexbox (CSS Flexible Box Layout 1, the common subset): row and column directions (and their reverses),
// wrap into lines, flex-basis / -grow / -shrink (never below an item's min-content width), justify-content,
// align-items / align-self (stretch, start, center, end), row and column gaps. A flex line moves to the next
// page whole; wrapped lines and column items split between them.
import { EPSILON, type Block } from "../../elements/block.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import { GapBlock, RowBlock, ShiftBlock } from "./box.js";
import { styleOf, type Absolute, type HtmlContext } from "./context.js";
import { edgesOf, marginX, sizeOf } from "./edges.js";
import { layoutBlockBox, positionAbsolute, type Laid } from "./flow.js";
import { paragraphBlock, type InlinePiece } from "./inline.js";
import { maxContent, minContent } from "./measure.js";
import { definiteInnerHeight, lineCrossSizes } from "./flex-lines.js";

interface Item {
  /** A flex item element, or an anonymous item (a paragraph of the container's own text). */
  readonly element: HtmlElement | null;
  readonly style: ComputedStyle;
  readonly basis: number;
  readonly min: number;
  readonly marginX: number;
  readonly anonymous?: Block;
}

/** Lays out a flex container's items in a content box `width` points wide. */
export function layoutFlex(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  // Every child element is a flex item (blockified); runs of the container's own text are anonymous items.
  const items: Item[] = [];
  let text: InlinePiece[] = [];
  const flushText = (): void => {
    const block = text.length > 0 ? paragraphBlock(text, style, Infinity, ctx, el.path) : null;
    if (block) items.push({ element: null, style, basis: block.width, min: block.width, marginX: 0, anonymous: paragraphBlock(text, style, block.width + 0.01, ctx, el.path) ?? block });
    text = [];
  };
  for (const child of el.children) {
    if (child.kind === "text") {
      text.push({ text: child.text, style, path: el.path, ...(child.deferred ? { deferred: child.deferred } : {}) });
      continue;
    }
    const s = styleOf(ctx, child);
    if (s.display === "none") continue;
    flushText();
    if (s.position === "absolute" || s.position === "fixed") positionAbsolute(child, ctx, width, sink);
    else items.push(flexItem(child, width, ctx));
  }
  flushText();
  if (items.length === 0) return null;
  const column = style.flexDirection === "column" || style.flexDirection === "column-reverse";
  const reverse = style.flexDirection.endsWith("reverse") !== (style.direction === "rtl" && !column);
  // `order` sorts the items (stably: document order among equals) before a reverse direction flips them.
  const sorted = items.some((i) => i.style.order !== 0 && i.element) ? orderItems(items) : items;
  const ordered = reverse ? [...sorted].reverse() : sorted;
  return column ? layoutColumn(ordered, style, width, ctx, sink) : layoutRows(ordered, style, width, ctx, sink);
}

function orderItems(items: readonly Item[]): Item[] {
  const order = (i: Item): number => (i.element ? i.style.order : 0);
  return items.map((item, index) => ({ item, index })).sort((a, b) => order(a.item) - order(b.item) || a.index - b.index).map((e) => e.item);
}

function flexItem(el: HtmlElement, width: number, ctx: HtmlContext): Item {
  const s = styleOf(ctx, el);
  const edges = edgesOf(s, width);
  const insets = edges.insets[1] + edges.insets[3];
  const basis = sizeOf(s.basis, width) ?? sizeOf(s.width, width);
  const border = basis === undefined ? maxContent(el, ctx) : s.borderBox ? Math.max(basis, insets) : basis + insets;
  return { element: el, style: s, basis: border, min: Math.min(border, minContent(el, ctx)), marginX: marginX(edges) };
}

function layItem(item: Item, width: number, ctx: HtmlContext, sink: Absolute[]): { block: Block; laid: Laid | null } | null {
  if (!item.element) return item.anonymous ? { block: item.anonymous, laid: null } : null;
  const laid = layoutBlockBox(item.element, ctx, width + item.marginX, sink, width);
  return laid ? { block: laid.block, laid } : null;
}

function layoutRows(items: readonly Item[], style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  const gap = resolveLength(style.columnGap, width);
  const lines: Item[][] = [[]];
  let used = 0;
  for (const item of items) {
    const line = lines[lines.length - 1] as Item[];
    const outer = item.basis + item.marginX;
    if (style.flexWrap && line.length > 0 && used + gap + outer > width + 1e-6) {
      lines.push([item]);
      used = outer;
    } else {
      line.push(item);
      used += (line.length > 1 ? gap : 0) + outer;
    }
  }
  const rowGap = resolveLength(style.rowGap, width);
  const measured = lines.map((line) => measureLine(line, style, width, gap, ctx, sink));
  // With a set height, the lines share the free space by align-content (flex-lines.ts); a single line fills it.
  const plan = lineCrossSizes(measured.map((m) => m.height), rowGap, definiteInnerHeight(style, width, ctx), style.alignContent, style.flexWrap);
  const children: StackChild[] = [];
  measured.forEach((m, k) => {
    const space = (plan.before[k] as number) + (k > 0 ? rowGap : 0);
    if (space > 0) children.push({ block: new GapBlock(space), role: "row", breakBefore: false });
    children.push({ block: buildLine(m, style, plan.sizes[k] as number), role: "row", breakBefore: false });
  });
  return children.length === 1 ? (children[0] as StackChild).block : StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}

interface MeasuredLine {
  readonly line: readonly Item[];
  readonly laid: ({ block: Block; laid: Laid | null } | null)[];
  readonly sizes: readonly number[];
  readonly outerHeight: (k: number) => number;
  readonly height: number;
  readonly x: number;
  readonly between: number;
}

function measureLine(line: readonly Item[], style: ComputedStyle, width: number, gap: number, ctx: HtmlContext, sink: Absolute[]): MeasuredLine {
  const gaps = gap * Math.max(0, line.length - 1);
  const free = width - gaps - line.reduce((s, i) => s + i.basis + i.marginX, 0);
  const grow = line.reduce((s, i) => s + i.style.grow, 0);
  const shrink = line.reduce((s, i) => s + i.style.shrink * i.basis, 0);
  const sizes = line.map((i) => {
    if (free > 0 && grow > 0) return i.basis + (free * i.style.grow) / grow;
    // A line exactly as wide as its items (a shrink-to-fit container) does not shrink them by rounding.
    if (free < -EPSILON && shrink > 0) return Math.max(i.min, i.basis + (free * i.style.shrink * i.basis) / shrink);
    return i.basis;
  });
  const laid = line.map((item, k) => layItem(item, sizes[k] as number, ctx, sink));
  const outerHeight = (k: number): number => {
    const l = laid[k];
    return l ? l.block.height + (l.laid ? l.laid.marginTop + l.laid.marginBottom : 0) : 0;
  };
  const height = Math.max(0, ...line.map((_, k) => outerHeight(k)));
  const remaining = Math.max(0, width - gaps - line.reduce((s, i, k) => s + (sizes[k] as number) + i.marginX, 0));
  const n = line.length;
  let x = 0;
  let between = gap;
  switch (style.justifyContent) {
    case "flex-end": case "end": case "right": x = remaining; break;
    case "center": x = remaining / 2; break;
    case "space-between": between = gap + (n > 1 ? remaining / (n - 1) : 0); break;
    case "space-around": x = remaining / n / 2; between = gap + remaining / n; break;
    case "space-evenly": x = remaining / (n + 1); between = gap + remaining / (n + 1); break;
    default: break;
  }
  return { line, laid, sizes, outerHeight, height, x, between };
}

function buildLine(m: MeasuredLine, style: ComputedStyle, height: number): Block {
  const { line, laid, sizes, outerHeight, between } = m;
  let x = m.x;
  const cells: { block: Block; x: number; y: number }[] = [];
  line.forEach((item, k) => {
    const l = laid[k];
    const size = sizes[k] as number;
    if (l) {
      const align = item.style.alignSelf === "auto" ? style.alignItems : item.style.alignSelf;
      const mt = l.laid?.marginTop ?? 0;
      const box = l.laid?.box;
      const ml = l.laid?.marginLeft ?? 0;
      let block: Block = l.block;
      let y = mt;
      if ((align === "stretch" || align === "normal") && box && item.style.height === "auto") block = new ShiftBlock(box.stretched(height - mt - (l.laid?.marginBottom ?? 0)), ml);
      else if (align === "center") y = (height - outerHeight(k)) / 2 + mt;
      else if (align === "flex-end" || align === "end") y = height - outerHeight(k) + mt;
      cells.push({ block, x, y });
    }
    x += size + item.marginX + between;
  });
  return new RowBlock(cells, height);
}

function layoutColumn(items: readonly Item[], style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  const gap = resolveLength(style.rowGap, width);
  const children: StackChild[] = [];
  for (const item of items) {
    const align = item.style.alignSelf === "auto" ? style.alignItems : item.style.alignSelf;
    const stretch = align === "stretch" || align === "normal";
    const w = stretch && item.style.width === "auto" ? width - item.marginX : Math.min(width - item.marginX, item.basis);
    const l = layItem(item, w, ctx, sink);
    if (!l) continue;
    const room = width - w - item.marginX;
    const dx = align === "center" ? room / 2 : align === "flex-end" || align === "end" ? room : 0;
    if (children.length > 0 && gap > 0) children.push({ block: new GapBlock(gap), role: "row", breakBefore: false });
    const mt = l.laid?.marginTop ?? 0;
    if (mt > 0) children.push({ block: new GapBlock(mt), role: "row", breakBefore: false });
    children.push({ block: dx > 0 ? new ShiftBlock(l.block, dx) : l.block, role: "row", breakBefore: l.laid?.breakBefore ?? false });
    const mb = l.laid?.marginBottom ?? 0;
    if (mb > 0) children.push({ block: new GapBlock(mb), role: "row", breakBefore: false });
  }
  return children.length === 0 ? null : StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}
