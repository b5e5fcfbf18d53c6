// Snapping math for the canvas, pure: a box being moved or resized snaps to other boxes' edges and centres
// when one is within `threshold`, otherwise to the grid; the guides to draw come back with it. Units are
// whatever the caller uses (the designer passes page coordinates in points, so boxes in different bands align).

/** A box. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A guide line: axis `x` is a vertical line at x = position from y = start to y = end; axis `y` a horizontal
 * line at y = position from x = start to x = end.
 */
export interface Guide {
  readonly axis: "x" | "y";
  readonly position: number;
  readonly start: number;
  readonly end: number;
}

/** What to snap to. */
export interface SnapOptions {
  /** Grid pitch; 0 or absent: no grid. */
  readonly grid?: number;
  /** The largest distance at which an edge or centre snaps to another box's. */
  readonly threshold: number;
  /** The other boxes (never the ones being moved). */
  readonly targets?: readonly Rect[];
  /** The smallest width and height a resize leaves (default 1). */
  readonly minSize?: number;
}

/** The snapped box and the guides that show why. */
export interface SnapResult {
  readonly rect: Rect;
  readonly guides: readonly Guide[];
}

/** A resize handle: the edges it moves. */
export type Handle = "n" | "s" | "e" | "w" | "ne" | "nw" | "se" | "sw";

type Axis = "x" | "y";
const EPSILON = 1e-6;

const start = (r: Rect, axis: Axis): number => (axis === "x" ? r.x : r.y);
const size = (r: Rect, axis: Axis): number => (axis === "x" ? r.width : r.height);
/** A box's lines across one axis: start edge, centre, end edge. */
const lines = (r: Rect, axis: Axis): number[] => [start(r, axis), start(r, axis) + size(r, axis) / 2, start(r, axis) + size(r, axis)];

/** The smallest offset (within threshold) bringing one of `moving` onto a target line, or undefined. */
function nearest(moving: readonly number[], targets: readonly Rect[], axis: Axis, threshold: number): number | undefined {
  let best: number | undefined;
  for (const t of targets) {
    for (const line of lines(t, axis)) {
      for (const m of moving) {
        const offset = line - m;
        if (Math.abs(offset) <= threshold && (best === undefined || Math.abs(offset) < Math.abs(best))) best = offset;
      }
    }
  }
  return best;
}

const toGrid = (value: number, grid: number): number => Math.round(value / grid) * grid - value;

/** Guides for every target line that one of `moving` (lines of `rect` across `axis`) now sits on. */
function guidesFor(rect: Rect, moving: readonly number[], targets: readonly Rect[], axis: Axis): Guide[] {
  const other: Axis = axis === "x" ? "y" : "x";
  const byPosition = new Map<number, Guide>();
  for (const t of targets) {
    for (const line of lines(t, axis)) {
      if (!moving.some((m) => Math.abs(m - line) < EPSILON)) continue;
      const from = Math.min(start(rect, other), start(t, other));
      const to = Math.max(start(rect, other) + size(rect, other), start(t, other) + size(t, other));
      const seen = byPosition.get(line);
      byPosition.set(line, { axis, position: line, start: Math.min(from, seen?.start ?? from), end: Math.max(to, seen?.end ?? to) });
    }
  }
  return [...byPosition.values()].sort((a, b) => a.position - b.position);
}

function snapOffset(moving: readonly number[], gridAnchor: number, axis: Axis, options: SnapOptions): { offset: number; toTarget: boolean } {
  const toTarget = nearest(moving, options.targets ?? [], axis, options.threshold);
  if (toTarget !== undefined) return { offset: toTarget, toTarget: true };
  if (options.grid !== undefined && options.grid > 0) return { offset: toGrid(gridAnchor, options.grid), toTarget: false };
  return { offset: 0, toTarget: false };
}

/** Snaps a moved box: its edges and centre to other boxes', else its top-left corner to the grid. */
export function snapMove(rect: Rect, options: SnapOptions): SnapResult {
  const targets = options.targets ?? [];
  const sx = snapOffset(lines(rect, "x"), rect.x, "x", options);
  const sy = snapOffset(lines(rect, "y"), rect.y, "y", options);
  const snapped: Rect = { ...rect, x: rect.x + sx.offset, y: rect.y + sy.offset };
  const guides = [
    ...(sx.toTarget ? guidesFor(snapped, lines(snapped, "x"), targets, "x") : []),
    ...(sy.toTarget ? guidesFor(snapped, lines(snapped, "y"), targets, "y") : []),
  ];
  return { rect: snapped, guides };
}

/** Snaps a resized box: only the edges the handle moves, to other boxes' edges and centres, else to the grid. */
export function snapResize(rect: Rect, handle: Handle, options: SnapOptions): SnapResult {
  const targets = options.targets ?? [];
  const min = options.minSize ?? 1;
  let { x, y, width, height } = rect;
  const guides: Guide[] = [];
  const axes: { axis: Axis; lowEdge: boolean }[] = [];
  if (handle.includes("e")) axes.push({ axis: "x", lowEdge: false });
  if (handle.includes("w")) axes.push({ axis: "x", lowEdge: true });
  if (handle.includes("s")) axes.push({ axis: "y", lowEdge: false });
  if (handle.includes("n")) axes.push({ axis: "y", lowEdge: true });
  for (const { axis, lowEdge } of axes) {
    const lo = axis === "x" ? x : y;
    const len = axis === "x" ? width : height;
    const edge = lowEdge ? lo : lo + len;
    const { offset, toTarget } = snapOffset([edge], edge, axis, options);
    let nextLo = lo;
    let nextLen = len;
    if (lowEdge) {
      // The opposite edge stays put; the size never drops below the minimum.
      const far = lo + len;
      nextLo = Math.min(edge + offset, far - min);
      nextLen = far - nextLo;
    } else {
      nextLen = Math.max(min, len + offset);
    }
    if (axis === "x") {
      x = nextLo;
      width = nextLen;
    } else {
      y = nextLo;
      height = nextLen;
    }
    if (toTarget) {
      const snapped: Rect = { x, y, width, height };
      guides.push(...guidesFor(snapped, [lowEdge ? nextLo : nextLo + nextLen], targets, axis));
    }
  }
  return { rect: { x, y, width, height }, guides };
}
