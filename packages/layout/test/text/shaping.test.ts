import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph, resetTextCaches } from "../../src/text/paragraph.js";
import { shapeCacheStats, shapeCached } from "../../src/text/shape.js";
import { advance, cmapIds, registry, runs, style } from "./helpers.js";

const inter = registry.face("Inter-400")!;
const upm = inter.font.unitsPerEm;

describe("shaping", () => {
  beforeEach(() => resetTextCaches());

  it("kerning: 'AV' is narrower than 'A' + 'V' set apart", () => {
    const av = layoutParagraph(registry, "AV", style({ size: 100 }), 1000);
    const a = layoutParagraph(registry, "A", style({ size: 100 }), 1000);
    const v = layoutParagraph(registry, "V", style({ size: 100 }), 1000);
    assert.ok(av.width < a.width + v.width - 1, `AV ${av.width} vs A+V ${a.width + v.width}`);
    const [run] = runs(av);
    assert.ok(run);
    // The first glyph's advance carries the kerning pair; the second keeps its nominal width.
    assert.ok(run.glyphs[0]!.advance < a.width);
    assert.equal(run.glyphs[1]!.advance, v.width);
  });

  it("advances are points: font units × size / unitsPerEm", () => {
    const layout = layoutParagraph(registry, "H", style({ size: 12 }), 1000);
    const glyph = runs(layout)[0]!.glyphs[0]!;
    const units = inter.font.glyphForCodePoint(0x48).advanceWidth;
    assert.ok(Math.abs(glyph.advance - (units * 12) / upm) < 1e-9);
  });

  it("ligatures: 'ffi' is one glyph in Noto Sans (Inter has no default ligatures) and carries the text", () => {
    const layout = layoutParagraph(registry, "office", style({ family: "Noto Sans" }), 1000);
    const run = runs(layout)[0]!;
    assert.equal(run.face, "Noto Sans-400");
    assert.equal(run.glyphs.length, 4, "o + ffi + c + e");
    assert.deepEqual(
      run.glyphs.map((g) => g.text),
      ["o", "ffi", "c", "e"],
    );
    assert.equal(run.text, "office");
    const inInter = runs(layoutParagraph(registry, "office", style(), 1000))[0]!;
    assert.equal(inInter.glyphs.length, 6);
  });

  it("Arabic letters take contextual forms (glyph ids differ from the isolated forms)", () => {
    const layout = layoutParagraph(registry, "سلام", style({ family: "Noto Sans Arabic", direction: "rtl" }), 1000);
    const run = runs(layout)[0]!;
    const isolated = cmapIds("Noto Sans Arabic-400", "سلام");
    // Visual order: the last letter is leftmost. Seen initial, lam medial, alef final; meem after alef is isolated.
    const ids = run.glyphs.map((g) => g.id);
    assert.equal(ids.length, 4);
    const logical = [...ids].reverse();
    assert.notEqual(logical[0], isolated[0], "initial seen");
    assert.notEqual(logical[1], isolated[1], "medial lam");
    assert.notEqual(logical[2], isolated[2], "final alef");
    assert.equal(logical[3], isolated[3], "meem after alef stays isolated");
    assert.equal(run.text, "سلام");
  });

  it("combining marks: the base carries the cluster text, the mark none", () => {
    const layout = layoutParagraph(registry, "e\u0301x", style({ family: "Noto Sans" }), 1000);
    const texts = runs(layout).flatMap((r) => r.glyphs.map((g) => g.text));
    assert.equal(texts.join(""), "e\u0301x");
    assert.ok(texts[0] === "e\u0301" || texts[0] === "é", `first glyph text ${JSON.stringify(texts[0])}`);
  });

  it("cache: a word repeated across paragraphs is shaped once", () => {
    resetTextCaches();
    layoutParagraph(registry, "Widget Widget Widget", style(), 1000);
    layoutParagraph(registry, "Another Widget here", style(), 1000);
    layoutParagraph(registry, "Widget", style({ size: 20 }), 1000);
    const stats = shapeCacheStats();
    // Distinct strings: "Widget", " ", "Another", "here" — each shaped exactly once (by fontkit or the
    // fast path).
    assert.equal(stats.shapes + stats.fastShapes, 4);
    assert.ok(stats.hits >= 6, `hits ${stats.hits}`);
    const a = shapeCached(inter, "Widget", false);
    const b = shapeCached(inter, "Widget", false);
    assert.equal(a, b, "the same shaped object is returned");
    assert.equal(shapeCacheStats().shapes + shapeCacheStats().fastShapes, 4);
  });

  it("cache is bounded", () => {
    resetTextCaches();
    const limit = shapeCacheStats().limit;
    for (let i = 0; i < limit + 500; i++) shapeCached(inter, `w${i}`, false);
    assert.ok(shapeCacheStats().size <= limit);
  });

  it("a whole paragraph laid out again is served from the paragraph cache (same object)", () => {
    const first = layoutParagraph(registry, "Repeated label", style(), 100);
    const second = layoutParagraph(registry, "Repeated label", style(), 100);
    assert.equal(first, second);
    const other = layoutParagraph(registry, "Repeated label", style({ color: "#ff0000" }), 100);
    assert.notEqual(other, first);
    assert.equal(runs(other)[0]!.color, "#ff0000");
  });

  it("letter spacing goes after every glyph except the last of the line", () => {
    const plain = layoutParagraph(registry, "abc", style(), 1000);
    const spaced = layoutParagraph(registry, "abc", style({ letterSpacing: 2 }), 1000);
    assert.ok(Math.abs(spaced.width - (plain.width + 4)) < 1e-9);
    const run = runs(spaced)[0]!;
    assert.ok(Math.abs(advance(run) - spaced.width) < 1e-9);
  });

  it("Arabic is never letter-spaced (it would break the joins)", () => {
    const plain = layoutParagraph(registry, "سلام", style({ direction: "rtl" }), 1000);
    const spaced = layoutParagraph(registry, "سلام", style({ direction: "rtl", letterSpacing: 3 }), 1000);
    assert.ok(Math.abs(plain.width - spaced.width) < 1e-9);
  });
});
