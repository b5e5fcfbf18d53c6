import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseFace } from "../../src/text/font-parse.js";
import { shapeWithFontkit } from "../../src/text/shape.js";
import type { FontFace } from "../../src/text/face.js";
import type { NumericStyle } from "../../src/text/types.js";
import { manifestFaces } from "../support/faces.js";
import { seededRandom } from "../support/random.js";

/** The regular face of every designer family, plus Inter's other styles. */
function allFaces(): FontFace[] {
  return manifestFaces()
    .filter((f) => f.index === 0 || f.family === "Inter")
    .map((f) => parseFace(f.family, f.weight, f.italic, f.bytes()));
}

const FIGURES: Record<NumericStyle, string[]> = { tabular: ["tnum", "lnum"], proportional: ["pnum"] };

/** fontkit's shaper as it is, every lookup of the features applied (no filter), in the form shape.ts reads. */
function unfiltered(face: FontFace, text: string, rtl: boolean, features: string[]) {
  let run;
  try {
    run = face.font.layout(text, features, undefined, undefined, rtl ? "rtl" : "ltr");
  } catch {
    return null; // shape.ts then draws nominal glyphs; the filtered call must have thrown too
  }
  return {
    ids: run.glyphs.map((g) => g.id),
    advances: run.positions.map((p) => p.xAdvance),
    offsetsX: run.positions.map((p) => p.xOffset),
    offsetsY: run.positions.map((p) => p.yOffset),
  };
}

function assertSameAsUnfiltered(face: FontFace, text: string, rtl: boolean, numeric?: NumericStyle): void {
  const filtered = shapeWithFontkit(face, text, rtl, text, numeric);
  const plain = unfiltered(face, text, rtl, numeric === undefined ? [] : FIGURES[numeric]);
  const where = `${face.key} ${numeric ?? ""} ${rtl ? "rtl" : "ltr"} ${JSON.stringify(text)}`;
  if (!plain) {
    const nominal = Array.from(face.font.glyphsForString(text), (g) => g.id);
    assert.deepEqual([...filtered.ids], rtl ? nominal.reverse() : nominal, `${where}: nominal glyphs`);
    return;
  }
  assert.deepEqual([...filtered.ids], plain.ids, `${where}: glyph ids`);
  assert.deepEqual([...filtered.advances], plain.advances, `${where}: advances`);
  assert.deepEqual([...filtered.offsetsX], plain.offsetsX, `${where}: x offsets`);
  assert.deepEqual([...filtered.offsetsY], plain.offsetsY, `${where}: y offsets`);
}

const LATIN = [
  "INV-2024-00020", "2024-05-02", "A-B", "1x2", "3x4", "a->b", "<=", "=>", "-->", "office", "affine", "fjord", "ffi",
  "Th", "ft", "(ABC)", "[HELLO]", "{X}", "“quoted”", "L'Oréal", "Zürich", "Ærø", "Łódź", "x²", "½", "1/2", "3⁄4",
  "e\u0301", "a\u0308\u0323", "n\u0303o", "Ꞵ", "ǅ", "12:30", "€1.234,56", "°C", "...", "!?", "A:B", "#1", "No.",
  "Ελληνικά", "Ϊ́", "Кириллица", "ё", "Հայերեն", "ქართული",
];
const RTL = ["שָׁלוֹם", "עִבְרִית (1-2)", "בְּרֵאשִׁית", "العربية", "مرحبا 123", "لا", "بِسْمِ", "(مثال)", "ـلـ"];

describe("fontkit with only the lookups a string can reach", () => {
  const faces = allFaces();

  it("gives exactly the glyphs and positions of fontkit applying every lookup, for every designer face", () => {
    const random = seededRandom(0x11fe);
    const alphabet = "AVWTYLPFKXaeiouvwyrfjtl0123456789.,:;-–—()[]/'\"“”‘’!?@#$%&*+=<>_ €£éüßøÆ\u0301\u0308fi";
    for (const face of faces) {
      const words = [...LATIN];
      for (let k = 0; k < 40; k++) {
        const length = 1 + Math.floor(random() * 9);
        let word = "";
        for (let c = 0; c < length; c++) word += alphabet[Math.floor(random() * alphabet.length)];
        words.push(word);
      }
      for (const word of words) assertSameAsUnfiltered(face, word, false);
      for (const word of words.slice(0, 20)) assertSameAsUnfiltered(face, word, false, "tabular");
      for (const word of RTL) assertSameAsUnfiltered(face, word, true);
    }
  });

  it("decodes a fraction of Inter's lookups for a string a contextual rule applies to", () => {
    const inter = manifestFaces().find((f) => f.family === "Inter" && f.index === 0)!;
    const face = parseFace(inter.family, inter.weight, inter.italic, inter.bytes());
    // fontkit's lookup lists are lazy arrays: `items` holds the lookups decoded so far.
    type Table = { lookupList: { length: number; items: unknown[] } };
    const tables = face.font as unknown as { GSUB: Table; GPOS: Table };
    const run = shapeWithFontkit(face, "INV-2024-00020", false);
    assert.equal(run.ids.length, 14);
    const decoded = (t: Table): number => t.lookupList.items.filter((x) => x != null).length;
    const all = tables.GSUB.lookupList.length + tables.GPOS.lookupList.length;
    // Without the filter fontkit decodes every lookup of Inter's default features (most of both tables).
    assert.ok(decoded(tables.GSUB) + decoded(tables.GPOS) < all / 4, `${decoded(tables.GSUB)} GSUB + ${decoded(tables.GPOS)} GPOS of ${all} lookups decoded`);
  });
});
