// Just enough of a GSUB/GPOS reader, over the font's bytes, to tell which glyphs a lookup can start at
// without fontkit decoding the lookup. fontkit decodes a lookup whole (every subtable, every anchor and
// class record): Inter's mark-positioning and contextual lookups take tens of milliseconds in a fresh
// process, and Latin text without marks never reaches most of them. The fast shaping path reads here
// where each subtable's first-position coverage is, and has fontkit decode a lookup only when one of the
// glyphs it meets is covered. Anything this reader does not know gives "unknown", which means "decode".

import type { Font } from "fontkit";
import { coverageIndexAt, type SortedTables } from "./raw-coverage.js";

/** The raw GSUB or GPOS table of a face. */
export interface RawLayoutTable {
  readonly view: DataView;
  readonly gpos: boolean;
  /** Absolute offset of the LookupList. */
  readonly lookupList: number;
  readonly lookupCount: number;
  /** Lookups as stored, by index, read on first use (null: unreadable). */
  readonly lookups: Map<number, RawLookup | null>;
  /** Which coverage and class definition tables are sorted, by offset (raw-coverage.ts). */
  readonly sorted: SortedTables;
}

/** A lookup's header as stored: its type and flags, and per subtable the absolute offset of its first-position coverage (-1: unknown). */
export interface RawLookup {
  readonly type: number;
  readonly flag: number;
  /** The subtables' lookup types (extension subtables unwrapped). */
  readonly types: readonly number[];
  readonly firstCoverages: readonly number[];
  /** The subtables' absolute offsets (extension subtables unwrapped) and their formats. */
  readonly subtables: readonly number[];
  readonly formats: readonly number[];
}

interface FontBytes {
  readonly type?: string;
  readonly stream?: { readonly buffer?: Uint8Array };
  readonly directory?: { readonly tables?: Record<string, { readonly offset: number; readonly length: number } | undefined> };
}

/** The face's raw GSUB or GPOS, or null when it has none or is not a plain TrueType/OpenType file (WOFF tables are compressed). */
export function rawLayoutTable(font: Font, tag: "GSUB" | "GPOS"): RawLayoutTable | null {
  const f = font as unknown as FontBytes;
  const bytes = f.stream?.buffer;
  const table = f.directory?.tables?.[tag];
  if (f.type !== "TTF" || !(bytes instanceof Uint8Array) || !table || table.length < 10) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (table.offset + table.length > view.byteLength) return null;
  const lookupList = table.offset + view.getUint16(table.offset + 8);
  if (lookupList + 2 > view.byteLength) return null;
  return { view, gpos: tag === "GPOS", lookupList, lookupCount: view.getUint16(lookupList), lookups: new Map(), sorted: new Map() };
}

const rawTables = new WeakMap<Font, { GSUB: RawLayoutTable | null; GPOS: RawLayoutTable | null }>();

/** The raw GSUB and GPOS of a face, read once per face and shared (their coverage and lookup caches with them). */
export function rawTablesOf(font: Font): { GSUB: RawLayoutTable | null; GPOS: RawLayoutTable | null } {
  let tables = rawTables.get(font);
  if (!tables) {
    tables = { GSUB: rawLayoutTable(font, "GSUB"), GPOS: rawLayoutTable(font, "GPOS") };
    rawTables.set(font, tables);
  }
  return tables;
}

/** Lookup `index` as stored, or null when it is out of range or runs past the end of the file. */
export function rawLookup(raw: RawLayoutTable, index: number): RawLookup | null {
  let lookup = raw.lookups.get(index);
  if (lookup === undefined) {
    lookup = readLookup(raw, index);
    raw.lookups.set(index, lookup);
  }
  return lookup;
}

function readLookup(raw: RawLayoutTable, index: number): RawLookup | null {
  const { view } = raw;
  try {
    if (index >= raw.lookupCount) return null;
    const at = raw.lookupList + view.getUint16(raw.lookupList + 2 + 2 * index);
    const type = view.getUint16(at);
    const flag = view.getUint16(at + 2);
    const count = view.getUint16(at + 4);
    const types: number[] = [];
    const firstCoverages: number[] = [];
    const subtables: number[] = [];
    const formats: number[] = [];
    for (let k = 0; k < count; k++) {
      let sub = at + view.getUint16(at + 6 + 2 * k);
      let subType = type;
      if ((raw.gpos && type === 9) || (!raw.gpos && type === 7)) {
        subType = view.getUint16(sub + 2);
        sub += view.getUint32(sub + 4);
      }
      types.push(subType);
      firstCoverages.push(firstCoverage(view, sub, subType, raw.gpos));
      subtables.push(sub);
      formats.push(view.getUint16(sub));
    }
    return { type, flag, types, firstCoverages, subtables, formats };
  } catch {
    return null; // a RangeError: offsets past the end of the file
  }
}

// Where fast-shape.ts's firstCoverage finds the coverage in fontkit's decoded subtable, here in the bytes.
function firstCoverage(view: DataView, sub: number, type: number, gpos: boolean): number {
  const format = view.getUint16(sub);
  let relative: number;
  if (gpos && type >= 1 && type <= 6) relative = view.getUint16(sub + 2); // coverage, markCoverage, mark1Coverage
  else {
    const context = gpos ? (type === 7 ? 5 : type === 8 ? 6 : -1) : type;
    if (context === 5 && format === 3) {
      if (view.getUint16(sub + 2) === 0) return -1;
      relative = view.getUint16(sub + 6);
    } else if (context === 6 && format === 3) {
      const backtrack = view.getUint16(sub + 2);
      if (view.getUint16(sub + 4 + 2 * backtrack) === 0) return -1;
      relative = view.getUint16(sub + 6 + 2 * backtrack);
    } else if ((context >= 1 && context <= 6) || context === 8) relative = view.getUint16(sub + 2);
    else return -1;
  }
  return relative === 0 ? -1 : sub + relative;
}

/** Whether the coverage table at `offset` lists `glyph`; true when the table cannot be read (the caller then decodes). */
export function rawCoverageHas(raw: RawLayoutTable, offset: number, glyph: number): boolean {
  return offset < 0 || coverageIndexAt(raw.view, offset, glyph, raw.sorted) !== -1;
}
