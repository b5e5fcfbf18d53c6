// The fast shaping path's guards (fast-shape.ts) answered from the font's bytes: whether a GSUB or GPOS
// subtable could do something at a position of a glyph buffer, matched as fontkit's OTProcessor matches
// (ligature components, context and chained-context rules by glyph, class or coverage, backtracks read
// forwards). fontkit would otherwise decode each lookup whole the first time one of its glyphs is met: in a
// fresh process that decoding (Inter's ligature and contextual lookups) cost more than the rest of the fast path.
// Anything this reader does not know answers "applies", which sends the string to fontkit.

import { coverageBounds, coverageIndexAt, classIdAt } from "./raw-coverage.js";
import { rawLookup, type RawLayoutTable, type RawLookup } from "./raw-layout.js";

/** One subtable that must not apply for the fast path to hold, as stored in the font. */
export interface RawGuard {
  readonly raw: RawLayoutTable;
  /** The lookup type matched: GSUB's numbering (GPOS contextual 7, 8 as 5, 6; other GPOS types negative). */
  readonly type: number;
  readonly format: number;
  /** Absolute offsets of the subtable and of its first-position coverage (-1: none, so it never applies). */
  readonly sub: number;
  readonly coverage: number;
  /** The first-position coverage's lowest and highest glyph, read on first use (-1: not yet): most glyphs fall outside. */
  lo: number;
  hi: number;
}

// The subtable formats fontkit decodes, by lookup type (GPOS types offset by 10); a lookup with any other is
// left to fontkit's decoding (which throws on it, as the decoded guards did).
const KNOWN_FORMATS: Record<number, readonly number[]> = {
  1: [1, 2], 2: [1], 3: [1], 4: [1], 5: [1, 2, 3], 6: [1, 2, 3], 8: [1],
  11: [1, 2], 12: [1, 2], 13: [1], 14: [1], 15: [1], 16: [1], 17: [1, 2, 3], 18: [1, 2, 3],
};

/** A stored lookup's subtables as guards, or null when one of them is of a type or format this reader does not know. */
export function rawGuardsOf(raw: RawLayoutTable, lookup: RawLookup): RawGuard[] | null {
  const guards: RawGuard[] = [];
  for (let k = 0; k < lookup.types.length; k++) {
    const stored = lookup.types[k]!;
    const known = KNOWN_FORMATS[stored + (raw.gpos ? 10 : 0)];
    if (!known || !known.includes(lookup.formats[k]!)) return null;
    const type = raw.gpos ? (stored === 7 ? 5 : stored === 8 ? 6 : -stored) : stored;
    guards.push({ raw, type, format: lookup.formats[k]!, sub: lookup.subtables[k]!, coverage: lookup.firstCoverages[k]!, lo: -1, hi: -1 });
  }
  return guards;
}

/** Whether the guard's first-position coverage holds `glyph` (an unreadable coverage holds everything). */
export function rawGuardCovers(guard: RawGuard, glyph: number): boolean {
  if (guard.coverage < 0) return false;
  if (guard.lo < 0) [guard.lo, guard.hi] = coverageBounds(guard.raw.view, guard.coverage, guard.raw.sorted);
  if (glyph < guard.lo || glyph > guard.hi) return false;
  return coverageIndexAt(guard.raw.view, guard.coverage, glyph, guard.raw.sorted) !== -1;
}

/**
 * Whether the guard's subtable would apply at position i of `ids`, whose glyph its first-position coverage holds
 * (conservative: true unless the bytes prove not). Mirrors fast-shape.ts's `applies` over fontkit's decoded tables.
 */
export function rawGuardApplies(guard: RawGuard, ids: Uint16Array, i: number): boolean {
  const { view, sorted } = guard.raw;
  const { sub, type, format } = guard;
  const glyph = ids[i]!;
  try {
    if (type === 4) {
      const index = coverageIndexAt(view, sub + view.getUint16(sub + 2), glyph, sorted);
      if (index === -1) return false;
      if (index < 0 || index >= view.getUint16(sub + 4)) return true;
      const set = offsetAt(view, sub, sub + 6 + 2 * index);
      if (set < 0) return true;
      // Ligature: glyph, component count, the components after the first.
      for (let k = 0, n = view.getUint16(set); k < n; k++) {
        const lig = offsetAt(view, set, set + 2 + 2 * k);
        if (lig < 0 || glyphsMatch(view, ids, i + 1, lig + 4, Math.max(0, view.getUint16(lig + 2) - 1))) return true;
      }
      return false;
    }
    if (type === 5 || type === 6) return contextApplies(guard.raw, sub, type, format, ids, i);
    // Single, multiple, alternate substitution; single, cursive and mark positioning: covered is enough.
    return true;
  } catch {
    return true;
  }
}

