// Underlines that skip descenders ("skip ink", as browsers draw them): the stroke is interrupted wherever a
// glyph's outline crosses the band it occupies (g, p, y, ç, Hebrew and Arabic letters below the baseline),
// with a clearance on each side, instead of running through the ink.

import type { PositionedGlyph } from "../frame/types.js";
import type { FontFace } from "./face.js";
import type { TextDecoration } from "./decorations.js";

/** Clearance around the ink, vertical and horizontal, as a multiple of the stroke's thickness. */
const CLEARANCE = 1;
/** Stroke pieces shorter than this many thicknesses are dropped (a dot between two descenders reads as noise). */
const MIN_PIECE = 1.5;
/** Points sampled per curve segment. */
const CURVE_STEPS = 12;

/** A run of glyphs as the painter will place them: baseline origin, size and face. */
export interface InkRun {
  readonly x: number;
  readonly size: number;
  readonly face: FontFace | undefined;
  readonly glyphs: readonly PositionedGlyph[];
}

interface PathCommand {
  readonly command: string;
  readonly args: readonly number[];
}

const cache = new WeakMap<FontFace, Map<string, readonly [number, number] | null>>();

/**
 * Horizontal extent (font units) of the glyph's outline between heights `lo` and `hi` (font units, y up), or
 * null when no ink is there. The outline is flattened (curves sampled) and each edge clipped to the band.
 */
function inkBetween(face: FontFace, id: number, lo: number, hi: number): readonly [number, number] | null {
  let perFace = cache.get(face);
  if (!perFace) {
    perFace = new Map();
    cache.set(face, perFace);
  }
  const key = `${id}:${Math.round(lo)}:${Math.round(hi)}`;
  const known = perFace.get(key);
  if (known !== undefined) return known;
  let min = Infinity;
  let max = -Infinity;
  const edge = (x0: number, y0: number, x1: number, y1: number): void => {
    if ((y0 < lo && y1 < lo) || (y0 > hi && y1 > hi)) return;
    if (y0 === y1) {
      min = Math.min(min, x0, x1);
      max = Math.max(max, x0, x1);
      return;
    }
    // Clip the edge to [lo, hi] and take the clipped ends.
    const at = (y: number): number => x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    const ya = Math.max(lo, Math.min(y0, y1));
    const yb = Math.min(hi, Math.max(y0, y1));
    for (const x of [at(ya), at(yb)]) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  };
  let commands: readonly PathCommand[] = [];
  try {
    commands = (face.font.getGlyph(id).path as unknown as { commands: readonly PathCommand[] }).commands;
  } catch {
    commands = []; // an unreadable glyph leaves the underline whole
  }
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  for (const { command, args } of commands) {
    if (command === "moveTo") {
      cx = sx = args[0]!;
      cy = sy = args[1]!;
    } else if (command === "lineTo") {
      edge(cx, cy, args[0]!, args[1]!);
      cx = args[0]!;
      cy = args[1]!;
    } else if (command === "quadraticCurveTo" || command === "bezierCurveTo") {
      const pts = args;
      const n = pts.length / 2;
      let px = cx;
      let py = cy;
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        let x: number;
        let y: number;
        if (n === 2) {
          x = u * u * cx + 2 * u * t * pts[0]! + t * t * pts[2]!;
          y = u * u * cy + 2 * u * t * pts[1]! + t * t * pts[3]!;
        } else {
          x = u * u * u * cx + 3 * u * u * t * pts[0]! + 3 * u * t * t * pts[2]! + t * t * t * pts[4]!;
          y = u * u * u * cy + 3 * u * u * t * pts[1]! + 3 * u * t * t * pts[3]! + t * t * t * pts[5]!;
        }
        edge(px, py, x, y);
        px = x;
        py = y;
      }
      cx = px;
      cy = py;
    } else if (command === "closePath") {
      edge(cx, cy, sx, sy);
      cx = sx;
      cy = sy;
    }
  }
  const found: readonly [number, number] | null = min <= max ? [min, max] : null;
  perFace.set(key, found);
  return found;
}

/**
 * Cuts an underline stroke (`y` its centre on the same baseline as the runs, box coordinates) where the runs'
 * glyphs reach into it. Runs whose face is unknown are not inspected. Returns the remaining pieces, in order.
 */
export function skipInk(stroke: TextDecoration, baseline: number, runs: readonly InkRun[]): TextDecoration[] {
  const clear = stroke.thickness * CLEARANCE;
  // The band in points below the baseline (y down), clearance included.
  const top = stroke.y - stroke.thickness / 2 - clear - baseline;
  const bottom = stroke.y + stroke.thickness / 2 + clear - baseline;
  const gaps: [number, number][] = [];
  for (const run of runs) {
    if (!run.face || run.size <= 0) continue;
    const upm = run.face.font.unitsPerEm;
    const toUnits = upm / run.size;
    let pen = run.x;
    for (const g of run.glyphs) {
      // Font units are y up; a glyph moved down by dy sees the band dy higher.
      const lo = (-bottom + g.dy) * toUnits;
      const hi = (-top + g.dy) * toUnits;
      const ink = inkBetween(run.face, g.id, lo, hi);
      if (ink) gaps.push([pen + g.dx + ink[0] / toUnits - clear, pen + g.dx + ink[1] / toUnits + clear]);
      pen += g.advance;
    }
  }
  if (gaps.length === 0) return [stroke];
  gaps.sort((a, b) => a[0] - b[0]);
  const out: TextDecoration[] = [];
  let from = stroke.x1;
  const emit = (x1: number, x2: number): void => {
    if (x2 - x1 >= stroke.thickness * MIN_PIECE) out.push({ ...stroke, x1, x2 });
  };
  for (const [a, b] of gaps) {
    if (a > from) emit(from, Math.min(a, stroke.x2));
    from = Math.max(from, b);
    if (from >= stroke.x2) break;
  }
  if (from < stroke.x2) emit(from, stroke.x2);
  return out;
}
