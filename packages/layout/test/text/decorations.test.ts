import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { lineDecorations, paragraphDecorations } from "../../src/text/decorations.js";
import { registry, style } from "./helpers.js";

describe("text decorations", () => {
  const layout = layoutParagraph(registry, "Underlined words\nsecond", style({ size: 20, align: "center" }), 300);

  it("underline sits below the baseline, strike-through above it, both across the line's content", () => {
    const line = layout.lines[0]!;
    const [underline, strike] = lineDecorations(layout, line, { underline: true, strike: true });
    assert.ok(underline && strike);
    assert.equal(underline.kind, "underline");
    assert.ok(underline.y > line.baseline, "below the baseline (y down)");
    assert.ok(underline.y < line.top + line.height);
    assert.ok(strike.y < line.baseline && strike.y > line.top, "above the baseline");
    assert.ok(underline.thickness > 0.5 && underline.thickness < 3);
    assert.equal(underline.x1, line.x);
    assert.equal(underline.x2, line.x + line.width);
  });

  it("Inter's post table: underline position and thickness scale with the size", () => {
    const face = registry.face("Inter-400")!;
    const scale = 20 / face.font.unitsPerEm;
    const line = layout.lines[0]!;
    const [underline] = lineDecorations(layout, line, { underline: true });
    assert.ok(Math.abs(underline!.thickness - face.font.underlineThickness * scale) < 1e-9);
    assert.ok(Math.abs(underline!.y - (line.baseline - face.font.underlinePosition * scale + underline!.thickness / 2)) < 1e-9);
  });

  it("one stroke per line and kind; none when not asked or for empty lines", () => {
    assert.equal(paragraphDecorations(layout, { underline: true }).length, 2);
    assert.equal(paragraphDecorations(layout, { underline: true, strike: true }).length, 4);
    assert.equal(paragraphDecorations(layout, {}).length, 0);
    const blank = layoutParagraph(registry, "a\n\nb", style(), 100);
    assert.equal(paragraphDecorations(blank, { underline: true }).length, 2);
  });
});

describe("underlines skip descenders", () => {
  it("cut the stroke under g, p and y, with a clearance, and keep it whole under letters without descenders", () => {
    const plain = layoutParagraph(registry, "Hello world", style({ size: 20 }), 500);
    const whole = lineDecorations(plain, plain.lines[0]!, { underline: true });
    assert.equal(whole.length, 1);

    const layout = layoutParagraph(registry, "Happy typography", style({ size: 20 }), 500);
    const line = layout.lines[0]!;
    const pieces = lineDecorations(layout, line, { underline: true });
    assert.ok(pieces.length >= 3, `${pieces.length} pieces`);
    // The pieces are in order, inside the line, and never overlap.
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i]!;
      assert.ok(p.x1 >= line.x - 1e-9 && p.x2 <= line.x + line.width + 1e-9 && p.x2 > p.x1);
      if (i > 0) assert.ok(p.x1 > pieces[i - 1]!.x2);
    }
    // The first gap is under the first "p" of "Happy": after "Ha", before "Happy"'s end.
    const ha = layoutParagraph(registry, "Ha", style({ size: 20 }), 500).lines[0]!.width;
    const happ = layoutParagraph(registry, "Happ", style({ size: 20 }), 500).lines[0]!.width;
    assert.ok(pieces[0]!.x2 > line.x + ha * 0.8 && pieces[0]!.x2 < line.x + happ, `first piece ends at ${pieces[0]!.x2}`);
    // Strike-through is never cut.
    const strikes = lineDecorations(layout, line, { strike: true });
    assert.equal(strikes.length, 1);
  });
});
