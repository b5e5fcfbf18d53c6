// Tables (CSS 2 §17, the automatic layout): row groups (<thead> repeated at the top of every page the body
// continues on, <tbody>, <tfoot> kept with the last body row so totals never stand alone), colspan,
// <col>/<colgroup> and cell widths, auto columns sized between their min- and max-content widths,
// border-spacing or border-collapse, row backgrounds, vertical-align in cells. Rows never split.
import { EmptyBlock, type Block } from "../../elements/block.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import { elementChildren, type HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { BoxBlock, GapBlock, plainDecoration, RowBlock } from "./box.js";
import { styleOf, type Absolute, type HtmlContext } from "./context.js";
import { horizontalInsets, sizeOf } from "./edges.js";
import { layoutBlockBox } from "./flow.js";
import { maxContent, minContent } from "./measure.js";

interface Row {
  readonly element: HtmlElement;
  readonly cells: readonly { readonly element: HtmlElement; readonly span: number }[];
}

/** The largest colspan honoured (HTML's own limit is 1000). */
const MAX_SPAN = 1000;

/** A table's laid-out parts: captions, header rows, body rows (with their elements) and footer rows. */
export interface TableParts {
  readonly captions: readonly Block[];
  readonly header: readonly Block[];
  readonly body: readonly { readonly block: Block; readonly element: HtmlElement }[];
  readonly footer: readonly Block[];
}

/** Lays a table's rows out in a content box `width` points wide. */
export function layoutTable(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  const parts = tableParts(el, style, width, ctx, sink);
  const children: StackChild[] = parts.captions.map((block) => ({ block, role: "header", breakBefore: false }));
  if (parts.header.length + parts.body.length + parts.footer.length === 0) {
    return children.length > 0 ? StackBlock.of(children, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] }) : null;
  }
  for (const h of parts.header) children.push({ block: h, role: "header", breakBefore: false });
  const bodies = parts.body.map((r) => ({ block: r.block, breakBefore: styleOf(ctx, r.element).breakBefore }));
  // The last body row and the footer rows move as one: a total never starts a page on its own.
  const last = bodies.pop();
  for (const b of bodies) children.push({ block: b.block, role: "row", breakBefore: b.breakBefore });
  const tail = [...(last ? [last.block] : []), ...parts.footer];
  if (tail.length > 0) {
    const together = tail.length === 1 ? (tail[0] as Block) : StackBlock.of(tail.map((block) => ({ block, role: "row", breakBefore: false })), { keepTogether: true, pageBody: ctx.pageBody, repeat: [] });
    children.push({ block: together, role: "row", breakBefore: last?.breakBefore ?? false });
  }
  return StackBlock.of(children, { keepTogether: style.avoidBreakInside, pageBody: ctx.pageBody, repeat: parts.header });
}

/** The parts of a table laid out in a content box `width` points wide (row blocks include border-spacing). */
export function tableParts(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): TableParts {
  const head: Row[] = [];
  const body: Row[] = [];
  const foot: Row[] = [];
  const captions: HtmlElement[] = [];
  const colWidths: (number | undefined)[] = [];
  for (const child of elementChildren(el)) {
    const display = styleOf(ctx, child).display;
    if (display === "table-caption") captions.push(child);
    else if (display === "table-column-group" || display === "table-column") readColumns(child, ctx, width, colWidths);
    else if (display === "table-row") body.push(rowOf(child, ctx));
    else if (display === "none") continue;
    else {
      const target = display === "table-header-group" ? head : display === "table-footer-group" ? foot : body;
      for (const tr of elementChildren(child)) if (styleOf(ctx, tr).display === "table-row") target.push(rowOf(tr, ctx));
    }
  }
  const all = [...head, ...body, ...foot];
  const columns = Math.max(colWidths.length, ...all.map((r) => r.cells.reduce((s, c) => s + c.span, 0)));
  const captionBlocks = captions.flatMap((caption) => layoutBlockBox(caption, ctx, width, sink)?.block ?? []);
  if (columns === 0) return { captions: captionBlocks, header: [], body: [], footer: [] };
  const spacing = style.borderCollapse ? 0 : style.borderSpacing;
  const widths = columnWidths(all, columns, colWidths, width - spacing * (columns + 1), ctx);
  const rowBlock = (row: Row): Block => layoutRow(row, widths, spacing, style.direction === "rtl", width, ctx, sink);
  const footer = foot.map(rowBlock);
  if (spacing > 0) footer.push(new GapBlock(spacing));
  return { captions: captionBlocks, header: head.map(rowBlock), body: body.map((r) => ({ block: rowBlock(r), element: r.element })), footer };
}

function rowOf(tr: HtmlElement, ctx: HtmlContext): Row {
  const cells: { element: HtmlElement; span: number }[] = [];
  for (const td of elementChildren(tr)) {
    const display = styleOf(ctx, td).display;
    if (display === "none") continue;
    const span = Math.min(MAX_SPAN, Math.max(1, Math.floor(Number(td.attrs.get("colspan") ?? 1)) || 1));
    if (Number(td.attrs.get("rowspan") ?? 1) > 1) ctx.diagnostics.add("html.unsupported", "rowspan is not supported; the cell spans one row", td.path);
    cells.push({ element: td, span });
  }
  return { element: tr, cells };
}

