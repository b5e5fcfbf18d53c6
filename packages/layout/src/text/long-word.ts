// Over-long words (wider than the box) cut between graphemes: shared by plain and rich paragraphs.

import { graphemeBoundaries } from "./breaks.js";
import { buildPieces, piecesWidth, type Itemized, type Piece } from "./itemize.js";

/** Tolerance for "fits": widths are sums of floats. */
const EPSILON = 1e-6;

/**
 * Emits full lines of an over-long word's graphemes through `emit` (each the longest prefix that fits, at
 * least one grapheme) and returns the pieces of the last, partial line. Prefixes are shaped afresh, so
 * contextual forms at the cut are those of the shorter string.
 */
export function breakLongWord(
  item: Itemized,
  start: number,
  end: number,
  maxWidth: number,
  emit: (pieces: Piece[]) => void,
): Piece[] {
  const bounds = graphemeBoundaries(item.text, start, end);
  let pos = start;
  let first = 0; // index into bounds of the first boundary after pos
  for (;;) {
    // The whole word was measured too wide before the first cut; after a cut, try the remainder whole.
    if (pos > start) {
      const rest = buildPieces(item, pos, end, false);
      if (piecesWidth(rest) <= maxWidth + EPSILON) return rest;
    }
    // Largest boundary b with width(pos..b) ≤ maxWidth; at least the first one.
    let lo = first;
    let hi = bounds.length - 2; // the last boundary (end) does not fit
    let best = first;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (piecesWidth(buildPieces(item, pos, bounds[mid]!, false, false)) <= maxWidth + EPSILON) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const cut = bounds[best]!;
    if (cut === end) return buildPieces(item, pos, end, false);
    emit(buildPieces(item, pos, cut, false));
    pos = cut;
    first = best + 1;
  }
}
