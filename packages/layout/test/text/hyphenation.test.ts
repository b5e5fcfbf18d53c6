import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { layoutRichParagraph } from "../../src/text/rich.js";
import { measureText } from "../../src/text/measure.js";
import { hyphenationLanguage, hyphenationPoints, resolveHyphens } from "../../src/text/hyphenate.js";
import type { RichParagraphStyle } from "../../src/text/rich-types.js";
import type { TextRunItem } from "../../src/frame/types.js";
import { registry, style } from "./helpers.js";

const SHY = "\u00ad";

/** What a line prints: its glyphs' source texts (a hyphen at a break prints "-"). */
const printed = (runs: readonly TextRunItem[]): string => runs.map((r) => r.glyphs.map((g) => g.text).join("")).join("");

describe("soft hyphens", () => {
  const word = `Rech${SHY}nungs${SHY}be${SHY}trag`;

  it("print nothing when the line does not break there", () => {
    const layout = layoutParagraph(registry, word, style(), 500);
    assert.equal(layout.lines.length, 1);
    assert.equal(printed(layout.lines[0]!.runs), "Rechnungsbetrag");
  });

  it("print a hyphen at the end of a line broken there, and the hyphen fits the box", () => {
    const width = measureText(registry, "Rechnungs-", style()) + 1;
    const layout = layoutParagraph(registry, word, style(), width);
    assert.deepEqual(layout.lines.map((l) => printed(l.runs)), ["Rechnungs-", "betrag"]);
    for (const line of layout.lines) assert.ok(line.width <= width + 1e-9, `${line.text}: ${line.width} > ${width}`);
    // The hyphen is a glyph of the line's face, after the letters.
    const glyphs = layout.lines[0]!.runs.flatMap((r) => r.glyphs);
    assert.equal(glyphs[glyphs.length - 1]!.text, "-");
  });

  it("break earlier when the hyphen would not fit after the syllable", () => {
    // Room for "Rechnungs" but not "Rechnungs-": the line breaks after "Rech-".
    const width = measureText(registry, "Rechnungs", style()) + 0.1;
    const layout = layoutParagraph(registry, word, style(), width);
    assert.equal(printed(layout.lines[0]!.runs), "Rech-");
  });

  it("are ignored with hyphens: none (no break, no hyphen)", () => {
    const width = measureText(registry, "Rechnungs-", style()) + 1;
    const layout = layoutParagraph(registry, word, style({ hyphens: "none" }), width);
    // Without break opportunities the word is cut between graphemes, never with a hyphen.
    assert.ok(layout.lines.every((l) => !printed(l.runs).endsWith("-")));
    assert.equal(layout.lines.map((l) => printed(l.runs)).join(""), "Rechnungsbetrag");
  });

  it("print a hyphen in rich paragraphs too", () => {
    const para: RichParagraphStyle = { lineHeight: 1.2, size: 10, letterSpacing: 0, align: "start", direction: "ltr" };
    const span = { weight: 400, italic: false, size: 10, color: "#000000" };
    const width = measureText(registry, "Rechnungs-", style()) + 1;
    const layout = layoutRichParagraph(registry, [{ text: word, style: span }], para, width);
    const texts = layout.lines.map((l) => l.items.filter((i): i is TextRunItem => i.kind === "text")).map(printed);
    assert.deepEqual(texts, ["Rechnungs-", "betrag"]);
  });
});

