import { describe, it } from "node:test";
import assert from "node:assert/strict";
import LineBreaker from "linebreak";
import { breakOpportunities } from "../../src/text/breaks.js";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { measureText } from "../../src/text/measure.js";
import { registry, runs, style } from "./helpers.js";

const lineTexts = (text: string, width: number, overrides = {}) =>
  layoutParagraph(registry, text, style(overrides), width).lines.map((l) => l.text);

describe("line breaking", () => {
  it("wraps greedily at spaces; every line fits the box", () => {
    const text = "The quick brown fox jumps over the lazy dog and keeps running far away";
    const layout = layoutParagraph(registry, text, style(), 90);
    assert.ok(layout.lines.length > 2);
    for (const line of layout.lines) assert.ok(line.width <= 90 + 1e-9, `${line.text}: ${line.width}`);
    assert.equal(layout.lines.map((l) => l.text).join(" "), text);
    // Greedy: the next line's first word would not have fitted on the line before.
    for (let i = 0; i + 1 < layout.lines.length; i++) {
      const next = layout.lines[i + 1]!.text.split(" ")[0]!;
      const widened = measureText(registry, `${layout.lines[i]!.text} ${next}`, style());
      assert.ok(widened > 90, `'${next}' would have fitted after '${layout.lines[i]!.text}'`);
    }
  });

  it("height is lines × lineHeight × size", () => {
    const layout = layoutParagraph(registry, "one two three four five six seven", style({ size: 10, lineHeight: 1.5 }), 40);
    assert.equal(layout.lineHeight, 15);
    assert.equal(layout.height, layout.lines.length * 15);
    layout.lines.forEach((line, i) => {
      assert.equal(line.top, i * 15);
      assert.equal(line.height, 15);
    });
  });

  it("breaks a word longer than the line between graphemes", () => {
    const word = "Pneumonoultramicroscopicsilicovolcanoconiosis";
    const layout = layoutParagraph(registry, word, style(), 50);
    assert.ok(layout.lines.length >= 4);
    assert.equal(layout.lines.map((l) => l.text).join(""), word);
    for (const line of layout.lines) assert.ok(line.width <= 50 + 1e-9);
  });

  it("a long word after short ones starts on its own line, and text continues after it", () => {
    const texts = lineTexts("ab Pneumonoultramicroscopic cd", 60);
    assert.equal(texts[0], "ab");
    assert.equal(texts.join("").replace(/ /g, ""), "abPneumonoultramicroscopiccd");
  });

  it("a box narrower than one letter still puts one grapheme per line", () => {
    assert.deepEqual(lineTexts("abc", 1), ["a", "b", "c"]);
    assert.deepEqual(lineTexts("e\u0301e\u0301", 1), ["e\u0301", "e\u0301"]);
  });

  it("\\n, \\r\\n and \\r force breaks; empty lines keep their height; a final newline adds none", () => {
    assert.deepEqual(lineTexts("a\nb\r\nc\rd", 1000), ["a", "b", "c", "d"]);
    const layout = layoutParagraph(registry, "a\n\nb\n", style(), 1000);
    assert.deepEqual(layout.lines.map((l) => l.text), ["a", "", "b"]);
    assert.equal(layout.height, 3 * 12);
    assert.equal(layout.lines[1]!.runs.length, 0);
  });

  it("empty text has no lines and no height", () => {
    const layout = layoutParagraph(registry, "", style(), 100);
    assert.equal(layout.lines.length, 0);
    assert.equal(layout.height, 0);
    assert.equal(layout.width, 0);
  });

  it("trailing spaces do not count toward the width and are not printed", () => {
    const plain = layoutParagraph(registry, "word", style(), 1000);
    const spaced = layoutParagraph(registry, "word    ", style(), 1000);
    assert.equal(spaced.width, plain.width);
    assert.equal(runs(spaced)[0]!.glyphs.length, 4);
    // A line that just fits without its trailing space still fits.
    const layout = layoutParagraph(registry, "word word", style(), plain.width);
    assert.deepEqual(layout.lines.map((l) => l.text), ["word", "word"]);
  });

  it("leading spaces are kept", () => {
    const layout = layoutParagraph(registry, "  word", style(), 1000);
    const plain = layoutParagraph(registry, "word", style(), 1000);
    assert.ok(layout.width > plain.width);
  });

  it("tabs print as one space", () => {
    assert.equal(measureText(registry, "a\tb", style()), measureText(registry, "a b", style()));
  });

  it("letter spacing counts while wrapping", () => {
    const text = "aaaa aaaa aaaa";
    const loose = layoutParagraph(registry, text, style({ letterSpacing: 3 }), 60);
    for (const line of loose.lines) assert.ok(line.width <= 60 + 1e-9);
    const tight = layoutParagraph(registry, text, style(), 60);
    assert.ok(loose.lines.length > tight.lines.length);
  });

  it("the ASCII fast path finds the same opportunities as UAX #14", () => {
    const samples = [
      "plain words here",
      "  leading and trailing  ",
      "numbers 1,234.56 and 7.5",
      "a .b , c",
      "x",
      "   ",
      "INV 2024 00020",
    ];
    for (const s of samples) {
      const expected: number[] = [];
      const breaker = new LineBreaker(s);
      for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) if (b.position > 0) expected.push(b.position);
      if (expected[expected.length - 1] !== s.length) expected.push(s.length);
      assert.deepEqual(breakOpportunities(s), expected, JSON.stringify(s));
    }
  });

  it("UAX #14: breaks after hyphens and slashes, not inside numbers", () => {
    const texts = lineTexts("state-of-the-art 1,234,567.89", 70);
    assert.ok(texts.some((t) => t.endsWith("-")), texts.join("|"));
    assert.ok(texts.includes("1,234,567.89"), texts.join("|"));
  });
});
