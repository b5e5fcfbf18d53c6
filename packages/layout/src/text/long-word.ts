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
  const last = bounds.length - 1; // bounds[last] === end
  let pos = start;
  let first = 0; // index into bounds of the first boundary after pos
  const fits = (b: number): boolean => piecesWidth(buildPieces(item, pos, bounds[b]!, false, false)) <= maxWidth + EPSILON;
  for (;;) {
    // Largest boundary b with width(pos..b) ≤ maxWidth, at least the first one. Galloping (1, 2, 4, …
    // graphemes) brackets it, so a line costs O(log line) shapings of at most twice its length, not a
    // search over the whole remaining word (which made a 100 000-character word quadratic). The whole word
    // was measured too wide before the first cut; after a cut, the remainder is tried whole when the gallop
    // reaches it (widths grow with the prefix, so a prefix that does not fit means the remainder does not).
    let best = first;
    let hi = last + 1; // first index known not to fit (last + 1: none known)
    if (pos === start) hi = last;
    let step = 1;
    for (let probe = first; probe < hi; probe = Math.min(hi, first + (step *= 2) - 1)) {
      if (probe === last && pos > start) {
        const rest = buildPieces(item, pos, end, false);
        if (piecesWidth(rest) <= maxWidth + EPSILON) return rest;
        hi = probe;
        break;
      }
      if (!fits(probe)) {
        hi = probe;
        break;
      }
      best = probe;
      if (probe === hi - 1) break;
    }
    // Binary search strictly between best (fits, or the forced first) and hi (does not fit).
    let lo = best + 1;
    let top = hi - 1;
    while (lo <= top) {
      const mid = (lo + top) >> 1;
      if (fits(mid)) {
        best = mid;
        lo = mid + 1;
      } else top = mid - 1;
    }
    const cut = bounds[best]!;
    if (cut === end) return buildPieces(item, pos, end, false);
    emit(buildPieces(item, pos, cut, false));
    pos = cut;
    first = best + 1;
  }
}