function contextApplies(raw: RawLayoutTable, sub: number, type: 5 | 6, format: number, ids: Uint16Array, i: number): boolean {
  const { view, sorted } = raw;
  const glyph = ids[i]!;
  if (format === 3) {
    if (type === 5) {
      const count = view.getUint16(sub + 2);
      return coveragesMatch(raw, sub, ids, i, sub + 6, count);
    }
    const backtrack = view.getUint16(sub + 2);
    const inputAt = sub + 4 + 2 * backtrack;
    const input = view.getUint16(inputAt);
    const lookaheadAt = inputAt + 2 + 2 * input;
    const lookahead = view.getUint16(lookaheadAt);
    return (
      coveragesMatch(raw, sub, ids, i - backtrack, sub + 4, backtrack) &&
      coveragesMatch(raw, sub, ids, i, inputAt + 2, input) &&
      coveragesMatch(raw, sub, ids, i + input, lookaheadAt + 2, lookahead)
    );
  }
  const index = coverageIndexAt(view, sub + view.getUint16(sub + 2), glyph, sorted);
  if (index === -1) return false;
  if (index < 0) return true;
  // Class definitions (format 2): context's one, or chained context's backtrack, input and lookahead ones.
  let classDefs: readonly [number, number, number] | null = null;
  let setIndex = index;
  let setsAt: number;
  if (format === 1) setsAt = sub + 4;
  else {
    const defs = type === 5 ? [sub + 4, sub + 4, sub + 4] : [sub + 4, sub + 6, sub + 8];
    const abs = defs.map((p) => view.getUint16(p));
    if (abs.some((o) => o === 0)) return true; // a missing class definition: fontkit throws on it
    classDefs = [sub + abs[0]!, sub + abs[1]!, sub + abs[2]!];
    setIndex = classIdAt(view, classDefs[1], glyph, sorted);
    if (setIndex < 0) return true;
    setsAt = type === 5 ? sub + 6 : sub + 10;
  }
  // fontkit reads the rule set at `setIndex` (a missing one, or one past the count, has no rules).
  if (setIndex >= view.getUint16(setsAt)) return false;
  const set = offsetAt(view, sub, setsAt + 2 + 2 * setIndex);
  if (set < 0) return false;
  for (let r = 0, n = view.getUint16(set); r < n; r++) {
    const rule = offsetAt(view, set, set + 2 + 2 * r);
    if (rule < 0) return true; // fontkit fails on a null rule
    if (type === 5) {
      const count = Math.max(0, view.getUint16(rule) - 1);
      if (sequenceMatches(raw, ids, i + 1, rule + 4, count, classDefs?.[1] ?? -1)) return true;
      continue;
    }
    const backtrack = view.getUint16(rule);
    const inputAt = rule + 2 + 2 * backtrack;
    const input = Math.max(0, view.getUint16(inputAt) - 1);
    const lookaheadAt = inputAt + 2 + 2 * input;
    const lookahead = view.getUint16(lookaheadAt);
    if (
      sequenceMatches(raw, ids, i - backtrack, rule + 2, backtrack, classDefs?.[0] ?? -1) &&
      sequenceMatches(raw, ids, i + 1, inputAt + 2, input, classDefs?.[1] ?? -1) &&
      sequenceMatches(raw, ids, i + 1 + input, lookaheadAt + 2, lookahead, classDefs?.[2] ?? -1)
    ) {
      return true;
    }
  }
  return false;
}

// An offset stored at `at`, relative to `base`, as an absolute offset; -1 for a null offset.
function offsetAt(view: DataView, base: number, at: number): number {
  const relative = view.getUint16(at);
  return relative === 0 ? -1 : base + relative;
}

// fontkit's OTProcessor.match: sequence[k] (stored at `at`) is compared with the glyph at start + k; out of
// range fails unless the sequence is empty. With a class definition (classDef ≥ 0) the sequence holds classes.
function sequenceMatches(raw: RawLayoutTable, ids: Uint16Array, start: number, at: number, count: number, classDef: number): boolean {
  if (classDef < 0) return glyphsMatch(raw.view, ids, start, at, count);
  if (start < 0 || start + count > ids.length) return count === 0;
  for (let k = 0; k < count; k++) {
    const cls = classIdAt(raw.view, classDef, ids[start + k]!, raw.sorted);
    if (cls < 0) return true; // unreadable: may match
    if (cls !== raw.view.getUint16(at + 2 * k)) return false;
  }
  return true;
}

