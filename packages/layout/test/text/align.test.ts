import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { faceMetrics } from "../../src/text/metrics.js";
import { advance, registry, style } from "./helpers.js";

const close = (a: number, b: number, msg?: string) => assert.ok(Math.abs(a - b) < 1e-6, msg ?? `${a} ≈ ${b}`);

describe("alignment and line boxes", () => {
  const W = 200;
  const natural = layoutParagraph(registry, "Hello", style(), W).lines[0]!.width;
  const xOf = (align: "left" | "center" | "right" | "start" | "end", direction: "ltr" | "rtl" = "ltr") =>
    layoutParagraph(registry, "Hello", style({ align, direction }), W).lines[0]!.x;

  it("left, center and right offsets", () => {
    close(xOf("left"), 0);
    close(xOf("center"), (W - natural) / 2);
    close(xOf("right"), W - natural);
  });

  it("start/end are left/right in LTR and right/left in RTL", () => {
    close(xOf("start"), 0);
    close(xOf("end"), W - natural);
    close(xOf("start", "rtl"), W - natural);
    close(xOf("end", "rtl"), 0);
  });

  it("runs start at the line's x", () => {
    const layout = layoutParagraph(registry, "Hello", style({ align: "right" }), W);
    const line = layout.lines[0]!;
    close(line.runs[0]!.x, line.x);
    close(advance(line.runs[0]!), line.width);
  });

  it("justify: every line but the last fills the box exactly by widening spaces", () => {
    const text = "Justified text stretches the spaces between words so that both edges line up neatly";
    const layout = layoutParagraph(registry, text, style({ align: "justify" }), 150);
    assert.ok(layout.lines.length >= 3);
    const last = layout.lines[layout.lines.length - 1]!;
    for (const line of layout.lines.slice(0, -1)) {
      close(line.width, 150);
      const run = line.runs[line.runs.length - 1]!;
      close(run.x + advance(run), 150, `${line.text} ends at the right edge`);
      close(line.x, 0);
    }
    assert.ok(last.width < 150);
    close(last.x, 0);
    // Letters keep their advances: only spaces grow.
    const plain = layoutParagraph(registry, text, style(), 150);
    const letters = (l: typeof layout) => l.lines[0]!.runs.flatMap((r) => r.glyphs.filter((g) => g.text !== " ").map((g) => g.advance));
    assert.deepEqual(letters(layout), letters(plain));
  });

  it("justify: a line ended by a hard break is start-aligned, in RTL on the right", () => {
    const layout = layoutParagraph(registry, "short line\nanother line that wraps around here", style({ align: "justify" }), 120);
    assert.ok(layout.lines[0]!.width < 120);
    close(layout.lines[0]!.x, 0);
    const rtl = layoutParagraph(registry, "שלום עולם\nשורה", style({ align: "justify", direction: "rtl" }), 120);
    const first = rtl.lines[0]!;
    close(first.x, 120 - first.width);
  });

  it("justify: a single word line is not stretched", () => {
    const layout = layoutParagraph(registry, "Supercalifragilistic word", style({ align: "justify" }), 90);
    close(layout.lines[0]!.x, 0);
    assert.ok(layout.lines[0]!.width < 90);
  });

  it("baseline: the font's ascent + descent centred in the line box (half-leading)", () => {
    const size = 20;
    const lineHeight = 1.5;
    const m = faceMetrics(registry.face("Inter-400")!);
    const ascent = (m.ascent * size) / m.unitsPerEm;
    const descent = (-m.descent * size) / m.unitsPerEm;
    const layout = layoutParagraph(registry, "a\nb", style({ size, lineHeight }), 500);
    const lh = size * lineHeight;
    const expected = (lh - (ascent + descent)) / 2 + ascent;
    close(layout.lines[0]!.baseline, expected);
    close(layout.lines[1]!.baseline, lh + expected);
    close(layout.lines[0]!.runs[0]!.y, expected);
  });

  it("a line taller than its box (lineHeight < 1) still puts the baseline inside the glyph box", () => {
    const layout = layoutParagraph(registry, "a", style({ size: 10, lineHeight: 0.8 }), 100);
    const line = layout.lines[0]!;
    assert.equal(line.height, 8);
    assert.ok(line.baseline > 0 && line.baseline < 10);
  });
});
