// Hyphenated line ends for the greedy line filler: the hyphen piece printed at a break inside a word, and the
// split of a word that does not fit at its last hyphenation point that does.

import { HYPHEN_TEXT, SOFT_HYPHEN, hyphenationPoints } from "./hyphenate.js";
import { buildPieces, type Itemized, type Piece, type Segment } from "./itemize.js";
import { runWidth, shapeCached } from "./shape.js";
import type { ParagraphStyle } from "./types.js";

/** Tolerance for "fits": widths are sums of floats. */
const EPSILON = 1e-6;

/**
 * The visible hyphen closing a line broken at `at` (an empty range there: the source text gains nothing), in
 * the face, level and slant of `before`, the piece it follows.
 */
export function hyphenPiece(item: Itemized, at: number, before: Piece): Piece {
  const run = shapeCached(before.face, HYPHEN_TEXT, (before.level & 1) === 1);
  const spacing = run.spacingSlots > 0 ? item.letterSpacing : 0;
  return {
    start: at,
    end: at,
    level: before.level,
    face: before.face,
    run,
    width: runWidth(run, item.size, spacing),
    spacing,
    space: false,
    skew: before.skew,
  };
}

/** Width the pieces take when followed by `hyphen` (the letter spacing before the hyphen counts, none after it). */
function widthWithHyphen(pieces: readonly Piece[], hyphen: Piece): number {
  let width = hyphen.width - hyphen.spacing;
  for (const p of pieces) width += p.width;
  return width;
}

/** True when the segment's content ends with a soft hyphen and no space follows: a break there shows a hyphen. */
export function endsWithSoftHyphen(item: Itemized, seg: Segment): boolean {
  return seg.spaces.length === 0 && seg.contentEnd > seg.start && item.text[seg.contentEnd - 1] === SOFT_HYPHEN;
}

/** The hyphen printed if a line ends after `seg` (which ends with a soft hyphen), or undefined when it has no glyphs. */
export function softHyphenAfter(item: Itemized, seg: Segment): Piece | undefined {
  const last = seg.content[seg.content.length - 1];
  return last ? hyphenPiece(item, seg.contentEnd, last) : undefined;
}

/** A word cut at a hyphenation point: the head (with its hyphen) ends a line, the rest goes on. */
export interface HyphenSplit {
  readonly head: Piece[];
  readonly width: number;
  readonly rest: Segment;
}

/**
 * Cuts `seg` at the last hyphenation point (`hyphens: auto`, the patterns of `style.lang`) whose head plus a
 * hyphen fits in `room` points. Undefined when hyphenation is off, the word has no point, or no head fits.
 * Heads and rests are shaped outside the shaping cache: they are rarely shaped twice.
 */
export function splitAtHyphen(item: Itemized, seg: Segment, style: Pick<ParagraphStyle, "hyphens" | "lang">, room: number): HyphenSplit | undefined {
  if (style.hyphens !== "auto" || seg.contentEnd - seg.start < 5) return undefined;
  const points = hyphenationPoints(item.text.slice(seg.start, seg.contentEnd), style.lang);
  for (let k = points.length - 1; k >= 0; k--) {
    const at = seg.start + points[k]!;
    const head = buildPieces(item, seg.start, at, false, false);
    const last = head[head.length - 1];
    if (!last) continue;
    const hyphen = hyphenPiece(item, at, last);
    const width = widthWithHyphen(head, hyphen);
    if (width > room + EPSILON) continue;
    const content = buildPieces(item, at, seg.contentEnd, false, false);
    let contentWidth = 0;
    for (const p of content) contentWidth += p.width;
    head.push(hyphen);
    return {
      head,
      width,
      rest: { start: at, contentEnd: seg.contentEnd, end: seg.end, content, spaces: seg.spaces, contentWidth, spaceWidth: seg.spaceWidth },
    };
  }
  return undefined;
}
