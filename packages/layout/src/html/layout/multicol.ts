// Multi-column boxes (CSS Multi-column Layout 1): `column-count` / `column-width` (and `columns`) give the
// number and width of the columns (§3.4's pseudo-algorithm), `column-gap` (normal: 1em) and `column-rule`
// sit between them. The children flow through the columns (columns-block.ts); a child with
// `column-span: all` spans every column, ending the column set above it and starting a new one below.
import type { Block } from "../../elements/block.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import { GapBlock } from "./box.js";
import { flowItems, type FlowItem } from "./collect.js";
import { ColumnsBlock, type ColumnSpec } from "./columns-block.js";
import { styleOf, type Absolute, type HtmlContext } from "./context.js";
import { collapse, sizeOf } from "./edges.js";
import { layoutBlockBox, layoutFlowItem } from "./flow.js";

/** True for a block container that lays its content out in columns. */
export function isMulticol(style: ComputedStyle): boolean {
  return (style.columnCount > 0 || style.columnWidth !== "auto") && (style.display === "block" || style.display === "list-item" || style.display === "inline-block");
}

/** The number and width of the columns in a content box `width` wide (CSS Multi-column §3.4). */
export function columnSpec(style: ComputedStyle, width: number, pageBody: number): ColumnSpec {
  const gap = style.columnGapNormal ? style.size : Math.max(0, resolveLength(style.columnGap, width));
  const w = sizeOf(style.columnWidth, width);
  let count: number;
  if (w === undefined) count = Math.max(1, style.columnCount);
  else {
    const fit = Math.max(1, Math.floor((width + gap) / (Math.max(w, 0.01) + gap)));
    count = style.columnCount > 0 ? Math.min(style.columnCount, fit) : fit;
  }
  count = Math.min(count, 100);
  return { count, width: Math.max(0, (width - (count - 1) * gap) / count), gap, rule: style.columnRule, pageBody };
}

/** Lays out a multi-column element's content in a content box `width` points wide. */
export function layoutMulticol(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  const spec = columnSpec(style, width, ctx.pageBody);
  const out: StackChild[] = [];
  let pending: FlowItem[] = [];
  let margin = 0;
  const gapBefore = (top: number): void => {
    const g = out.length > 0 ? collapse(margin, top) : 0;
    if (g > 0) out.push({ block: new GapBlock(g), role: "row", breakBefore: false });
  };
  const flushColumns = (): void => {
    const flow = stacked(pending, el, spec.width, ctx, sink);
    pending = [];
    if (!flow) return;
    gapBefore(flow.lead);
    out.push({ block: ColumnsBlock.balanced(flow.block, spec), role: "row", breakBefore: false });
    margin = flow.trail;
  };
  for (const item of flowItems(el, ctx)) {
    if (item.kind === "block" && styleOf(ctx, item.element).columnSpan) {
      flushColumns();
      const laid = layoutBlockBox(item.element, ctx, width, sink);
      if (!laid) continue;
      gapBefore(laid.marginTop);
      out.push({ block: laid.block, role: "row", breakBefore: laid.breakBefore });
      margin = laid.marginBottom;
    } else pending.push(item);
  }
  flushColumns();
  if (out.length === 0) return null;
  return out.length === 1 ? (out[0] as StackChild).block : StackBlock.of(out, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}

// The items of one column set stacked as the normal flow stacks them, margins collapsed between them; the
// first and last margins stay inside the columns' flow (a multi-column box is a new formatting context).
function stacked(items: readonly FlowItem[], parent: HtmlElement, width: number, ctx: HtmlContext, sink: Absolute[]): { block: Block; lead: number; trail: number } | null {
  const children: StackChild[] = [];
  let pending = 0;
  for (const item of items) {
    const laid = layoutFlowItem(item, parent, width, ctx, sink);
    if (!laid) continue;
    const gap = children.length > 0 ? collapse(pending, laid.marginTop) : Math.max(0, laid.marginTop);
    if (gap > 0) children.push({ block: new GapBlock(gap), role: "row", breakBefore: false });
    children.push({ block: laid.block, role: "row", breakBefore: false });
    pending = laid.marginBottom;
  }
  if (children.length === 0) return null;
  return { block: StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] }), lead: 0, trail: 0 };
}
