import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph, SYNTHETIC_ITALIC_SKEW } from "../../src/text/paragraph.js";
import { measureText } from "../../src/text/measure.js";
import { collector, registry, runs, style } from "./helpers.js";

describe("font fallback and diagnostics", () => {
  it("Arabic inside an Inter paragraph comes from Noto Sans Arabic, the rest stays Inter", () => {
    const layout = layoutParagraph(registry, "Price: سعر", style({ family: "Inter" }), 300);
    const faces = runs(layout).map((r) => r.face);
    assert.deepEqual(faces, ["Inter-400", "Noto Sans Arabic-400"]);
    assert.ok(runs(layout).every((r) => r.glyphs.every((g) => g.id !== 0)));
  });

  it("fallback follows weight: bold Inter falls back to bold Noto Sans Arabic", () => {
    const layout = layoutParagraph(registry, "سعر", style({ weight: 700 }), 300);
    assert.equal(runs(layout)[0]!.face, "Noto Sans Arabic-700");
  });

  it("a character only Noto Sans has falls back to Noto Sans", () => {
    // U+0950 DEVANAGARI OM: not in Inter, in Noto Sans.
    const layout = layoutParagraph(registry, "a\u0950b", style(), 300);
    assert.deepEqual(
      runs(layout).map((r) => r.face),
      ["Inter-400", "Noto Sans-400", "Inter-400"],
    );
  });

  it("a character no font has keeps .notdef and is reported once per character", () => {
    const { list, report } = collector();
    const layout = layoutParagraph(registry, "a\u{1F600}b\u{1F600} \u{1F680}", style(), 300, report);
    const ids = runs(layout).flatMap((r) => r.glyphs.map((g) => g.id));
    assert.equal(ids.filter((id) => id === 0).length, 3);
    assert.deepEqual(
      list.map((d) => d.code),
      ["glyph.missing", "glyph.missing"],
    );
    assert.match(list[0]!.message, /U\+1F600/);
    assert.match(list[1]!.message, /U\+1F680/);
  });

  it("diagnostics are replayed when the layout comes from the cache", () => {
    const first = collector();
    layoutParagraph(registry, "x\u{1F600}", style(), 300, first.report);
    const second = collector();
    layoutParagraph(registry, "x\u{1F600}", style(), 300, second.report);
    assert.deepEqual(second.list, first.list);
    assert.equal(second.list.length, 1);
  });

  it("an unknown family falls back to the default family with font.missing", () => {
    const { list, report } = collector();
    const layout = layoutParagraph(registry, "Hi", style({ family: "Comic Sans" }), 300, report);
    assert.equal(runs(layout)[0]!.face, "Inter-400");
    assert.deepEqual(
      list.map((d) => d.code),
      ["font.missing"],
    );
    const none = collector();
    measureText(registry, "Hi", style({ family: "inter" }), none.report);
    assert.equal(none.list.length, 0);
  });

  it("bidi controls, soft hyphens and other invisible characters print nothing", () => {
    const { list, report } = collector();
    const layout = layoutParagraph(registry, "a\u200Eb\u00ADc\u200Bd\u0007", style(), 300, report);
    const glyphs = runs(layout).flatMap((r) => r.glyphs);
    // Inter maps U+200B to a zero-width glyph; the rest are dropped before shaping.
    assert.deepEqual(
      glyphs.filter((g) => g.advance > 0).map((g) => g.text),
      ["a", "b", "c", "d"],
    );
    assert.ok(glyphs.every((g) => g.id !== 0));
    assert.equal(list.length, 0);
  });

  it("synthetic italic: a family without italics gets a skewed upright face, glyphs unchanged", () => {
    const upright = runs(layoutParagraph(registry, "Oswald", style({ family: "Oswald" }), 300))[0]!;
    const slanted = runs(layoutParagraph(registry, "Oswald", style({ family: "Oswald", italic: true }), 300))[0]!;
    assert.equal(slanted.face, "Oswald-400");
    assert.equal(slanted.skew, SYNTHETIC_ITALIC_SKEW);
    assert.equal(upright.skew, undefined);
    assert.deepEqual(slanted.glyphs, upright.glyphs);
  });

  it("a real italic face is used as is; an upright right-to-left fallback inside it is never slanted", () => {
    const layout = layoutParagraph(registry, "Italic שלום", style({ italic: true }), 300);
    const [latin, hebrew] = [runs(layout)[0]!, runs(layout).find((r) => r.face.startsWith("Noto Sans Hebrew"))!];
    assert.equal(latin.face, "Inter-400-italic");
    assert.equal(latin.skew, undefined);
    // Slanting Hebrew or Arabic to the right reads wrong: synthetic oblique is for left-to-right runs only.
    assert.equal(hebrew.skew, undefined);
  });

  it("italic Arabic in a family without italics is not slanted, its Latin digits and words are", () => {
    const layout = layoutParagraph(registry, "فاتورة Invoice", style({ family: "Noto Sans Arabic", italic: true, direction: "rtl" }), 300);
    const arabic = runs(layout).filter((r) => /[\u0600-\u06ff]/.test(r.text));
    const latin = runs(layout).filter((r) => /Invoice/.test(r.text));
    assert.ok(arabic.length > 0 && latin.length > 0);
    assert.ok(arabic.every((r) => r.skew === undefined));
    assert.ok(latin.every((r) => r.skew === SYNTHETIC_ITALIC_SKEW), JSON.stringify(latin.map((r) => [r.face, r.skew])));
  });
});

describe("Inter in the fallback chain", () => {
  it("draws an arrow that the chosen family and Noto Sans lack (Oswald, like Lato, has no →)", () => {
    const arrow = 0x2192;
    assert.equal(registry.hasGlyph(registry.face("Oswald-400")!, arrow), false);
    assert.equal(registry.hasGlyph(registry.face("Noto Sans-400")!, arrow), false);
    const { list, report } = collector();
    const layout = layoutParagraph(registry, "a → b", style({ family: "Oswald" }), 300, report);
    assert.ok(runs(layout).some((r) => r.face === "Inter-400" && r.text.includes("→")));
    assert.equal(list.length, 0);
  });
});

describe("missing glyphs name the optional font pack that has them", () => {
  it("CJK and emoji: the pack and the command to install it; other scripts: no pack", () => {
    const { list, report } = collector();
    layoutParagraph(registry, "中 😀 ก", style(), 300, report);
    const byChar = (c: string) => list.find((d) => d.code === "glyph.missing" && d.message.includes(`'${c}'`))?.message ?? "";
    assert.match(byChar("中"), /CJK font pack \(`pnpm fonts --with cjk`/);
    assert.match(byChar("😀"), /emoji font pack \(`pnpm fonts --with emoji`/);
    assert.ok(byChar("ก").includes("blank box") && !byChar("ก").includes("pnpm fonts"), byChar("ก"));
  });
});
