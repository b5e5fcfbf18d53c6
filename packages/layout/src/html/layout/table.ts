// Tables (CSS 2 §17, the automatic layout): row groups (<thead> repeated at the top of every page the body
// continues on, <tbody>, <tfoot> kept with the last body row so totals never stand alone), colspan,
// <col>/<colgroup> and cell widths, auto columns sized between their min- and max-content widths and no
// column narrower than its min-content (a colspan cell's included), border-spacing or border-collapse, row backgrounds, vertical-align in cells, rowspan (within a row
// group; rows a cell spans move to the next page together). Rows never split.
import { EmptyBlock, type Block } from "../../elements/block.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import { elementChildren, type HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { BoxBlock, GapBlock, plainDecoration, RowBlock } from "./box.js";
import { styleOf, type Absolute, type ColumnIntrinsics, type HtmlContext } from "./context.js";
import { horizontalInsets, sizeOf } from "./edges.js";
import { layoutCell } from "./cell-cache.js";
import { layoutBlockBox } from "./flow.js";
import { withTag } from "../../elements/tags.js";
import { REPEATED_HEADER } from "../../elements/table-tags.js";
import { BOX_DECORATION } from "./tags.js";
import type { FrameTag } from "../../frame/types.js";
import { maxContent, minContent } from "./measure.js";
import { widenForSpans, type SpanningCell } from "./colspan-widen.js";
import { collapsedBorders, type GridCell, type PaintedBorders } from "./border-collapse.js";

interface Cell {
  readonly element: HtmlElement;
  readonly span: number;
  /** Rows the cell covers, from its own (1 unless rowspan). */
  readonly rows: number;
  /** First column, after the columns that cells from rows above still cover. */
  readonly col: number;
}

interface Row {
  readonly element: HtmlElement;
  readonly cells: readonly Cell[];
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
  // The header repeated on later pages was read where the table starts: an artifact there.
  return StackBlock.of(children, { keepTogether: style.avoidBreakInside, pageBody: ctx.pageBody, repeat: ctx.tagged === true ? parts.header.map((h) => withTag(h, REPEATED_HEADER)) : parts.header });
}

/** The parts of a table laid out in a content box `width` points wide (row blocks include border-spacing). */
export function tableParts(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): TableParts {
  const { head, body, foot, all, captions, colWidths } = tableRows(el, ctx, width);
  const columns = Math.max(colWidths.length, ...all.map((r) => r.cells.reduce((s, c) => Math.max(s, c.col + c.span), 0)));
  const captionBlocks = captions.flatMap((caption) => layoutBlockBox(caption, ctx, width, sink)?.block ?? []);
  if (columns === 0) return { captions: captionBlocks, header: [], body: [], footer: [] };
  const spacing = style.borderCollapse ? 0 : style.borderSpacing;
  const vspacing = style.borderCollapse ? 0 : style.borderSpacingVertical;
  const widths = columnWidths(all, columns, colWidths, width - spacing * (columns + 1), ctx, ctx.columnHints?.get(el.path), spacing);
  const painted = style.borderCollapse ? collapsedBorders(gridCells(all), all.length, columns, style, ctx) : undefined;
  const rowBlocks = (rows: readonly Row[]): { block: Block; element: HtmlElement }[] => layoutRows(rows, widths, spacing, vspacing, style.direction === "rtl", width, ctx, sink, painted);
  // Row groups as THead, TBody and TFoot: one tag per group, which every row of it carries (./tags.ts).
  const [headTag, bodyTag, footTag] = ctx.tagged === true ? ([{ role: "THead" }, { role: "TBody" }, { role: "TFoot" }] as const) : [undefined, undefined, undefined];
  const footer = rowBlocks(foot).map((r) => withTag(r.block, footTag));
  if (vspacing > 0) footer.push(new GapBlock(vspacing));
  const bodyRows = rowBlocks(body).map((r) => ({ block: withTag(r.block, bodyTag), element: r.element }));
  return { captions: captionBlocks, header: rowBlocks(head).map((r) => withTag(r.block, headTag)), body: bodyRows, footer };
}

/** Every cell with its row numbered across the whole table (head, body, foot). */
function gridCells(rows: readonly Row[]): GridCell[] {
  const out: GridCell[] = [];
  rows.forEach((row, r) => {
    for (const c of row.cells) out.push({ element: c.element, row: r, col: c.col, rows: c.rows, span: c.span });
  });
  return out;
}

