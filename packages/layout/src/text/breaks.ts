// Break opportunities (UAX #14 via `linebreak`) and grapheme boundaries for over-long words.

import LineBreaker from "linebreak";

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
  const breaker = new LineBreaker(text);
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
    if (b.position > 0 && (out.length === 0 || out[out.length - 1] !== b.position)) out.push(b.position);
  }
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

let segmenter: Intl.Segmenter | undefined;

/** Returns the grapheme cluster boundaries strictly inside [start, end) of `text`, plus `end`. */
export function graphemeBoundaries(text: string, start: number, end: number): number[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const out: number[] = [];
  for (const { index } of segmenter.segment(text.slice(start, end))) {
    if (index > 0) out.push(start + index);
  }
  out.push(end);
  return out;
}
