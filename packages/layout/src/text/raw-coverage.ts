// Coverage and class definition tables answered straight from the font's bytes, one glyph at a time. Building a
// Map per table (or having fontkit decode it into arrays of structs) costs more in a fresh process than the few
// hundred questions a document asks: Inter's contextual lookups hold coverages of hundreds of glyphs each.
// A table whose entries are in strictly ascending order (all of them in practice) is binary-searched; any other
// is scanned as fontkit scans it, so the answer is fontkit's either way (its first match).

/** Whether the coverage or class definition at an offset is sorted (binary search gives fontkit's answer), by offset. */
export type SortedTables = Map<number, boolean>;

/** The coverage index fontkit's coverageIndex gives `glyph` in the coverage table at `at`; -1 when not covered; -2 when the table cannot be read. */
export function coverageIndexAt(view: DataView, at: number, glyph: number, sorted: SortedTables): number {
  try {
    const format = view.getUint16(at);
    const count = view.getUint16(at + 2);
    if (format === 1) {
      if (isSorted(view, at, 1, count, sorted)) {
        let lo = 0;
        let hi = count - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const g = view.getUint16(at + 4 + 2 * mid);
          if (g === glyph) return mid;
          if (g < glyph) lo = mid + 1;
          else hi = mid - 1;
        }
        return -1;
      }
      for (let i = 0; i < count; i++) if (view.getUint16(at + 4 + 2 * i) === glyph) return i;
      return -1;
    }
    if (format !== 2) return -2;
    const r = rangeAt(view, at + 4, count, glyph, isSorted(view, at, 2, count, sorted));
    return r < 0 ? -1 : view.getUint16(r + 4) + glyph - view.getUint16(r);
  } catch {
    return -2;
  }
}

/** fontkit's getClassID over the class definition at `at` (0 for glyphs it omits); -1 when it cannot be read. */
export function classIdAt(view: DataView, at: number, glyph: number, sorted: SortedTables): number {
  try {
    const format = view.getUint16(at);
    if (format === 1) {
      const i = glyph - view.getUint16(at + 2);
      return i >= 0 && i < view.getUint16(at + 4) ? view.getUint16(at + 6 + 2 * i) : 0;
    }
    if (format !== 2) return -1;
    const count = view.getUint16(at + 2);
    const r = rangeAt(view, at + 4, count, glyph, isSorted(view, at, 2, count, sorted));
    return r < 0 ? 0 : view.getUint16(r + 4);
  } catch {
    return -1;
  }
}

/**
 * The lowest and highest glyph the coverage table at `at` can hold, as [lo, hi]: its first and last entries when
 * sorted, [0, 0xffff] when not or unreadable (no glyph ruled out); [1, 0] for an empty table.
 */
export function coverageBounds(view: DataView, at: number, sorted: SortedTables): readonly [number, number] {
  try {
    const format = view.getUint16(at);
    const count = view.getUint16(at + 2);
    if ((format !== 1 && format !== 2) || !isSorted(view, at, format, count, sorted)) return ANY;
    if (count === 0) return NONE;
    if (format === 1) return [view.getUint16(at + 4), view.getUint16(at + 4 + 2 * (count - 1))];
    return [view.getUint16(at + 4), view.getUint16(at + 6 + 6 * (count - 1))];
  } catch {
    return ANY;
  }
}

const ANY: readonly [number, number] = [0, 0xffff];
const NONE: readonly [number, number] = [1, 0];

// The offset of the first 6-byte (start, end, value) record holding `glyph`, or -1.
function rangeAt(view: DataView, records: number, count: number, glyph: number, sorted: boolean): number {
  if (sorted) {
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = records + 6 * mid;
      if (glyph < view.getUint16(r)) hi = mid - 1;
      else if (glyph > view.getUint16(r + 2)) lo = mid + 1;
      else return r;
    }
    return -1;
  }
  for (let k = 0; k < count; k++) {
    const r = records + 6 * k;
    if (view.getUint16(r) <= glyph && glyph <= view.getUint16(r + 2)) return r;
  }
  return -1;
}

// Format 1 coverages: glyphs strictly ascending. Ranges (format 2 coverages and class definitions): each
// start ≤ end, each start after the previous end. Checked once per table.
function isSorted(view: DataView, at: number, format: number, count: number, sorted: SortedTables): boolean {
  let known = sorted.get(at);
  if (known === undefined) {
    known = true;
    let previous = -1;
    for (let k = 0; k < count && known; k++) {
      if (format === 1) {
        const g = view.getUint16(at + 4 + 2 * k);
        known = g > previous;
        previous = g;
      } else {
        const start = view.getUint16(at + 4 + 6 * k);
        const end = view.getUint16(at + 6 + 6 * k);
        known = start > previous && end >= start;
        previous = end;
      }
    }
    sorted.set(at, known);
  }
  return known;
}
