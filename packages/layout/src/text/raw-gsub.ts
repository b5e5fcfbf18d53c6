// What GSUB substitutions can put in a glyph buffer, and which lookups contextual rules call, read from the
// font's bytes without fontkit decoding the lookups (raw-layout.ts reads the lookup headers and coverages).
// live-lookups.ts uses both to bound the glyphs a string can ever hold while fontkit shapes it.

import type { RawLayoutTable } from "./raw-layout.js";

/**
 * The glyphs GSUB subtable `sub` (`type` 1–4, extension unwrapped) puts in place of the glyph at coverage
 * index `index`: its substitute, sequence, alternates or ligatures. null when the format is not one this
 * reader knows or the bytes run out (the caller then assumes anything can appear).
 */
export function rawSubstitutes(raw: RawLayoutTable, sub: number, type: number, index: number): number[] | null {
  const { view } = raw;
  try {
    const format = view.getUint16(sub);
    if (type === 1) {
      // Format 1 adds a signed delta modulo 65536, as fontkit does; format 2 lists the substitutes.
      if (format === 1) return null; // needs the glyph itself: see rawSingleDelta
      if (format !== 2 || index >= view.getUint16(sub + 4)) return null;
      return [view.getUint16(sub + 6 + 2 * index)];
    }
    if (format !== 1 || (type !== 2 && type !== 3 && type !== 4)) return null;
    if (index >= view.getUint16(sub + 4)) return null;
    const set = sub + view.getUint16(sub + 6 + 2 * index);
    const count = view.getUint16(set);
    const out: number[] = [];
    if (type === 4) {
      // A LigatureSet: offsets to Ligature tables, each starting with the ligature glyph.
      for (let k = 0; k < count; k++) out.push(view.getUint16(set + view.getUint16(set + 2 + 2 * k)));
    } else {
      // A Sequence or an AlternateSet: the glyphs themselves.
      for (let k = 0; k < count; k++) out.push(view.getUint16(set + 2 + 2 * k));
    }
    return out;
  } catch {
    return null;
  }
}

/** The delta of a format 1 single substitution (signed), or null when `sub` is not one. */
export function rawSingleDelta(raw: RawLayoutTable, sub: number): number | null {
  try {
    return raw.view.getUint16(sub) === 1 ? raw.view.getInt16(sub + 4) : null;
  } catch {
    return null;
  }
}

/**
 * Every lookup index that a contextual or chained contextual subtable (`type` 5 or 6 in GSUB terms, format
 * 1–3) at `sub` calls, whatever its rules match; null when the format is unknown or the bytes run out.
 */
export function rawCalledLookups(raw: RawLayoutTable, sub: number, type: number): number[] | null {
  const { view } = raw;
  const out: number[] = [];
  // SequenceLookupRecords: (sequenceIndex, lookupListIndex) pairs.
  const records = (at: number, count: number): void => {
    for (let k = 0; k < count; k++) out.push(view.getUint16(at + 4 * k + 2));
  };
  // A rule as stored in formats 1 and 2: `glyphCount` (input + 1) then `seqLookupCount`, then the input
  // sequence and the records (context); backtrack, input and lookahead with their counts, then the records (chain).
  const rule = (at: number): void => {
    if (type === 5) {
      const glyphCount = view.getUint16(at);
      const lookupCount = view.getUint16(at + 2);
      records(at + 4 + 2 * Math.max(0, glyphCount - 1), lookupCount);
      return;
    }
    let p = at;
    p += 2 + 2 * view.getUint16(p); // backtrack
    p += 2 + 2 * Math.max(0, view.getUint16(p) - 1); // input (its first glyph is the coverage's)
    p += 2 + 2 * view.getUint16(p); // lookahead
    records(p + 2, view.getUint16(p));
  };
  try {
    const format = view.getUint16(sub);
    if (format === 1 || format === 2) {
      // Rule sets (format 1, by coverage index) or class sets (format 2, by class): offsets after the header.
      const countAt = type === 5 ? (format === 1 ? sub + 4 : sub + 6) : format === 1 ? sub + 4 : sub + 10;
      const setCount = view.getUint16(countAt);
      for (let s = 0; s < setCount; s++) {
        const relative = view.getUint16(countAt + 2 + 2 * s);
        if (relative === 0) continue;
        const set = sub + relative;
        const ruleCount = view.getUint16(set);
        for (let r = 0; r < ruleCount; r++) rule(set + view.getUint16(set + 2 + 2 * r));
      }
      return out;
    }
    if (format !== 3) return null;
    if (type === 5) {
      const glyphCount = view.getUint16(sub + 2);
      records(sub + 6 + 2 * glyphCount, view.getUint16(sub + 4));
      return out;
    }
    let p = sub + 2;
    p += 2 + 2 * view.getUint16(p); // backtrack coverages
    p += 2 + 2 * view.getUint16(p); // input coverages
    p += 2 + 2 * view.getUint16(p); // lookahead coverages
    records(p + 2, view.getUint16(p));
    return out;
  } catch {
    return null;
  }
}
