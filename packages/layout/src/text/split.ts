// Paragraphs split between lines: the text half of the pagination contract (given the height available,
// what fits and the rest).

import type { TextRunItem } from "../frame/types.js";
import type { ParagraphLayout, ParagraphLine } from "./types.js";

/** Tolerance so that a line ending exactly at the limit fits despite float sums. */
const EPSILON = 1e-6;

/** Result of splitting a paragraph: the lines that fit, and the rest (re-based to top 0) if any remain. */
export interface ParagraphSplit {
  readonly fit: ParagraphLayout;
  readonly rest: ParagraphLayout | undefined;
}

/**
 * Splits `layout` so that `fit` holds the leading lines whose bottom is within `availableHeight` (possibly
 * none) and `rest` the remaining lines moved up to start at 0 (undefined when everything fits).
 */
export function splitParagraph(layout: ParagraphLayout, availableHeight: number): ParagraphSplit {
  let count = 0;
  while (count < layout.lines.length && layout.lines[count]!.top + layout.lines[count]!.height <= availableHeight + EPSILON) {
    count++;
  }
  if (count === layout.lines.length) return { fit: layout, rest: undefined };
  return { fit: sliceParagraph(layout, 0, count), rest: sliceParagraph(layout, count) };
}

/** Returns lines [start, end) of `layout` as a paragraph of their own, moved up so its first line is at top 0. */
export function sliceParagraph(layout: ParagraphLayout, start: number, end: number = layout.lines.length): ParagraphLayout {
  const lines = layout.lines.slice(start, end);
  if (start === 0 && lines.length === layout.lines.length) return layout;
  const shift = lines[0]?.top ?? 0;
  const moved = shift === 0 ? lines : lines.map((line) => moveLine(line, shift));
  let width = 0;
  let height = 0;
  for (const line of moved) {
    if (line.width > width) width = line.width;
    height = line.top + line.height;
  }
  return { ...layout, lines: moved, height, width };
}

function moveLine(line: ParagraphLine, shift: number): ParagraphLine {
  return {
    ...line,
    top: line.top - shift,
    baseline: line.baseline - shift,
    runs: line.runs.map((run) => ({ ...run, y: run.y - shift })),
  };
}

/** Returns the paragraph's runs translated by (dx, dy): box coordinates to page coordinates. */
export function placeParagraph(layout: ParagraphLayout, dx: number, dy: number): TextRunItem[] {
  const out: TextRunItem[] = [];
  for (const line of layout.lines) {
    for (const run of line.runs) out.push(dx === 0 && dy === 0 ? run : { ...run, x: run.x + dx, y: run.y + dy });
  }
  return out;
}
