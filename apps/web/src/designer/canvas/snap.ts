// Snapping a moving or resized box: to other elements' edges and centres (shown as guides) when within a few
// pixels, else to the grid. Pure: the canvas passes boxes in points and the threshold in points.
import type { Box } from "./stack";

/** A guide line to draw: vertical at x, or horizontal at y, in content-box points. */
export interface Guide {
  readonly axis: "x" | "y";
  readonly at: number;
}

export interface SnapResult {
  readonly dx: number;
  readonly dy: number;
  readonly guides: readonly Guide[];
}

const lines = (b: Box, axis: "x" | "y") => (axis === "x" ? [b.x, b.x + b.width / 2, b.x + b.width] : [b.y, b.y + b.height / 2, b.y + b.height]);

function snapAxis(box: Box, targets: readonly Box[], axis: "x" | "y", threshold: number, grid: number): { delta: number; guide?: Guide } {
  let best: { delta: number; at: number } | undefined;
  const mine = lines(box, axis);
  for (const t of targets) {
    for (const theirs of lines(t, axis)) {
      for (const m of mine) {
        const delta = theirs - m;
        if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) best = { delta, at: theirs };
      }
    }
  }
  if (best) return { delta: best.delta, guide: { axis, at: best.at } };
  if (grid > 0) {
    const start = axis === "x" ? box.x : box.y;
    return { delta: Math.round(start / grid) * grid - start };
  }
  return { delta: 0 };
}

/** The correction that snaps `box` (already moved) to `targets` or the grid. */
export function snapMove(box: Box, targets: readonly Box[], threshold: number, grid: number): SnapResult {
  const x = snapAxis(box, targets, "x", threshold, grid);
  const y = snapAxis(box, targets, "y", threshold, grid);
  return { dx: x.delta, dy: y.delta, guides: [x.guide, y.guide].filter((g): g is Guide => g !== undefined) };
}

/** The edges of a resize: only the dragged edges move, each snapped on its own. */
export function snapEdge(value: number, axis: "x" | "y", targets: readonly Box[], threshold: number, grid: number): { value: number; guide?: Guide } {
  let best: number | undefined;
  for (const t of targets) for (const l of lines(t, axis)) if (Math.abs(l - value) <= threshold && (best === undefined || Math.abs(l - value) < Math.abs(best - value))) best = l;
  if (best !== undefined) return { value: best, guide: { axis, at: best } };
  return { value: grid > 0 ? Math.round(value / grid) * grid : value };
}
