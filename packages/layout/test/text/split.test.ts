import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { placeParagraph, sliceParagraph, splitParagraph } from "../../src/text/split.js";
import { measureText, minContentWidth } from "../../src/text/measure.js";
import { registry, style } from "./helpers.js";

const text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
const layout = layoutParagraph(registry, text, style({ size: 10, lineHeight: 1.2 }), 60);

describe("splitting paragraphs between lines", () => {
  it("fit holds the lines whose bottom is within the height, rest the others from top 0", () => {
    assert.ok(layout.lines.length >= 5);
    const { fit, rest } = splitParagraph(layout, 30); // 12 pt lines: two fit
    assert.equal(fit.lines.length, 2);
    assert.equal(fit.height, 24);
    assert.ok(rest);
    assert.equal(rest.lines.length, layout.lines.length - 2);
    assert.equal(rest.lines[0]!.top, 0);
    assert.equal(rest.lines[0]!.baseline, layout.lines[2]!.baseline - 24);
    assert.equal(rest.lines[0]!.runs[0]!.y, rest.lines[0]!.baseline);
    assert.equal(rest.height, layout.height - 24);
    assert.deepEqual(
      [...fit.lines, ...rest.lines].map((l) => l.text),
      layout.lines.map((l) => l.text),
    );
  });

  it("a line ending exactly at the limit fits", () => {
    assert.equal(splitParagraph(layout, 36).fit.lines.length, 3);
  });

  it("everything fits: the same layout and no rest", () => {
    const { fit, rest } = splitParagraph(layout, 10_000);
    assert.equal(fit, layout);
    assert.equal(rest, undefined);
  });

  it("nothing fits: an empty fit and the whole paragraph as rest", () => {
    const { fit, rest } = splitParagraph(layout, 5);
    assert.equal(fit.lines.length, 0);
    assert.equal(fit.height, 0);
    assert.equal(rest?.lines.length, layout.lines.length);
  });

  it("a rest can be split again (pagination over several pages)", () => {
    let remaining = layout;
    const pages: number[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const { fit, rest } = splitParagraph(remaining, 25);
      pages.push(fit.lines.length);
      if (!rest) break;
      remaining = rest;
    }
    assert.equal(pages.reduce((a, b) => a + b, 0), layout.lines.length);
    assert.ok(pages.every((n) => n === 2 || n === pages[pages.length - 1]));
  });

  it("sliceParagraph keeps widths per slice", () => {
    const slice = sliceParagraph(layout, 1, 3);
    assert.equal(slice.lines.length, 2);
    assert.equal(slice.width, Math.max(layout.lines[1]!.width, layout.lines[2]!.width));
  });

  it("placeParagraph moves runs into page coordinates", () => {
    const placed = placeParagraph(layout, 100, 200);
    const original = layout.lines.flatMap((l) => l.runs);
    assert.equal(placed.length, original.length);
    placed.forEach((run, i) => {
      assert.equal(run.x, original[i]!.x + 100);
      assert.equal(run.y, original[i]!.y + 200);
      assert.equal(run.glyphs, original[i]!.glyphs, "glyph arrays are shared, not copied");
    });
  });
});

describe("measuring", () => {
  it("measureText is the single-line width", () => {
    const s = style({ size: 9 });
    const single = layoutParagraph(registry, "Invoice total 1,234.56", s, Infinity);
    assert.equal(single.lines.length, 1);
    assert.ok(Math.abs(measureText(registry, "Invoice total 1,234.56", s) - single.width) < 1e-9);
  });

  it("measureText takes the widest hard line and ignores trailing spaces and the last letter spacing", () => {
    const s = style({ letterSpacing: 1 });
    const a = measureText(registry, "short", s);
    const b = measureText(registry, "much longer line", s);
    assert.equal(measureText(registry, "short\nmuch longer line", s), b);
    assert.equal(measureText(registry, "short   ", s), a);
    assert.ok(Math.abs(a - (measureText(registry, "short", style()) + 4)) < 1e-9);
  });

  it("a box exactly as wide as measureText keeps the text on one line", () => {
    const s = style({ size: 11, letterSpacing: 0.3 });
    const t = "Quarterly report — final figures";
    const w = measureText(registry, t, s);
    assert.equal(layoutParagraph(registry, t, s, w).lines.length, 1);
    assert.ok(layoutParagraph(registry, t, s, w - 0.5).lines.length > 1);
  });

  it("minContentWidth is the widest unbreakable word", () => {
    const s = style();
    assert.equal(minContentWidth(registry, "a extraordinary b", s), measureText(registry, "extraordinary", s));
  });

  it("empty text measures 0", () => {
    assert.equal(measureText(registry, "", style()), 0);
  });
});