function glyphsMatch(view: DataView, ids: Uint16Array, start: number, at: number, count: number): boolean {
  if (start < 0 || start + count > ids.length) return count === 0;
  for (let k = 0; k < count; k++) if (ids[start + k] !== view.getUint16(at + 2 * k)) return false;
  return true;
}

// Coverages whose offsets (relative to `sub`) are stored at `at`, matched against the glyphs from `start` on.
function coveragesMatch(raw: RawLayoutTable, sub: number, ids: Uint16Array, start: number, at: number, count: number): boolean {
  if (start < 0 || start + count > ids.length) return count === 0;
  for (let k = 0; k < count; k++) {
    const coverage = offsetAt(raw.view, sub, at + 2 * k);
    if (coverage < 0) return true; // fontkit fails on a null coverage
    if (coverageIndexAt(raw.view, coverage, ids[start + k]!, raw.sorted) === -1) return false;
  }
  return true;
}

/**
 * For a context or chained context subtable by coverages (format 3): its lookup records as flat
 * (sequenceIndex, lookupListIndex) pairs when it matches at position i of `ids`, null when it does not, "unknown"
 * for other subtables or bytes that cannot tell. Matched as fontkit's coverageSequenceMatches does (backtrack
 * first, read forwards).
 */
export function rawContextMatch(guard: RawGuard, ids: Uint16Array, i: number): number[] | null | "unknown" {
  if (guard.format !== 3 || (guard.type !== 5 && guard.type !== 6)) return "unknown";
  const { raw, sub } = guard;
  const { view } = raw;
  try {
    let records: number;
    if (guard.type === 5) {
      const count = view.getUint16(sub + 2);
      const match = exactCoverages(raw, sub, ids, i, sub + 6, count);
      if (match !== true) return match === false ? null : "unknown";
      records = sub + 4; // substitutionCount; the records follow the coverages
      return readRecords(view, view.getUint16(records), sub + 6 + 2 * count);
    }
    const backtrack = view.getUint16(sub + 2);
    const inputAt = sub + 4 + 2 * backtrack;
    const input = view.getUint16(inputAt);
    const lookaheadAt = inputAt + 2 + 2 * input;
    const lookahead = view.getUint16(lookaheadAt);
    for (const [start, at, count] of [
      [i - backtrack, sub + 4, backtrack],
      [i, inputAt + 2, input],
      [i + input, lookaheadAt + 2, lookahead],
    ] as const) {
      const match = exactCoverages(raw, sub, ids, start, at, count);
      if (match !== true) return match === false ? null : "unknown";
    }
    records = lookaheadAt + 2 + 2 * lookahead;
    return readRecords(view, view.getUint16(records), records + 2);
  } catch {
    return "unknown";
  }
}

function readRecords(view: DataView, count: number, at: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < count; k++) out.push(view.getUint16(at + 4 * k), view.getUint16(at + 4 * k + 2));
  return out;
}

// coveragesMatch without the benefit of the doubt: "unknown" where the bytes cannot tell.
function exactCoverages(raw: RawLayoutTable, sub: number, ids: Uint16Array, start: number, at: number, count: number): boolean | "unknown" {
  if (start < 0 || start + count > ids.length) return count === 0;
  for (let k = 0; k < count; k++) {
    const coverage = offsetAt(raw.view, sub, at + 2 * k);
    if (coverage < 0) return "unknown";
    const index = coverageIndexAt(raw.view, coverage, ids[start + k]!, raw.sorted);
    if (index === -1) return false;
    if (index < 0) return "unknown";
  }
  return true;
}

/**
 * The glyph single-substitution lookup `index` puts in place of `glyph`, as fontkit's applyLookupList applies
 * it (the first subtable whose coverage holds the glyph); `glyph` itself when none does; null when the lookup is
 * not single substitution or cannot be read.
 */
export function rawSingleSubstitute(raw: RawLayoutTable, index: number, glyph: number): number | null {
  const lookup = rawLookup(raw, index);
  if (!lookup) return null;
  const { view } = raw;
  try {
    for (let k = 0; k < lookup.types.length; k++) {
      if (lookup.types[k] !== 1 || lookup.firstCoverages[k]! < 0) return null;
      const covered = coverageIndexAt(view, lookup.firstCoverages[k]!, glyph, raw.sorted);
      if (covered === -1) continue;
      if (covered < 0) return null;
      const sub = lookup.subtables[k]!;
      if (lookup.formats[k] === 1) return (glyph + view.getInt16(sub + 4)) & 0xffff;
      if (lookup.formats[k] !== 2 || covered >= view.getUint16(sub + 4)) return null;
      return view.getUint16(sub + 6 + 2 * covered);
    }
    return glyph;
  } catch {
    return null;
  }
}