describe("automatic hyphenation", () => {
  it("finds the patterns' points, with two letters before and three after", () => {
    // The patterns give ty-po-graph-i-cal-ly; "-ly" leaves fewer than three letters after the break.
    assert.deepEqual(hyphenationPoints("typographically", "en-US"), [2, 4, 9, 10]);
  });

  it("maps locales to pattern sets", () => {
    assert.equal(hyphenationLanguage("de-DE"), "de");
    assert.equal(hyphenationLanguage("en-GB"), "en-gb");
    assert.equal(hyphenationLanguage("en_AU"), "en");
    assert.equal(hyphenationLanguage("ar-SA"), undefined);
    assert.equal(hyphenationLanguage("../../etc"), undefined);
    assert.deepEqual(hyphenationPoints("Rechnungsbetrag", "ar-SA"), []);
  });

  it("never hyphenates numbers or short words", () => {
    assert.deepEqual(hyphenationPoints("1234567890", "en-US"), []);
    assert.deepEqual(hyphenationPoints("king", "en-US"), []);
  });

  it("is on for justified text unless switched off", () => {
    assert.equal(resolveHyphens(undefined, true), "auto");
    assert.equal(resolveHyphens(undefined, false), "manual");
    assert.equal(resolveHyphens("none", true), "none");
  });

  it("cuts a word at the line end with a hyphen, by the paragraph's language", () => {
    const text = "Die Umsatzsteuer-Identifikationsnummer und der Rechnungsbetrag";
    const width = 90;
    const auto = layoutParagraph(registry, text, style({ hyphens: "auto", lang: "de-DE" }), width);
    const lines = auto.lines.map((l) => printed(l.runs));
    assert.ok(lines.some((l) => /\p{L}-$/u.test(l)), `no hyphenated line in ${JSON.stringify(lines)}`);
    for (const line of auto.lines) assert.ok(line.width <= width + 1e-9, `${line.text}: ${line.width}`);
    // Read back without the line-end hyphens, the words are whole.
    const joined = auto.lines.map((l) => printed(l.runs).replace(/(\p{Ll})-$/u, "$1")).join(" ").replace(/- /g, "-").replace(/(\p{Ll}) (\p{Ll})/gu, "$1$2");
    assert.ok(joined.includes("Rechnungsbetrag"), joined);
    // Every hyphenated head is a prefix the German patterns allow.
    for (const line of lines.slice(0, -1)) {
      const m = /(\p{L}+)-$/u.exec(line);
      if (!m || line.endsWith("Umsatzsteuer-")) continue;
      const word = text.split(/[ -]/).find((w) => w.startsWith(m[1]!) && w !== m[1]);
      assert.ok(word, `${m[1]} is not the head of a word`);
      assert.ok(hyphenationPoints(word!, "de-DE").includes(m[1]!.length), `${m[1]}- is not a German break of ${word}`);
    }
    // With manual hyphenation the same text never prints a hyphen at a line end it did not have.
    const manual = layoutParagraph(registry, text, style({ lang: "de-DE" }), width);
    const manualLines = manual.lines.map((l) => printed(l.runs));
    assert.ok(manualLines.every((l) => !/\p{Ll}-$/u.test(l) || l.endsWith("Umsatzsteuer-")), JSON.stringify(manualLines));
  });

  it("fills justified lines better than without it", () => {
    const text = "Internationalization considerations notwithstanding, typographically sophisticated documentation requires hyphenation.";
    const width = 120;
    const gaps = (hyphens: "auto" | "none") => {
      const layout = layoutParagraph(registry, text, style({ align: "justify", hyphens, lang: "en-US" }), width);
      // Natural width left unused on the non-final lines, summed.
      return layout.lines.slice(0, -1).reduce((sum, line) => sum + (width - measureText(registry, line.text, style())), 0);
    };
    assert.ok(gaps("auto") < gaps("none"), `auto ${gaps("auto")} none ${gaps("none")}`);
  });

  it("hyphenates an over-long word before cutting it between letters", () => {
    const width = measureText(registry, "typograph", style());
    const layout = layoutParagraph(registry, "typographically", style({ hyphens: "auto", lang: "en-US" }), width);
    const lines = layout.lines.map((l) => printed(l.runs));
    assert.ok(lines[0]!.endsWith("-"), JSON.stringify(lines));
    assert.equal(lines.join("").replace(/-/g, ""), "typographically");
  });
});
