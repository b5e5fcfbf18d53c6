// Break opportunities (UAX #14 via `linebreak`) and grapheme boundaries for over-long words.

import type LineBreaker from "linebreak";
import { lazyModule } from "../lazy-module.js";
import { tableBreaks } from "./break-pairs.js";

// linebreak decompresses its Unicode tables when imported: loaded only for text the fast path below cannot break.
const lineBreaker = lazyModule<{ default: typeof LineBreaker }>("linebreak");

const PLAIN = /^[A-Za-z0-9 .,]*$/;
const ALNUM = new Uint8Array(128);
for (let c = 48; c < 58; c++) ALNUM[c] = 1;
for (let c = 65; c < 91; c++) ALNUM[c] = 1;
for (let c = 97; c < 123; c++) ALNUM[c] = 1;

/** Returns the UAX #14 break opportunities of a paragraph (no hard breaks inside): offsets, ending at length. */
export function breakOpportunities(text: string): number[] {
  const out: number[] = [];
  if (text.length === 0) return out;
  // Fast path: in text of ASCII letters, digits, spaces, `.` and `,` the only opportunities are after
  // spaces before a letter or digit (LB18; LB13 forbids one before `.` or `,` even after a space).
  if (PLAIN.test(text)) {
    for (let i = 0; i + 1 < text.length; i++) {
      if (text.charCodeAt(i) === 32 && ALNUM[text.charCodeAt(i + 1)] === 1) out.push(i + 1);
    }
    out.push(text.length);
    return out;
  }
  const fromTable = tableBreaks(text);
  if (fromTable) return fromTable;
  const breaker = new (lineBreaker().default)(text);
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
    if (b.position > 0 && (out.length === 0 || out[out.length - 1] !== b.position)) out.push(b.position);
  }
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

let segmenter: Intl.Segmenter | undefined;

/** Characters given to the segmenter at a time (see graphemeBoundaries). */
const GRAPHEME_WINDOW = 1024;

/**
 * Returns the grapheme cluster boundaries strictly inside [start, end) of `text`, plus `end`. The text is
 * segmented in windows that start on a boundary: V8's segment iterator slows down with the string's length
 * (100 000 characters took seconds). Grapheme rules look back, never further ahead than the next character,
 * so the boundaries of a window are exact except near its cut; the last one is dropped and the next window
 * starts there.
 */
export function graphemeBoundaries(text: string, start: number, end: number): number[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const out: number[] = [];
  let from = start;
  let window = GRAPHEME_WINDOW;
  while (from < end) {
    let to = Math.min(end, from + window);
    // Never cut a surrogate pair: a lone surrogate would end a cluster early.
    if (to < end && (text.charCodeAt(to - 1) & 0xfc00) === 0xd800) to--;
    const found: number[] = [];
    for (const { index } of segmenter.segment(text.slice(from, to))) if (index > 0) found.push(from + index);
    if (to === end) {
      for (const b of found) out.push(b);
      break;
    }
    // The boundary closest to the window's cut is not trusted: drop it and restart from the one before.
    found.pop();
    if (found.length === 0) {
      window *= 2; // one cluster longer than the window (a pile of marks): look further
      continue;
    }
    for (const b of found) out.push(b);
    from = found[found.length - 1]!;
    window = GRAPHEME_WINDOW;
  }
  out.push(end);
  return out;
}
