import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseFace } from "../../src/text/font-parse.js";
import { fastShape } from "../../src/text/fast-shape.js";
import { shapeWithFontkit } from "../../src/text/shape.js";
import type { FontFace } from "../../src/text/face.js";
import type { NumericStyle } from "../../src/text/types.js";
import { registry } from "./helpers.js";
import { manifestFaces } from "../support/faces.js";
import { seededRandom } from "../support/random.js";

/** The regular face of every designer family from fonts/fonts.json, plus Inter's other styles. */
function allFaces(): FontFace[] {
  return manifestFaces()
    .filter((f) => f.index === 0 || f.family === "Inter")
    .map((f) => parseFace(f.family, f.weight, f.italic, f.bytes()));
}

/** The figure features the shaper passes per numeric style (shape.ts). */
const FIGURES: Record<NumericStyle, string[]> = { tabular: ["tnum", "lnum"], proportional: ["pnum"] };

/** Shapes `word` on the fast path; when taken, asserts fontkit gives the same glyphs and positions. */
function takesFastPathLikeFontkit(face: FontFace, word: string, numeric?: NumericStyle): boolean {
  const fast = fastShape(face, word, numeric === undefined ? undefined : FIGURES[numeric]);
  if (!fast) return false;
  const run = shapeWithFontkit(face, word, false, word, numeric);
  const where = `${face.key} ${numeric ?? ""} ${JSON.stringify(word)}`;
  assert.deepEqual([...fast.ids], [...run.ids], `${where}: glyph ids`);
  assert.deepEqual([...fast.advances], [...run.advances], `${where}: advances`);
  assert.deepEqual([...fast.offsetsX], [...run.offsetsX], `${where}: x offsets`);
  assert.deepEqual([...fast.offsetsY], [...run.offsetsY], `${where}: y offsets`);
  return true;
}

const WORDS = [
  "Invoice", "INVOICE", "Total", "Subtotal", "VAT", "Qty", "Amount", "Description", "Payment", "terms",
  "Northwind", "Components", "GmbH", "Lindenstrasse", "Berlin", "Germany", "billing@northwind.example",
  "AVATAR", "WAVE", "Type", "Tea", "Yo", "LT", "P.O.", "office", "affine", "fjord", "Th", "ft", "ff", "fi", "fl",
  "1", "12", "123", "1,234.56", "-42.00", "(1,234.56)", "10%", "€1.234,56", "$99.99", "£5", "¥100", "#1", "No.",
  "12:30", "1x2", "3x4", "a->b", "<-", "<=", ">=", "=>", "(ABC)", "[HELLO]", "{X}", "A-B", "A–B", "A—B", "--",
  "“quoted”", "‘single’", "it's", "L'Oréal", "Zürich", "Ærø", "São", "Łódź", "Škoda", "ÿ", "ŉ", "ǅ",
  "https://example.com/path?q=1", "a/b", "TEL:", "+49 30 1234567", "2024-05-02", "05/02/2024", "§3", "©", "®", "™",
  "…", "•", "·", "x²", "½", "¼", "°C", "µm", "×", "÷", "±", "¬", "ª", "º", "!?", "?!", "...", ":-)", "A:B", "a:b",
  "Ta.", "Te,", "V.", "W,", "AV", "VA", "To", "Tr", "Ty", "Yu", "F.", "P,", "r.", "y,", "LY", "L’", "'A'", "\"A\"",
];