interface TableRows {
  readonly head: readonly Row[];
  readonly body: readonly Row[];
  readonly foot: readonly Row[];
  readonly all: readonly Row[];
  readonly captions: readonly HtmlElement[];
  /** Widths the <col> elements give (percentages of `width`). */
  readonly colWidths: readonly (number | undefined)[];
}

// A table's row groups, captions and column widths (a content box `width` points wide).
function tableRows(el: HtmlElement, ctx: HtmlContext, width: number): TableRows {
  const head: Row[] = [];
  const body: Row[] = [];
  const foot: Row[] = [];
  const captions: HtmlElement[] = [];
  const colWidths: (number | undefined)[] = [];
  // Rows straight inside the table form one group until something else comes.
  let loose: HtmlElement[] = [];
  const flushLoose = (): void => {
    body.push(...rowGroup(loose, ctx));
    loose = [];
  };
  for (const child of elementChildren(el)) {
    const display = styleOf(ctx, child).display;
    if (display === "table-row") {
      loose.push(child);
      continue;
    }
    flushLoose();
    if (display === "table-caption") captions.push(child);
    else if (display === "table-column-group" || display === "table-column") readColumns(child, ctx, width, colWidths);
    else if (display === "none") continue;
    else {
      const target = display === "table-header-group" ? head : display === "table-footer-group" ? foot : body;
      target.push(...rowGroup(elementChildren(child).filter((tr) => styleOf(ctx, tr).display === "table-row"), ctx));
    }
  }
  flushLoose();
  return { head, body, foot, all: [...head, ...body, ...foot], captions, colWidths };
}

