// Pair kerning (GPOS lookup type 2) read from the font's bytes, for the fast shaping path: fontkit decodes a
// pair lookup whole on first use (its coverage and class definitions as arrays of structs: ~20 ms for Inter's
// kern lookups in a fresh process), though a document meets a few hundred pairs. Values as fontkit's
// GPOSProcessor finds them: the first subtable whose coverage holds the first glyph and (format 1) lists the
// second decides; format 2 applies the class pair's record, class 0 for glyphs a class definition omits.

import { rawCoverage, type RawLayoutTable } from "./raw-layout.js";

/** The adjustments fast-shape.ts sums: x advance, x placement and y placement of the first and the second glyph. */
export interface PairValues {
  readonly first: readonly [number, number, number];
  readonly second: readonly [number, number, number];
}

/** Outcome for one subtable: values, "not applicable" (try the next subtable), or unknown (decode instead). */
export type PairResult = PairValues | "next" | "unknown";

/** Whether every subtable of a pair lookup is one this reader knows (format 1 or 2 with a readable coverage). */
export function rawPairsReadable(raw: RawLayoutTable, subtables: readonly number[], firstCoverages: readonly number[]): boolean {
  try {
    return subtables.every((sub, k) => {
      const format = raw.view.getUint16(sub);
      return (format === 1 || format === 2) && rawCoverage(raw, firstCoverages[k]!) !== null;
    });
  } catch {
    return false;
  }
}

/** The pair adjustment subtable `sub` (first-position coverage at `coverageAt`) gives to glyphs a, b. */
export function rawPairValues(raw: RawLayoutTable, sub: number, coverageAt: number, a: number, b: number): PairResult {
  const { view } = raw;
  try {
    const index = rawCoverage(raw, coverageAt)?.get(a);
    if (index === undefined) return "next";
    const format = view.getUint16(sub);
    const format1 = view.getUint16(sub + 4);
    const format2 = view.getUint16(sub + 6);
    const size1 = valueSize(format1);
    const size2 = valueSize(format2);
    if (format === 1) {
      if (index >= view.getUint16(sub + 8)) return "unknown";
      const set = sub + view.getUint16(sub + 10 + 2 * index);
      const count = view.getUint16(set);
      const stride = 2 + size1 + size2;
      for (let k = 0; k < count; k++) {
        const record = set + 2 + k * stride;
        if (view.getUint16(record) !== b) continue;
        return { first: value(view, record + 2, format1), second: value(view, record + 2 + size1, format2) };
      }
      return "next";
    }
    if (format !== 2) return "unknown";
    const class1 = classOf(raw, sub + view.getUint16(sub + 8), a);
    const class2 = classOf(raw, sub + view.getUint16(sub + 10), b);
    const class1Count = view.getUint16(sub + 12);
    const class2Count = view.getUint16(sub + 14);
    if (class1 === null || class2 === null || class1 >= class1Count || class2 >= class2Count) return "unknown";
    const record = sub + 16 + (class1 * class2Count + class2) * (size1 + size2);
    return { first: value(view, record, format1), second: value(view, record + size1, format2) };
  } catch {
    return "unknown";
  }
}

// A ValueRecord holds one int16 per set bit of its format, in bit order: x placement (0x1), y placement (0x2),
// x advance (0x4), y advance (0x8), then four device offsets.
function valueSize(format: number): number {
  let size = 0;
  for (let bit = 0; bit < 8; bit++) if (format & (1 << bit)) size += 2;
  return size;
}

function value(view: DataView, at: number, format: number): [number, number, number] {
  let p = at;
  const field = (bit: number): number => {
    if (!(format & bit)) return 0;
    const v = view.getInt16(p);
    p += 2;
    return v;
  };
  const xPlacement = field(0x1);
  const yPlacement = field(0x2);
  const xAdvance = field(0x4);
  return [xAdvance, xPlacement, yPlacement];
}

const classDefs = new WeakMap<RawLayoutTable, Map<number, Map<number, number> | null>>();

/** fontkit's getClassID over the class definition at `at` (0 for glyphs it omits); null when unreadable. */
function classOf(raw: RawLayoutTable, at: number, glyph: number): number | null {
  let byOffset = classDefs.get(raw);
  if (!byOffset) classDefs.set(raw, (byOffset = new Map()));
  let map = byOffset.get(at);
  if (map === undefined) {
    map = readClassDef(raw.view, at);
    byOffset.set(at, map);
  }
  return map === null ? null : (map.get(glyph) ?? 0);
}

function readClassDef(view: DataView, at: number): Map<number, number> | null {
  try {
    const format = view.getUint16(at);
    const map = new Map<number, number>();
    if (format === 1) {
      const start = view.getUint16(at + 2);
      const count = view.getUint16(at + 4);
      for (let i = 0; i < count; i++) map.set(start + i, view.getUint16(at + 6 + 2 * i));
      return map;
    }
    if (format !== 2) return null;
    const count = view.getUint16(at + 2);
    // Backwards, so the first range holding a glyph wins, as fontkit's search does.
    for (let r = count - 1; r >= 0; r--) {
      const start = view.getUint16(at + 4 + 6 * r);
      const end = view.getUint16(at + 6 + 6 * r);
      const cls = view.getUint16(at + 8 + 6 * r);
      for (let g = end; g >= start; g--) map.set(g, cls);
    }
    return map;
  } catch {
    return null;
  }
}
