// Border conflict resolution for `border-collapse: collapse` (CSS 2 §17.6.2.1): where two adjacent cells
// both have a border on their shared edge, one border is drawn, not two side by side. The winner is
// `hidden` (nothing), else the wider, else the stronger style (double, solid, dashed, dotted, ridge, outset,
// groove, inset), else the cell on the left or above. The cell on the left (above) paints the winner on its
// edge and its neighbour paints nothing there; the cells' insets stay as they are. On the table's outer edges
// a table border at least as wide as the cell's is the one drawn (by the table's own box).
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { styleOf, type HtmlContext } from "./context.js";

type Four<T> = readonly [T, T, T, T];

/** The borders a cell paints instead of its own. */
export interface PaintedBorders {
  readonly width: Four<number>;
  readonly style: Four<string>;
  readonly color: Four<string>;
}

/** A table cell's place in the whole table (rows numbered across head, body and foot). */
export interface GridCell {
  readonly element: HtmlElement;
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly span: number;
}

const RANK: Readonly<Record<string, number>> = { double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1 };

interface Side {
  width: number;
  style: string;
  color: string;
}

/** True when `a` (left or above) wins over `b`; ties go to `a`. */
function wins(a: Side, b: Side): boolean {
  if (a.width !== b.width) return a.width > b.width;
  return (RANK[a.style] ?? 0) >= (RANK[b.style] ?? 0);
}

/** The painted borders of every cell whose borders change (cells that keep their own are absent). */
export function collapsedBorders(cells: readonly GridCell[], rowCount: number, columns: number, table: ComputedStyle, ctx: HtmlContext): Map<HtmlElement, PaintedBorders> {
  const at: (GridCell | undefined)[][] = Array.from({ length: rowCount }, () => []);
  for (const c of cells) for (let r = c.row; r < Math.min(rowCount, c.row + c.rows); r++) for (let k = c.col; k < c.col + c.span; k++) (at[r] as (GridCell | undefined)[])[k] = c;
  const sides = new Map<HtmlElement, Side[]>();
  const sidesOf = (c: GridCell): Side[] => {
    let s = sides.get(c.element);
    if (!s) {
      const st = styleOf(ctx, c.element);
      s = [0, 1, 2, 3].map((i) => ({ width: st.borderWidth[i] as number, style: st.borderStyle[i] as string, color: st.borderColor[i] as string }));
      sides.set(c.element, s);
    }
    return s;
  };
  const changed = new Set<HtmlElement>();
  const none = (s: Side): void => {
    s.width = 0;
  };
  // Shared edges: with the neighbour on the right (side 1 against 3) and below (side 2 against 0).
  // A side's width as resolved so far, read from the style until the cell is touched (most never are: a
  // 500-row invoice allocates nothing for its cells with only a bottom border).
  const widthOf = (c: GridCell, side: number): number => sides.get(c.element)?.[side]?.width ?? (styleOf(ctx, c.element).borderWidth[side] as number);
  const meet = (a: GridCell, b: GridCell | undefined, sa: number, sb: number): void => {
    if (!b || b === a || widthOf(a, sa) <= 0 || widthOf(b, sb) <= 0) return;
    const x = sidesOf(a)[sa] as Side;
    const y = sidesOf(b)[sb] as Side;
    if (x.width <= 0 || y.width <= 0) return;
    if (x.style === "hidden" || y.style === "hidden") none(x);
    else if (!wins(x, y)) Object.assign(x, { width: y.width, style: y.style, color: y.color });
    none(y);
    changed.add(a.element).add(b.element);
  };
  for (const c of cells) {
    meet(c, at[c.row]?.[c.col + c.span], 1, 3);
    meet(c, at[c.row + c.rows]?.[c.col], 2, 0);
  }
  // The table's own border is drawn outside the cells: an outer cell border no wider than it is dropped.
  const outer = (c: GridCell, side: number): void => {
    if ((table.borderWidth[side] as number) <= 0 || widthOf(c, side) <= 0) return;
    const s = sidesOf(c)[side] as Side;
    if (s.width > 0 && (table.borderWidth[side] as number) >= s.width) {
      none(s);
      changed.add(c.element);
    }
  };
  for (const c of cells) {
    if (c.row === 0) outer(c, 0);
    if (c.col + c.span >= columns) outer(c, 1);
    if (c.row + c.rows >= rowCount) outer(c, 2);
    if (c.col === 0) outer(c, 3);
  }
  const out = new Map<HtmlElement, PaintedBorders>();
  for (const el of changed) {
    const s = sides.get(el) as Side[];
    out.set(el, { width: s.map((x) => x.width) as unknown as Four<number>, style: s.map((x) => x.style) as unknown as Four<string>, color: s.map((x) => x.color) as unknown as Four<string> });
  }
  return out;
}
