// Underline and strike-through positions from the primary face's metrics, for the flow engine to emit
// as line shapes in the text colour.

import type { FontFace } from "./face.js";
import { faceMetrics } from "./metrics.js";
import { skipInk } from "./skip-ink.js";
import type { ParagraphLayout, ParagraphLine } from "./types.js";

/** One decoration stroke, box coordinates: a horizontal line at `y` (the stroke's centre) `thickness` thick. */
export interface TextDecoration {
  readonly kind: "underline" | "strike";
  readonly y: number;
  readonly thickness: number;
  readonly x1: number;
  readonly x2: number;
}

/** Which decorations a text element asks for. */
export interface DecorationOptions {
  readonly underline?: boolean;
  readonly strike?: boolean;
}

/**
 * Returns the underline/strike strokes of one line: from the line's content left to its right (trailing
 * spaces excluded), at the face's post underline and OS/2 strikeout positions. The underline is cut where
 * descenders cross it (see skip-ink.ts). An empty line has none.
 */
export function lineDecorations(layout: ParagraphLayout, line: ParagraphLine, options: DecorationOptions): TextDecoration[] {
  if (line.width <= 0 || (!options.underline && !options.strike)) return [];
  const strokes = decorationStrokes(layout.face, layout.style.size, line.baseline, line.x, line.x + line.width, options);
  if (!options.underline) return strokes;
  // The underline skips the descenders of the line's glyphs.
  const faces = layout.faces ?? [layout.face];
  const runs = line.runs.map((run) => ({ x: run.x, size: run.size, glyphs: run.glyphs, face: faces.find((f) => f.key === run.face) }));
  return strokes.flatMap((d) => (d.kind === "underline" ? skipInk(d, line.baseline, runs) : [d]));
}

/** The underline/strike strokes under a stretch [x1, x2] of text in `face` at `size` on `baseline`. */
export function decorationStrokes(
  face: FontFace,
  size: number,
  baseline: number,
  x1: number,
  x2: number,
  options: DecorationOptions,
): TextDecoration[] {
  const m = faceMetrics(face);
  const scale = size / m.unitsPerEm;
  const out: TextDecoration[] = [];
  if (options.underline) {
    const thickness = m.underlineThickness * scale;
    // post.underlinePosition is the top of the stroke (y up); the centre is half a thickness lower.
    out.push({ kind: "underline", y: baseline - m.underlinePosition * scale + thickness / 2, thickness, x1, x2 });
  }
  if (options.strike) {
    const thickness = m.strikeThickness * scale;
    out.push({ kind: "strike", y: baseline - m.strikePosition * scale + thickness / 2, thickness, x1, x2 });
  }
  return out;
}

/** Returns the decoration strokes of every line of the paragraph, in box coordinates. */
export function paragraphDecorations(layout: ParagraphLayout, options: DecorationOptions): TextDecoration[] {
  if (!options.underline && !options.strike) return [];
  return layout.lines.flatMap((line) => lineDecorations(layout, line, options));
}
