// CSS grid containers (CSS Grid 1, the print subset): explicit tracks (`fr`, `repeat()`, `minmax()`, `auto`,
// lengths), `grid-template-areas`, gaps, spans, auto placement (row or column flow), implicit tracks
// (`grid-auto-rows/columns`), `order`, item alignment (justify/align-items and -self) and the grid aligned
// in its box (justify-content). Rows joined by a spanning item form one band; bands stack and split across
// pages between them, and a band taller than what is left splits through its items (cells-block.ts).
import type { Block } from "../../elements/block.js";
import { StackBlock, type StackChild } from "../../flow/stack.js";
import type { HtmlElement } from "../dom.js";
import type { Track, TrackList } from "../grid-values.js";
import type { ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import { GapBlock } from "./box.js";
import { CellsBlock, type Cell } from "./cells-block.js";
import { styleOf, type Absolute, type HtmlContext } from "./context.js";
import { edgesOf, marginX, sizeOf } from "./edges.js";
import { layoutBlockBox, positionAbsolute } from "./flow.js";
import { namedAreas, placeItems, type Area } from "./grid-place.js";
import { sizeTracks, type Contribution } from "./grid-tracks.js";
import { maxContent, minContent } from "./measure.js";

/** Lays out a grid container's items in a content box `width` points wide. */
export function layoutGrid(el: HtmlElement, style: ComputedStyle, width: number, ctx: HtmlContext, sink: Absolute[]): Block | null {
  const children: { el: HtmlElement; style: ComputedStyle; index: number }[] = [];
  for (const child of el.children) {
    if (child.kind === "text") {
      if (child.text.trim() !== "") ctx.diagnostics.add("html.grid", "text directly inside a grid container is not laid out (wrap it in an element)", el.path);
      continue;
    }
    const s = styleOf(ctx, child);
    if (s.display === "none") continue;
    if (s.position === "absolute") positionAbsolute(child, ctx, width, sink);
    else children.push({ el: child, style: s, index: children.length });
  }
  if (children.length === 0) return null;
  // `order` first, document order among equals (a stable sort).
  children.sort((a, b) => a.style.order - b.style.order || a.index - b.index);
  if (style.gridColumns === null || style.gridRows === null || style.gridAreas === null) {
    ctx.diagnostics.add("html.grid", "a grid template value is not supported (subgrid, masonry, fit-content(), ragged areas); its tracks are auto", el.path);
  }
  const areas = style.gridAreas ?? [];
  const columnGap = resolveLength(style.columnGap, width);
  const rowGap = resolveLength(style.rowGap, width);
  const columnList = style.gridColumns ?? { tracks: [] };
  let explicitColumns = expandAuto(columnList, width, columnGap);
  const explicitRows = expandAuto(style.gridRows ?? { tracks: [] }, 0, rowGap);
  const columnCount = Math.max(explicitColumns.length, areas[0]?.length ?? 0);
  const rowCount = Math.max(explicitRows.length, areas.length);
  let placed = placeItems(children.map((c) => c.style.gridPlacement), rowCount, columnCount, namedAreas(areas), style.gridAutoFlow);
  if (columnList.auto?.fit) ({ tracks: explicitColumns, placed } = collapseEmpty(explicitColumns, placed, columnList.auto.at, explicitColumns.length - columnList.tracks.length));
  const columns = tracksOf(explicitColumns, placed.columns, style.gridAutoColumns);
  const rows = tracksOf(explicitRows, placed.rows, style.gridAutoRows);

  // Columns from the items' intrinsic widths.
  const columnItems: Contribution[] = children.map((c, i) => {
    const a = placed.areas[i] as Area;
    const mx = marginX(edgesOf(c.style, width));
    return { start: a.column, span: a.columns, min: minContent(c.el, ctx) + mx, max: maxContent(c.el, ctx) + mx };
  });
  const stretchColumns = style.justifyContent === "normal" || style.justifyContent === "stretch" || style.justifyContent === "flex-start";
  const columnSizes = sizeTracks(columns, columnItems, width, columnGap, stretchColumns);
  const columnX = offsets(columnSizes, columnGap, width, style.justifyContent);

  // Items laid out at their area's width, then rows from their heights.
  const laid = children.map((c, i) => {
    const a = placed.areas[i] as Area;
    const areaWidth = spanSize(columnSizes, a.column, a.columns, columnGap);
    const edges = edgesOf(c.style, areaWidth);
    const justify = c.style.justifySelf === "auto" ? style.justifyItems : c.style.justifySelf;
    const stretch = (justify === "normal" || justify === "stretch") && c.style.width === "auto";
    const shrink = !stretch && c.style.width === "auto" ? Math.min(areaWidth - marginX(edges), maxContent(c.el, ctx)) : undefined;
    const box = layoutBlockBox(c.el, ctx, areaWidth, sink, stretch ? Math.max(0, areaWidth - marginX(edges)) : shrink);
    if (!box) return null;
    const room = areaWidth - box.width - marginX(edges);
    const dx = justify === "center" ? room / 2 : justify === "end" || justify === "right" || justify === "flex-end" ? room : 0;
    return { box, x: (columnX[a.column] as number) + box.marginLeft + Math.max(0, dx), area: a, style: c.style };
  });
  const rowItems: Contribution[] = [];
  for (const l of laid) if (l) rowItems.push({ start: l.area.row, span: l.area.rows, min: outer(l.box), max: outer(l.box) });
  const height = definiteHeight(style, width, ctx);
  const rowSizes = sizeTracks(rows, rowItems, height, rowGap, style.alignContent === "normal" || style.alignContent === "stretch");
  return bands(laid, rowSizes, rowGap, style, ctx);
}

type LaidItem = { box: NonNullable<ReturnType<typeof layoutBlockBox>>; x: number; area: Area; style: ComputedStyle } | null;

function outer(laid: NonNullable<ReturnType<typeof layoutBlockBox>>): number {
  return laid.block.height + Math.max(0, laid.marginTop) + Math.max(0, laid.marginBottom);
}

// Rows joined by items spanning them become one band; bands stack with the row gap between them.
function bands(laid: readonly LaidItem[], rowSizes: readonly number[], rowGap: number, style: ComputedStyle, ctx: HtmlContext): Block | null {
  const joined = rowSizes.map(() => false); // joined[r]: row r and r + 1 are in one band
  for (const l of laid) if (l) for (let r = l.area.row; r < l.area.row + l.area.rows - 1; r++) joined[r] = true;
  const rowY: number[] = [];
  let y = 0;
  rowSizes.forEach((s, r) => {
    rowY[r] = y;
    y += s + rowGap;
  });
  const out: StackChild[] = [];
  let start = 0;
  for (let r = 0; r < rowSizes.length; r++) {
    if (joined[r] && r < rowSizes.length - 1) continue;
    const top = rowY[start] as number;
    const bandHeight = (rowY[r] as number) + (rowSizes[r] as number) - top;
    const cells: Cell[] = [];
    for (const l of laid) {
      if (!l || l.area.row < start || l.area.row > r) continue;
      const areaHeight = spanSize(rowSizes, l.area.row, l.area.rows, rowGap);
      const align = l.style.alignSelf === "auto" ? style.alignItems : l.style.alignSelf;
      const mt = Math.max(0, l.box.marginTop);
      const mb = Math.max(0, l.box.marginBottom);
      let block: Block = l.box.box ?? l.box.block;
      let dy = mt;
      if ((align === "stretch" || align === "normal") && l.box.box && l.style.height === "auto") block = l.box.box.stretched(areaHeight - mt - mb);
      else if (align === "center") dy = (areaHeight - outer(l.box)) / 2 + mt;
      else if (align === "end" || align === "flex-end") dy = areaHeight - outer(l.box) + mt;
      cells.push({ block, x: l.box.box ? l.x : l.x - l.box.marginLeft, y: (rowY[l.area.row] as number) - top + dy });
    }
    if (out.length > 0 && rowGap > 0) out.push({ block: new GapBlock(rowGap), role: "row", breakBefore: false });
    out.push({ block: new CellsBlock(cells, bandHeight), role: "row", breakBefore: false });
    start = r + 1;
  }
  if (out.length === 0) return null;
  return out.length === 1 ? (out[0] as StackChild).block : StackBlock.of(out, { keepTogether: false, pageBody: ctx.pageBody, repeat: [] });
}

/** The content height of a grid with a set height (fr rows share it), else undefined. */
function definiteHeight(style: ComputedStyle, width: number, ctx: HtmlContext): number | undefined {
  const h = sizeOf(style.height, ctx.pageBody);
  if (h === undefined) return undefined;
  const insets = edgesOf(style, width).insets;
  return Math.max(0, style.borderBox ? h - insets[0] - insets[2] : h);
}

/** `repeat(auto-fill | auto-fit, …)` expanded to as many repetitions as fit `space` (at least one). */
function expandAuto(list: TrackList, space: number, gap: number): Track[] {
  if (!list.auto) return [...list.tracks];
  const fixed = (t: Track): number => (t.max.kind === "length" ? resolveLength(t.max.length, space) : t.min.kind === "length" ? resolveLength(t.min.length, space) : 0);
  const others = list.tracks.reduce((s, t) => s + fixed(t), 0);
  const repeated = list.auto.tracks.reduce((s, t) => s + fixed(t), 0);
  let count = 1;
  if (repeated > 0) {
    const fits = (k: number): boolean => others + k * repeated + gap * (list.tracks.length + k * list.auto!.tracks.length - 1) <= space + 1e-6;
    while (count < 1000 && fits(count + 1)) count++;
  }
  const out = [...list.tracks];
  out.splice(list.auto.at, 0, ...Array.from({ length: count }, () => list.auto!.tracks).flat());
  return out;
}

/**
 * `repeat(auto-fit, …)`: the repeated columns no item occupies are dropped (CSS Grid §7.2.3.2 collapses them
 * and their gaps), so the items' fr columns share the whole width; the items' columns are renumbered.
 */
function collapseEmpty(tracks: readonly Track[], placed: ReturnType<typeof placeItems>, at: number, count: number): { tracks: Track[]; placed: ReturnType<typeof placeItems> } {
  const used = new Set<number>();
  for (const a of placed.areas) for (let c = a.column; c < a.column + a.columns; c++) used.add(c);
  const drop = new Set<number>();
  for (let c = at; c < at + count; c++) if (!used.has(c)) drop.add(c);
  if (drop.size === 0 || drop.size === count) return { tracks: [...tracks], placed };
  const shift = (c: number): number => c - [...drop].filter((d) => d < c).length;
  return {
    tracks: tracks.filter((_, i) => !drop.has(i)),
    placed: { ...placed, columns: placed.columns - drop.size, areas: placed.areas.map((a) => ({ ...a, column: shift(a.column) })) },
  };
}

/** The explicit tracks followed by implicit ones up to `count`. */
function tracksOf(explicit: readonly Track[], count: number, implicit: Track): Track[] {
  const out = explicit.slice(0, Math.max(count, explicit.length));
  while (out.length < count) out.push(implicit);
  return out;
}

function spanSize(sizes: readonly number[], start: number, span: number, gap: number): number {
  let s = 0;
  for (let i = start; i < start + span && i < sizes.length; i++) s += sizes[i] as number;
  return s + gap * Math.max(0, Math.min(span, sizes.length - start) - 1);
}

/** The x of each track, the grid placed in its box by justify-content. */
function offsets(sizes: readonly number[], gap: number, width: number, justify: string): number[] {
  const total = sizes.reduce((s, v) => s + v, 0) + gap * Math.max(0, sizes.length - 1);
  const free = Math.max(0, width - total);
  const n = sizes.length;
  let x = 0;
  let between = gap;
  if (justify === "center") x = free / 2;
  else if (justify === "end" || justify === "flex-end" || justify === "right") x = free;
  else if (justify === "space-between" && n > 1) between = gap + free / (n - 1);
  else if (justify === "space-around") {
    x = free / n / 2;
    between = gap + free / n;
  } else if (justify === "space-evenly") {
    x = free / (n + 1);
    between = gap + free / (n + 1);
  }
  return sizes.map((s) => {
    const at = x;
    x += s + between;
    return at;
  });
}
