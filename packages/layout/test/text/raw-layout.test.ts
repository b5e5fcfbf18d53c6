import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseFace } from "../../src/text/font-parse.js";
import { rawCoverageHas, rawLayoutTable, rawLookup, type RawLookup } from "../../src/text/raw-layout.js";
import { manifestFaces } from "../support/faces.js";

type Coverage = { version: 1; glyphs: ArrayLike<number> } | { version: 2; rangeRecords: readonly { start: number; end: number }[] };
interface Sub {
  version?: number;
  lookupType?: number;
  extension?: Sub;
  coverage?: Coverage;
  markCoverage?: Coverage;
  mark1Coverage?: Coverage;
  coverages?: readonly Coverage[];
  inputCoverage?: readonly Coverage[];
}
interface Table {
  lookupList: { length: number; get(i: number): { lookupType: number; subTables: ArrayLike<Sub> } };
}

function glyphsOf(coverage: Coverage): number[] {
  if (coverage.version === 1) return Array.from(coverage.glyphs);
  return coverage.rangeRecords.flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, k) => r.start + k));
}

/** The coverage fontkit's decoded subtable is matched on first (as the fast path's firstCoverage reads it). */
function decodedFirst(sub: Sub, type: number, gpos: boolean): Coverage | undefined {
  if (gpos && (type === 4 || type === 5)) return sub.markCoverage;
  if (gpos && type === 6) return sub.mark1Coverage;
  const context = gpos ? (type === 7 ? 5 : type === 8 ? 6 : -type) : type;
  if (context === 5 && sub.version === 3) return sub.coverages?.[0];
  if (context === 6 && sub.version === 3) return sub.inputCoverage?.[0];
  return sub.coverage;
}

describe("raw GSUB/GPOS reader", () => {
  it("finds each subtable's type and first-position coverage as fontkit decodes them, in every designer family", () => {
    let subtables = 0;
    for (const f of manifestFaces().filter((face) => face.index === 0)) {
      const family = f.family;
      const font = parseFace(family, f.weight, f.italic, f.bytes()).font;
      for (const tag of ["GSUB", "GPOS"] as const) {
        const decoded = (font as unknown as Record<string, Table | undefined>)[tag];
        const raw = rawLayoutTable(font, tag);
        assert.equal(raw !== null, decoded !== undefined, `${family} ${tag}`);
        if (!raw || !decoded) continue;
        const gpos = tag === "GPOS";
        for (let i = 0; i < decoded.lookupList.length; i++) {
          const lookup = decoded.lookupList.get(i);
          const stored: RawLookup = rawLookup(raw, i)!;
          assert.equal(stored.type, lookup.lookupType, `${family} ${tag} lookup ${i}`);
          for (let k = 0; k < lookup.subTables.length; k++) {
            let sub = lookup.subTables[k]!;
            let type = lookup.lookupType;
            if ((gpos && type === 9) || (!gpos && type === 7)) {
              type = sub.lookupType ?? 0;
              sub = sub.extension!;
            }
            const where = `${family} ${tag} lookup ${i} subtable ${k}`;
            assert.equal(stored.types[k], type, where);
            const first = decodedFirst(sub, type, gpos);
            const offset = stored.firstCoverages[k]!;
            if (!first) continue; // the fast path never applies it; the reader may say "unknown" (decode)
            assert.ok(offset >= 0, `${where}: coverage found`);
            const expected = new Set(glyphsOf(first));
            for (let g = 0; g < font.numGlyphs; g++) assert.equal(rawCoverageHas(raw, offset, g), expected.has(g), `${where} glyph ${g}`);
            subtables++;
          }
        }
      }
    }
    assert.ok(subtables > 100, `${subtables} subtables compared`);
  });
});