function readColumns(el: HtmlElement, ctx: HtmlContext, width: number, out: (number | undefined)[]): void {
  const cols = el.tag === "colgroup" && elementChildren(el).length > 0 ? elementChildren(el) : [el];
  for (const col of cols) {
    const span = Math.min(MAX_SPAN, Math.max(1, Math.floor(Number(col.attrs.get("span") ?? 1)) || 1));
    const attr = col.attrs.get("width");
    const css = sizeOf(styleOf(ctx, col).width, width);
    const w = css ?? (attr === undefined ? undefined : attr.trim().endsWith("%") ? (Number.parseFloat(attr) * width) / 100 : Number.parseFloat(attr) * 0.75);
    for (let i = 0; i < span; i++) out.push(w !== undefined && Number.isFinite(w) ? w : undefined);
  }
}

// Fixed columns (a <col> width, or a single-column cell's width) get their width; auto columns share the rest
// between their min- and max-content widths, and a table wider than its content spreads the surplus.
// Intrinsic widths are measured only for auto columns, min-content only when max-content does not fit.
function columnWidths(rows: readonly Row[], columns: number, fixed: readonly (number | undefined)[], room: number, ctx: HtmlContext): number[] {
  const set = fixed.slice(0, columns).concat(new Array(Math.max(0, columns - fixed.length)).fill(undefined));
  const single: HtmlElement[][] = Array.from({ length: columns }, () => []);
  for (const row of rows) {
    let c = 0;
    for (const cell of row.cells) {
      if (cell.span === 1 && c < columns) {
        single[c]?.push(cell.element);
        const w = sizeOf(styleOf(ctx, cell.element).width, room);
        const cellStyle = styleOf(ctx, cell.element);
        if (w !== undefined && set[c] === undefined) set[c] = w + (cellStyle.borderBox ? 0 : horizontalInsets(cellStyle));
      }
      c += cell.span;
    }
  }
  const widest = (c: number, measure: (el: HtmlElement, ctx: HtmlContext) => number): number =>
    (single[c] ?? []).reduce((m, el) => Math.max(m, measure(el, ctx)), 0);
  const widths = new Array<number>(columns).fill(0);
  let rest = room;
  const auto: number[] = [];
  for (let c = 0; c < columns; c++) {
    const f = set[c];
    if (f !== undefined) {
      widths[c] = f;
      rest -= f;
    } else auto.push(c);
  }
  const max = new Array<number>(columns).fill(0);
  for (const c of auto) max[c] = widest(c, maxContent);
  const sumMax = auto.reduce((s, c) => s + (max[c] as number), 0);
  const min = new Array<number>(columns).fill(0);
  if (sumMax > rest) for (const c of auto) min[c] = widest(c, minContent);
  const sumMin = auto.reduce((s, c) => s + (min[c] as number), 0);
  for (const c of auto) {
    if (sumMax <= rest) widths[c] = sumMax > 0 ? ((max[c] as number) * rest) / sumMax : rest / auto.length;
    else if (sumMin <= rest) widths[c] = (min[c] as number) + (sumMax > sumMin ? ((rest - sumMin) * ((max[c] as number) - (min[c] as number))) / (sumMax - sumMin) : 0);
    else widths[c] = min[c] as number;
  }
  // Only fixed columns and room left over: spread it over them proportionally (the table keeps its width).
  if (auto.length === 0 && rest > 0 && columns > 0) {
    const total = room - rest;
    for (let c = 0; c < columns; c++) widths[c] = total > 0 ? ((widths[c] as number) * room) / total : room / columns;
  }
  return widths;
}

function layoutRow(row: Row, widths: readonly number[], spacing: number, rtl: boolean, tableWidth: number, ctx: HtmlContext, sink: Absolute[]): Block {
  const laid: { box: BoxBlock | null; block: Block; x: number; valign: number }[] = [];
  let c = 0;
  let x = spacing;
  for (const cell of row.cells) {
    const w = widths.slice(c, c + cell.span).reduce((s, v) => s + v, 0) + spacing * (cell.span - 1);
    const l = layoutBlockBox(cell.element, ctx, w, sink, w);
    const va = styleOf(ctx, cell.element).verticalAlign;
    if (l) laid.push({ box: l.box, block: l.block, x: rtl ? tableWidth - x - w : x, valign: va === "middle" ? 0.5 : va === "bottom" ? 1 : 0 });
    x += w + spacing;
    c += cell.span;
  }
  const rowStyle = styleOf(ctx, row.element);
  const specified = sizeOf(rowStyle.height, 0) ?? 0;
  const height = Math.max(specified, ...laid.map((l) => l.block.height));
  const cells: { block: Block; x: number; y: number }[] = [];
  if (rowStyle.background) {
    cells.push({ block: new BoxBlock(plainDecoration(tableWidth, rowStyle.background), null, height + spacing, { dx: 0, dy: 0, absolutes: [], avoidBreak: false, valign: 0, pageBody: ctx.pageBody }), x: 0, y: 0 });
  }
  for (const l of laid) cells.push({ block: l.box ? l.box.stretched(height, l.valign) : l.block, x: l.x, y: spacing });
  return cells.length > 0 ? new RowBlock(cells, height + spacing) : new EmptyBlock(height + spacing);
}
