// Pair kerning (GPOS lookup type 2) read from the font's bytes, for the fast shaping path: fontkit decodes a
// pair lookup whole on first use (its coverage and class definitions as arrays of structs: ~20 ms for Inter's
// kern lookups in a fresh process), though a document meets a few hundred pairs. Values as fontkit's
// GPOSProcessor finds them: the first subtable whose coverage holds the first glyph and (format 1) lists the
// second decides; format 2 applies the class pair's record, class 0 for glyphs a class definition omits.

import { classIdAt, coverageIndexAt } from "./raw-coverage.js";
import type { RawLayoutTable } from "./raw-layout.js";

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
      const coverage = firstCoverages[k]!;
      if (coverage < 0) return false;
      const coverageFormat = raw.view.getUint16(coverage);
      return (format === 1 || format === 2) && (coverageFormat === 1 || coverageFormat === 2);
    });
  } catch {
    return false;
  }
}

/** The pair adjustment subtable `sub` (first-position coverage at `coverageAt`) gives to glyphs a, b. */
export function rawPairValues(raw: RawLayoutTable, sub: number, coverageAt: number, a: number, b: number): PairResult {
  const { view } = raw;
  try {
    // Coverage and class definitions answered from the bytes (raw-coverage.ts): Inter's kerning class
    // definitions hold thousands of glyphs, a document meets a few hundred pairs.
    const index = coverageIndexAt(view, coverageAt, a, raw.sorted);
    if (index === -1) return "next";
    if (index < 0) return "unknown";
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
    const classDef1 = view.getUint16(sub + 8);
    const classDef2 = view.getUint16(sub + 10);
    if (classDef1 === 0 || classDef2 === 0) return "unknown";
    const class1 = classIdAt(view, sub + classDef1, a, raw.sorted);
    const class2 = classIdAt(view, sub + classDef2, b, raw.sorted);
    const class1Count = view.getUint16(sub + 12);
    const class2Count = view.getUint16(sub + 14);
    if (class1 < 0 || class2 < 0 || class1 >= class1Count || class2 >= class2Count) return "unknown";
    const record = sub + 16 + (class1 * class2Count + class2) * (size1 + size2);
    return { first: value(view, record, format1), second: value(view, record + size1, format2) };
  } catch {
    return "unknown";
  }
}

// A ValueRecord holds one int16 per set bit of its format, in bit order: x placement (0x1), y placement (0x2),
// x advance (0x4), y advance (0x8), then four device offsets.
function valueSize(format: number): number {
  // Two bytes per set bit of the low byte (a popcount).
  let bits = format & 0xff;
  bits -= (bits >> 1) & 0x55;
  bits = (bits & 0x33) + ((bits >> 2) & 0x33);
  return ((bits + (bits >> 4)) & 0x0f) * 2;
}

function value(view: DataView, at: number, format: number): [number, number, number] {
  // Only x placement (0x1), y placement (0x2) and x advance (0x4) are read; they come first, in that order.
  let p = at;
  let xPlacement = 0;
  let yPlacement = 0;
  let xAdvance = 0;
  if (format & 0x1) {
    xPlacement = view.getInt16(p);
    p += 2;
  }
  if (format & 0x2) {
    yPlacement = view.getInt16(p);
    p += 2;
  }
  if (format & 0x4) xAdvance = view.getInt16(p);
  return [xAdvance, xPlacement, yPlacement];
}
