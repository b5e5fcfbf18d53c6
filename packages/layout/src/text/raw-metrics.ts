// Glyph advances (hmtx) and glyph classes (GDEF) for the fast shaping path, read from the font's bytes. fontkit
// answers `glyph.advanceWidth` through its `_getMetrics`, which also works out the vertical metrics from the glyph's
// bounding box (decoding its outline from glyf) and decodes the whole OS/2 table: most of the cost of a face's
// first words in a fresh process, for a number the fast path never reads. The advance is fontkit's: the glyph's
// hmtx entry, or the last entry's advance past the end of the list. Variable fonts (fvar) are left to fontkit,
// which adds HVAR deltas to advances when an instance is selected.

import type { Font } from "fontkit";
import { classIdAt, type SortedTables } from "./raw-coverage.js";

/** Where a face's horizontal metrics and glyph class definition sit in its bytes. */
export interface RawMetrics {
  readonly view: DataView;
  readonly hmtx: number;
  readonly numberOfMetrics: number;
  /** Absolute offset of GDEF's glyph class definition, -1 for none. */
  readonly glyphClassDef: number;
  readonly sorted: SortedTables;
}

interface FontBytes {
  readonly type?: string;
  readonly stream?: { readonly buffer?: Uint8Array };
  readonly directory?: { readonly tables?: Record<string, { readonly offset: number; readonly length: number } | undefined> };
}

/** The face's raw metrics, or null when it is not a plain static TrueType/OpenType file this reader knows. */
export function rawMetricsOf(font: Font): RawMetrics | null {
  const f = font as unknown as FontBytes;
  const bytes = f.stream?.buffer;
  const tables = f.directory?.tables;
  if (f.type !== "TTF" || !(bytes instanceof Uint8Array) || !tables || tables.fvar) return null;
  const hhea = tables.hhea;
  const hmtx = tables.hmtx;
  if (!hhea || !hmtx || hhea.length < 36) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const numberOfMetrics = view.getUint16(hhea.offset + 34);
    if (numberOfMetrics === 0 || hmtx.offset + 4 * numberOfMetrics > view.byteLength) return null;
    let glyphClassDef = -1;
    const gdef = tables.GDEF;
    if (gdef) {
      const relative = view.getUint16(gdef.offset + 4);
      if (relative !== 0) {
        glyphClassDef = gdef.offset + relative;
        const format = view.getUint16(glyphClassDef);
        if (format !== 1 && format !== 2) return null; // fontkit fails on it: not for the fast path
      }
    }
    return { view, hmtx: hmtx.offset, numberOfMetrics, glyphClassDef, sorted: new Map() };
  } catch {
    return null;
  }
}

/** fontkit's advanceWidth of glyph `id` (static fonts). */
export function rawAdvance(metrics: RawMetrics, id: number): number {
  const entry = id < metrics.numberOfMetrics ? id : metrics.numberOfMetrics - 1;
  return metrics.view.getUint16(metrics.hmtx + 4 * entry);
}

/** GDEF's class of glyph `id` (0 when GDEF has no glyph class definition or does not list it; 0xffff when unreadable). */
export function rawGlyphClass(metrics: RawMetrics, id: number): number {
  if (metrics.glyphClassDef < 0) return 0;
  const cls = classIdAt(metrics.view, metrics.glyphClassDef, id, metrics.sorted);
  return cls < 0 ? 0xffff : cls;
}