describe("fast shaping path", () => {
  const faces = allFaces();

  it("gives exactly fontkit's glyphs and positions whenever it is taken, for every designer face", () => {
    let taken = 0;
    let total = 0;
    for (const face of faces) {
      for (const word of WORDS) {
        total++;
        if (takesFastPathLikeFontkit(face, word)) taken++;
      }
    }
    // Most strings take the fast path; the rest (ligatures, contextual alternates) go to fontkit.
    assert.ok(taken / total > 0.6, `fast path taken for ${taken}/${total}`);
  });

  it("agrees with fontkit on random strings of Latin letters, digits and punctuation", () => {
    const random = seededRandom(0x5eed);
    const alphabet = "AVWTYLPFKXaeiouvwyrfjtl0123456789.,:;-–—()[]/'\"“”‘’!?@#$%&*+=<>_ €£éüßøÆ";
    let taken = 0;
    let total = 0;
    for (const face of faces) {
      for (let k = 0; k < 120; k++) {
        const length = 1 + Math.floor(random() * 7);
        let word = "";
        for (let c = 0; c < length; c++) word += alphabet[Math.floor(random() * alphabet.length)];
        total++;
        if (takesFastPathLikeFontkit(face, word)) taken++;
      }
    }
    assert.ok(taken > total / 3, `fast path taken for ${taken}/${total}`);
  });

  it("gives fontkit's glyphs and positions with tabular and proportional figures, for every designer face", () => {
    const random = seededRandom(0xf16);
    const alphabet = "0123456789.,:-–()/%€$ +AVTaxo";
    let taken = 0;
    let total = 0;
    for (const face of faces) {
      const words = [...WORDS];
      for (let k = 0; k < 60; k++) {
        const length = 1 + Math.floor(random() * 9);
        let word = "";
        for (let c = 0; c < length; c++) word += alphabet[Math.floor(random() * alphabet.length)];
        words.push(word);
      }
      for (const numeric of ["tabular", "proportional"] as const) {
        for (const word of words) {
          total++;
          if (takesFastPathLikeFontkit(face, word, numeric)) taken++;
        }
      }
    }
    assert.ok(taken / total > 0.5, `fast path taken for ${taken}/${total}`);
  });

  it("substitutes Inter's tabular figures on the fast path", () => {
    const inter = registry.face("Inter-400")!;
    for (const s of ["1,234.56", "€1,110.00", "19%", "2026-11-21".slice(0, 4)]) {
      const fast = fastShape(inter, s, FIGURES.tabular);
      assert.ok(fast, s);
      const plain = fastShape(inter, s)!;
      // tnum maps Inter's proportional digits to other glyphs of one width.
      assert.notDeepEqual([...fast.ids], [...plain.ids], s);
    }
    const ones = fastShape(inter, "1111", FIGURES.tabular)!;
    const eights = fastShape(inter, "8888", FIGURES.tabular)!;
    assert.deepEqual([...ones.advances], [...eights.advances]);
  });

  it("is taken for ordinary words and numbers in Inter", () => {
    const inter = registry.face("Inter-400")!;
    for (const s of ["Invoice", "1,234.56", "Northwind", "billing@northwind.example", "AVATAR", "€99.00"]) {
      assert.ok(fastShape(inter, s), s);
    }
  });

  it("applies contextual single substitutions as fontkit does (Inter's calt)", () => {
    const inter = registry.face("Inter-400")!;
    // 'x' between digits becomes a multiplication sign, parentheses around capitals and a hyphen between
    // digits or capitals move up: context rules calling single substitutions, run on the fast path.
    for (const s of ["1x2", "(ABC)", "2024-05-02", "INV-2024-00020", "A-B", "[HELLO]", "(1,234.56)", "3x4 1x2"]) {
      assert.ok(takesFastPathLikeFontkit(inter, s), s);
      assert.notDeepEqual([...fastShape(inter, s)!.ids], [...inter.font.glyphsForString(s)].map((g) => g.id), `${s}: substituted`);
    }
    // With figure features too: their single substitutions run among the calt lookups in lookup-index order.
    for (const s of ["24-", "2024-05-02", "INV-2024-00020", "(12)"]) assert.ok(takesFastPathLikeFontkit(inter, s, "tabular"), s);
  });

  it("refuses strings a substitution applies to, leaving them to fontkit", () => {
    const inter = registry.face("Inter-400")!;
    const noto = registry.face("Noto Sans-400")!;
    // Inter (calt): '->' becomes an arrow (a ligature). Noto Sans: 'ffi' is a ligature.
    assert.equal(fastShape(inter, "a->b"), undefined);
    assert.equal(fastShape(inter, "a->1", FIGURES.tabular), undefined);
    assert.equal(fastShape(noto, "office"), undefined);
    // Other scripts, marks and right-to-left text always go to fontkit.
    assert.equal(fastShape(inter, "Αθήνα"), undefined);
    assert.equal(fastShape(inter, "e\u0301"), undefined);
    assert.equal(fastShape(noto, "1\u20442"), undefined);
  });
});
