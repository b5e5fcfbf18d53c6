import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readPostHeader, readTrueType, subsetTrueType } from "../../src/paint/truetype.js";
import { parseFont } from "../support/faces.js";
import { repoRoot } from "../support/paths.js";

interface FontsJson {
  families: Record<string, { faces: { file: string }[] }>;
}

const catalogue = JSON.parse(readFileSync(join(repoRoot, "fonts/fonts.json"), "utf8")) as FontsJson;
const files = Object.values(catalogue.families).flatMap((family) => family.faces.map((face) => face.file));
const SAMPLE = "Invoice Ää Öö Üü é è ç ñ ﬁ fi ffl Ǻ ẞ 0123456789 €$% Ωλ Жж שלום مرحبا ऄआ";

describe("TrueType subsetter", () => {
  it(`keeps outlines and advances of every used glyph in all ${files.length} designer faces`, () => {
    for (const file of files) {
      const bytes = readFileSync(join(repoRoot, "fonts", file));
      const font = parseFont(bytes);
      const glyphs = [...new Set(font.layout(SAMPLE).glyphs.map((g) => g.id))].filter((id) => id !== 0).sort((a, b) => a - b);
      const tables = readTrueType(bytes);
      assert.ok(tables, `${file} is a static TrueType font`);
      const program = subsetTrueType(tables, glyphs);
      const subset = parseFont(program);
      assert.ok(subset.numGlyphs >= glyphs.length + 1, file);
      assert.ok(program.length < bytes.length / 3, `${file}: ${program.length} of ${bytes.length} B`);
      glyphs.forEach((id, index) => {
        const original = font.getGlyph(id);
        const copy = subset.getGlyph(index + 1);
        assert.equal(copy.advanceWidth, original.advanceWidth, `${file} glyph ${id} advance`);
        assert.equal(copy.path.toSVG(), original.path.toSVG(), `${file} glyph ${id} outline`);
      });
      assert.equal(subset.getGlyph(0).path.toSVG(), font.getGlyph(0).path.toSVG(), `${file} .notdef`);
    }
  });

  it("reads the italic angle and fixed pitch from the post table as fontkit decodes them, in every designer face", () => {
    let italic = 0;
    let fixed = 0;
    for (const file of files) {
      const bytes = readFileSync(join(repoRoot, "fonts", file));
      const post = (parseFont(bytes) as unknown as { post: { italicAngle: number; isFixedPitch: number } }).post;
      assert.deepEqual(readPostHeader(readTrueType(bytes)!), { italicAngle: post.italicAngle, isFixedPitch: post.isFixedPitch }, file);
      if (post.italicAngle !== 0) italic++;
      if (post.isFixedPitch) fixed++;
    }
    assert.ok(italic > 10 && fixed > 0, `${italic} italic, ${fixed} fixed-pitch faces`);
  });

  it("renumbers composite glyph components into the subset", () => {
    const bytes = readFileSync(join(repoRoot, "fonts/Inter/Inter-Regular.ttf"));
    const font = parseFont(bytes);
    const composite = [..."ÄÖÜéèçñǺ"].map((c) => font.glyphForCodePoint(c.codePointAt(0)!)).find((g) => isComposite(bytes, g.id));
    assert.ok(composite, "Inter has a composite accented glyph");
    const before = Buffer.from(bytes);
    const subset = parseFont(subsetTrueType(readTrueType(bytes)!, [composite.id]));
    assert.deepEqual(bytes, before, "the font's own bytes are never written to");
    assert.ok(subset.numGlyphs > 2, "components were added");
    assert.equal(subset.getGlyph(1).path.toSVG(), composite.path.toSVG());
  });

  it("declines what it does not handle (fontkit subsets those)", () => {
    assert.equal(readTrueType(new Uint8Array([0x4f, 0x54, 0x54, 0x4f, 0, 0, 0, 0, 0, 0, 0, 0])), undefined, "CFF (OTTO)");
    assert.equal(readTrueType(new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0, 0, 0, 0, 0, 0, 0, 0])), undefined, "WOFF2");
    assert.equal(readTrueType(new Uint8Array(4)), undefined, "too short");
    const bytes = new Uint8Array(readFileSync(join(repoRoot, "fonts/Lato/Lato-Regular.ttf")));
    const truncated = bytes.subarray(0, 2000);
    assert.equal(readTrueType(truncated), undefined, "tables beyond the end");
  });
});

/** True when the glyph's glyf entry has a negative contour count. */
function isComposite(bytes: Buffer, glyph: number): boolean {
  const tables = readTrueType(bytes)!;
  const loca = tables.tables.get("loca")!.offset;
  const start = tables.longLoca ? tables.view.getUint32(loca + glyph * 4) : tables.view.getUint16(loca + glyph * 2) * 2;
  const end = tables.longLoca ? tables.view.getUint32(loca + glyph * 4 + 4) : tables.view.getUint16(loca + glyph * 2 + 2) * 2;
  return end > start && tables.view.getInt16(tables.tables.get("glyf")!.offset + start) < 0;
}