// The rows of one row group with each cell's column: a cell with rowspan covers its columns in the rows
// below (up to the group's end; rowspan="0" means to the end), so their cells start further right.
function rowGroup(trs: readonly HtmlElement[], ctx: HtmlContext): Row[] {
  const covered: number[] = []; // per column: rows still covered below the current one
  return trs.map((tr, r) => {
    const cells: Cell[] = [];
    let col = 0;
    const free = (): void => {
      while ((covered[col] ?? 0) > 0) col++;
    };
    for (const td of elementChildren(tr)) {
      if (styleOf(ctx, td).display === "none") continue;
      free();
      const span = Math.min(MAX_SPAN, Math.max(1, Math.floor(Number(td.attrs.get("colspan") ?? 1)) || 1));
      const asked = Math.floor(Number(td.attrs.get("rowspan") ?? 1));
      const left = trs.length - r;
      const rows = asked === 0 ? left : Math.min(left, Math.max(1, Number.isFinite(asked) ? asked : 1));
      cells.push({ element: td, span, rows, col });
      for (let c = col; c < col + span; c++) covered[c] = Math.max(covered[c] ?? 0, rows);
      col += span;
    }
    for (let c = 0; c < covered.length; c++) if ((covered[c] ?? 0) > 0) covered[c] = (covered[c] as number) - 1;
    return { element: tr, cells };
  });
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
// As in browsers' automatic layout, no column is narrower than its widest unbreakable content (its single-span
// cells' min-content): a fixed 15% column whose widest total needs more takes what it needs, and the auto
// columns give it up (Chromium does the same, which is what makes its invoice pages match ours).
// `measured`, when given, replaces the cells' intrinsic widths (importHtml: see HtmlContext.columnHints).
function columnWidths(rows: readonly Row[], columns: number, fixed: readonly (number | undefined)[], room: number, ctx: HtmlContext, measured: ColumnIntrinsics | undefined, spacing: number): number[] {
  const set = fixed.slice(0, columns).concat(new Array(Math.max(0, columns - fixed.length)).fill(undefined));
  const single: HtmlElement[][] = Array.from({ length: columns }, () => []);
  for (const row of rows) {
    for (const cell of row.cells) {
      const c = cell.col;
      if (cell.span === 1 && c < columns) {
        single[c]?.push(cell.element);
        const w = sizeOf(styleOf(ctx, cell.element).width, room);
        const cellStyle = styleOf(ctx, cell.element);
        if (w !== undefined && set[c] === undefined) set[c] = w + (cellStyle.borderBox ? 0 : horizontalInsets(cellStyle));
      }
    }
  }
  const intrinsic = measured ?? columnIntrinsics(rows, columns, ctx, spacing);
  const widths = new Array<number>(columns).fill(0);
  let rest = room;
  const auto: number[] = [];
  for (let c = 0; c < columns; c++) {
    const f = set[c];
    if (f !== undefined) {
      widths[c] = Math.max(f, intrinsic.min[c] ?? 0);
      rest -= widths[c] as number;
    } else auto.push(c);
  }
  const max = intrinsic.max;
  const min = intrinsic.min;
  const sumMax = auto.reduce((s, c) => s + (max[c] ?? 0), 0);
  const sumMin = auto.reduce((s, c) => s + (min[c] ?? 0), 0);
  for (const c of auto) {
    const lo = min[c] ?? 0;
    const hi = Math.max(lo, max[c] ?? 0);
    if (sumMax <= rest) widths[c] = sumMax > 0 ? (hi * rest) / sumMax : rest / auto.length;
    else if (sumMin <= rest) widths[c] = lo + (sumMax > sumMin ? ((rest - sumMin) * (hi - lo)) / (sumMax - sumMin) : 0);
    else widths[c] = lo;
  }
  // Only fixed columns and room left over: spread it over them proportionally (the table keeps its width).
  if (auto.length === 0 && rest > 0 && columns > 0) {
    const total = room - rest;
    for (let c = 0; c < columns; c++) widths[c] = total > 0 ? ((widths[c] as number) * room) / total : room / columns;
  }
  return widths;
}

/** The intrinsic widths of a table element's columns (importHtml measures its tables with sample data). */
export function tableColumnIntrinsics(el: HtmlElement, ctx: HtmlContext): ColumnIntrinsics {
  const rows = tableRows(el, ctx, 0).all;
  return columnIntrinsics(rows, rows.reduce((n, r) => Math.max(n, ...r.cells.map((c) => c.col + c.span)), 0), ctx);
}

// The intrinsic widths of a table's columns, measured from its rows' single-span cells, then widened for
// the cells that span columns (colspan-widen.ts).
function columnIntrinsics(rows: readonly Row[], columns: number, ctx: HtmlContext, spacing = 0): ColumnIntrinsics {
  const min = new Array<number>(columns).fill(0);
  const max = new Array<number>(columns).fill(0);
  const spanning: SpanningCell[] = [];
  for (const row of rows) {
    for (const cell of row.cells) {
      if (cell.col >= columns) continue;
      if (cell.span !== 1) {
        spanning.push({ col: cell.col, span: Math.min(cell.span, columns - cell.col), min: minContent(cell.element, ctx), max: maxContent(cell.element, ctx) });
        continue;
      }
      min[cell.col] = Math.max(min[cell.col] as number, minContent(cell.element, ctx));
      max[cell.col] = Math.max(max[cell.col] as number, maxContent(cell.element, ctx));
    }
  }
  widenForSpans(min, max, spanning, spacing);
  return { min, max };
}

// Rows laid out in groups that rowspan ties together (most groups are one row): each group is one block,
// so the rows a cell spans are never separated by a page break. A spanning cell taller than its rows makes
// the last of them taller.
function layoutRows(rows: readonly Row[], widths: readonly number[], spacing: number, vspacing: number, rtl: boolean, tableWidth: number, ctx: HtmlContext, sink: Absolute[], painted?: ReadonlyMap<HtmlElement, PaintedBorders>): { block: Block; element: HtmlElement }[] {
  const out: { block: Block; element: HtmlElement }[] = [];
  const starts: number[] = [];
  for (let x = spacing, c = 0; c <= widths.length; c++) {
    starts.push(x);
    x += (widths[c] ?? 0) + spacing;
  }
  for (let start = 0; start < rows.length; ) {
    let end = start;
    for (let r = start; r <= end; r++) for (const cell of (rows[r] as Row).cells) end = Math.max(end, r + cell.rows - 1);
    const group = rows.slice(start, end + 1);
    out.push({ block: layoutGroup(group, starts, spacing, vspacing, rtl, tableWidth, ctx, sink, painted), element: (rows[start] as Row).element });
    start = end + 1;
  }
  return out;
}

interface LaidCell {
  readonly cell: Cell;
  readonly box: BoxBlock | null;
  readonly block: Block;
  readonly x: number;
  readonly width: number;
  readonly valign: number;
}

function layoutGroup(rows: readonly Row[], starts: readonly number[], spacing: number, vspacing: number, rtl: boolean, tableWidth: number, ctx: HtmlContext, sink: Absolute[], painted?: ReadonlyMap<HtmlElement, PaintedBorders>): Block {
  // Plain loops: this runs for every row of the table (allocating only the laid cells).
  const laid: LaidCell[][] = [];
  for (const row of rows) {
    const cells: LaidCell[] = [];
    for (const cell of row.cells) {
      const from = starts[cell.col] ?? spacing;
      const w = Math.max(0, (starts[cell.col + cell.span] ?? from) - from - spacing);
      const l = layoutCell(cell.element, ctx, w, sink);
      if (!l) continue;
      const va = styleOf(ctx, cell.element).verticalAlign;
      cells.push({ cell, box: l.box, block: l.block, x: rtl ? tableWidth - from - w : from, width: w, valign: va === "middle" ? 0.5 : va === "bottom" ? 1 : 0 });
    }
    laid.push(cells);
  }
  // Row heights from their one-row cells, then grown for the cells that span rows.
  const heights: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    let height = sizeOf(styleOf(ctx, (rows[i] as Row).element).height, 0) ?? 0;
    for (const l of laid[i] as LaidCell[]) if (l.cell.rows === 1) height = Math.max(height, l.block.height);
    heights.push(height);
  }
  const spanned = (i: number, n: number): number => heights.slice(i, i + n).reduce((s, h) => s + h, 0) + vspacing * (n - 1);
  laid.forEach((cells, i) => {
    for (const l of cells) {
      if (l.cell.rows === 1) continue;
      const short = l.block.height - spanned(i, l.cell.rows);
      if (short > 0) heights[i + l.cell.rows - 1] = (heights[i + l.cell.rows - 1] as number) + short;
    }
  });
  const placed: { block: Block; x: number; y: number }[] = [];
  const fill = (background: string, width: number, height: number): Block => rowFill(ctx, background, width, height);
  // A row's background spans the table; in rows tied by rowspan it lies under each cell of the row instead,
  // so a spanning cell shows its own row's background and not that of the rows it reaches into.
  let y = 0;
  rows.forEach((row, i) => {
    const height = heights[i] as number;
    const background = styleOf(ctx, row.element).background;
    if (background && rows.length === 1) placed.push({ block: fill(background, tableWidth, height + vspacing), x: 0, y });
    else if (background) for (const l of laid[i] as LaidCell[]) placed.push({ block: fill(background, l.width, l.cell.rows === 1 ? height : spanned(i, l.cell.rows)), x: l.x, y: y + vspacing });
    y += height + vspacing;
  });
  y = 0;
  laid.forEach((cells, i) => {
    // Each cell carries its row's TR tag: rows tied by a rowspan are one block, but still one TR each.
    const tr: FrameTag | undefined = ctx.tagged === true ? { role: "TR" } : undefined;
    for (const l of cells) {
      const h = l.cell.rows === 1 ? (heights[i] as number) : spanned(i, l.cell.rows);
      const own = painted?.get(l.cell.element);
      const box = l.box && own ? l.box.repainted(own.width, own.style, own.color) : l.box;
      placed.push({ block: withTag(box ? box.stretched(h, l.valign) : l.block, tr), x: l.x, y: y + vspacing });
    }
    y += (heights[i] as number) + vspacing;
  });
  return placed.length > 0 ? new RowBlock(placed, y) : new EmptyBlock(y);
}

// Row backgrounds are immutable boxes: striped rows of one height share one per render (background → width →
// height), rather than a box and a decoration per row.
const fills = new WeakMap<HtmlContext, Map<string, Map<number, Map<number, Block>>>>();

function rowFill(ctx: HtmlContext, background: string, width: number, height: number): Block {
  let byBackground = fills.get(ctx);
  if (!byBackground) fills.set(ctx, (byBackground = new Map()));
  let byWidth = byBackground.get(background);
  if (!byWidth) byBackground.set(background, (byWidth = new Map()));
  let byHeight = byWidth.get(width);
  if (!byHeight) byWidth.set(width, (byHeight = new Map()));
  let block = byHeight.get(height);
  if (!block) {
    block = new BoxBlock(plainDecoration(width, background), null, height, { dx: 0, dy: 0, absolutes: [], avoidBreak: false, valign: 0, pageBody: ctx.pageBody, ...(ctx.tagged === true ? { decoration: BOX_DECORATION } : {}) });
    byHeight.set(height, block);
  }
  return block;
}
