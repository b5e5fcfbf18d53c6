// Grid item placement (CSS Grid 1 §8): definite lines and area names first, then items locked to a row,
// then the auto-placement cursor (sparse, row by row; `grid-auto-flow: column` is the same with the axes
// swapped). The implicit grid grows to hold every item.
import type { GridLine, GridPlacement } from "../grid-values.js";

/** A placed item: 0-based start row/column and the spans. */
export interface Area {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

/** Named areas of `grid-template-areas`, as rectangles. */
export function namedAreas(areas: readonly (readonly string[])[]): Map<string, Area> {
  const found = new Map<string, { r0: number; r1: number; c0: number; c1: number }>();
  areas.forEach((row, r) =>
    row.forEach((name, c) => {
      if (name === ".") return;
      const a = found.get(name);
      if (!a) found.set(name, { r0: r, r1: r + 1, c0: c, c1: c + 1 });
      else Object.assign(a, { r0: Math.min(a.r0, r), r1: Math.max(a.r1, r + 1), c0: Math.min(a.c0, c), c1: Math.max(a.c1, c + 1) });
    }),
  );
  return new Map([...found].map(([name, a]) => [name, { row: a.r0, column: a.c0, rows: a.r1 - a.r0, columns: a.c1 - a.c0 }]));
}

/** One axis of a placement resolved: a definite start (or undefined for auto) and a span. */
interface AxisPlace {
  readonly start: number | undefined;
  readonly span: number;
}

function resolveAxis(start: GridLine, end: GridLine, explicit: number, area: (name: string) => { start: number; end: number } | undefined): AxisPlace {
  const line = (l: GridLine, isEnd: boolean): number | undefined => {
    if (l.kind === "line") return l.n > 0 ? l.n - 1 : Math.max(0, explicit + 1 + l.n);
    if (l.kind === "name") {
      const a = area(l.name);
      return a ? (isEnd ? a.end : a.start) : undefined;
    }
    return undefined;
  };
  const s = line(start, false);
  const e = line(end, true);
  if (s !== undefined && e !== undefined) return e > s ? { start: s, span: e - s } : e < s ? { start: e, span: s - e } : { start: s, span: 1 };
  if (s !== undefined) return { start: s, span: end.kind === "span" ? end.n : 1 };
  if (e !== undefined) {
    const span = start.kind === "span" ? start.n : 1;
    return { start: Math.max(0, e - span), span: Math.min(span, Math.max(1, e)) };
  }
  return { start: undefined, span: start.kind === "span" ? start.n : end.kind === "span" ? end.n : 1 };
}

/** Places every item; returns the areas (in the items' order) and the grid's size. */
export function placeItems(
  placements: readonly GridPlacement[],
  explicitRows: number,
  explicitColumns: number,
  areas: ReadonlyMap<string, Area>,
  flow: "row" | "column",
): { areas: Area[]; rows: number; columns: number } {
  const rowsOf = (name: string): { start: number; end: number } | undefined => {
    const a = areas.get(name);
    return a && { start: a.row, end: a.row + a.rows };
  };
  const colsOf = (name: string): { start: number; end: number } | undefined => {
    const a = areas.get(name);
    return a && { start: a.column, end: a.column + a.columns };
  };
  // Resolve in the flow's axes: "major" is the axis the cursor advances along (rows for row flow).
  const resolved = placements.map((p) => {
    const r = resolveAxis(p.rowStart, p.rowEnd, explicitRows, rowsOf);
    const c = resolveAxis(p.columnStart, p.columnEnd, explicitColumns, colsOf);
    return flow === "row" ? { major: r, minor: c } : { major: c, minor: r };
  });
  let minorCount = Math.max(flow === "row" ? explicitColumns : explicitRows, 1);
  for (const { minor } of resolved) minorCount = Math.max(minorCount, (minor.start ?? 0) + minor.span);
  const taken: boolean[][] = [];
  const free = (major: number, minor: number, majors: number, minors: number): boolean => {
    if (minor + minors > minorCount) return false;
    for (let a = major; a < major + majors; a++) for (let b = minor; b < minor + minors; b++) if (taken[a]?.[b]) return false;
    return true;
  };
  const take = (major: number, minor: number, majors: number, minors: number): void => {
    for (let a = major; a < major + majors; a++) {
      const row = (taken[a] ??= []);
      for (let b = minor; b < minor + minors; b++) row[b] = true;
    }
  };
  const out: ({ major: number; minor: number; majors: number; minors: number } | undefined)[] = resolved.map(() => undefined);
  // 1. Both axes definite.
  resolved.forEach(({ major, minor }, i) => {
    if (major.start === undefined || minor.start === undefined) return;
    out[i] = { major: major.start, minor: minor.start, majors: major.span, minors: minor.span };
    take(major.start, minor.start, major.span, minor.span);
  });
  // 2. Locked to a row (column flow: a column): the first free place along it.
  resolved.forEach(({ major, minor }, i) => {
    if (major.start === undefined || minor.start !== undefined) return;
    let b = 0;
    while (!free(major.start, b, major.span, minor.span) && b + minor.span <= minorCount) b++;
    if (b + minor.span > minorCount) b = 0;
    out[i] = { major: major.start, minor: b, majors: major.span, minors: minor.span };
    take(major.start, b, major.span, minor.span);
  });
  // 3. The rest with the cursor, in order.
  let ca = 0;
  let cb = 0;
  resolved.forEach(({ major, minor }, i) => {
    if (out[i]) return;
    if (minor.start !== undefined) {
      if (minor.start < cb) ca++;
      cb = minor.start;
      while (!free(ca, cb, major.span, minor.span)) ca++;
    } else {
      for (;;) {
        if (cb + minor.span > minorCount) {
          ca++;
          cb = 0;
        }
        if (free(ca, cb, major.span, minor.span)) break;
        cb++;
      }
    }
    out[i] = { major: ca, minor: cb, majors: major.span, minors: minor.span };
    take(ca, cb, major.span, minor.span);
    cb += minor.span;
  });
  let majorCount = Math.max(flow === "row" ? explicitRows : explicitColumns, 0);
  for (const o of out) if (o) majorCount = Math.max(majorCount, o.major + o.majors);
  const placed = out.map((o) => {
    const p = o as { major: number; minor: number; majors: number; minors: number };
    return flow === "row" ? { row: p.major, column: p.minor, rows: p.majors, columns: p.minors } : { row: p.minor, column: p.major, rows: p.minors, columns: p.majors };
  });
  return flow === "row" ? { areas: placed, rows: majorCount, columns: minorCount } : { areas: placed, rows: minorCount, columns: majorCount };
}
