import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { visualOrder } from "../../src/text/bidi.js";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { cmapIds, registry, runs, style } from "./helpers.js";

const HEBREW = "Noto Sans Hebrew-400";

describe("bidi", () => {
  it("an RTL Hebrew line is in visual order: glyphs reversed relative to the logical text", () => {
    const layout = layoutParagraph(registry, "שלום", style({ direction: "rtl" }), 300);
    const [run] = runs(layout);
    assert.ok(run);
    assert.equal(run.face, HEBREW);
    assert.equal(run.text, "שלום", "run text stays logical");
    // ם is the final form of מ: its cmap id is what the text holds.
    assert.deepEqual(
      run.glyphs.map((g) => g.id),
      cmapIds(HEBREW, "שלום").reverse(),
    );
    assert.deepEqual(
      run.glyphs.map((g) => g.text),
      ["ם", "ו", "ל", "ש"],
    );
  });

  it("RTL words run right to left: the first word is rightmost", () => {
    const layout = layoutParagraph(registry, "אבג דהו", style({ direction: "rtl" }), 300);
    assert.deepEqual(
      runs(layout).map((r) => r.text),
      ["דהו", " ", "אבג"],
    );
    const first = runs(layout).find((r) => r.text.includes("אבג"))!;
    const second = runs(layout).find((r) => r.text.includes("דהו"))!;
    assert.ok(first.x > second.x);
  });

  it("mixed 'Total: 123 ש״ח' in an LTR paragraph: Latin and digits first, then the Hebrew reversed", () => {
    const layout = layoutParagraph(registry, "Total: 123 ש״ח", style(), 300);
    const rs = runs(layout);
    assert.equal(rs.length, 2);
    assert.equal(rs[0]!.text, "Total: 123 ");
    assert.equal(rs[0]!.face, "Inter-400");
    assert.equal(rs[1]!.face, HEBREW);
    assert.equal(rs[1]!.text, "ש״ח");
    assert.deepEqual(
      rs[1]!.glyphs.map((g) => g.text),
      ["ח", "״", "ש"],
    );
    assert.ok(rs[1]!.x > rs[0]!.x);
  });

  it("mixed 'Total: 123 ש״ח' in an RTL paragraph: the Hebrew is leftmost, 'Total: 123' keeps LTR order on the right", () => {
    const layout = layoutParagraph(registry, "Total: 123 ש״ח", style({ direction: "rtl" }), 300);
    const rs = runs(layout);
    const hebrew = rs.find((r) => r.face === HEBREW)!;
    const latin = rs.find((r) => r.text.startsWith("Total"))!;
    assert.ok(hebrew.x < latin.x);
    assert.equal(latin.text, "Total: 123");
    assert.deepEqual(
      latin.glyphs.map((g) => g.text).join(""),
      "Total: 123",
    );
    // Start-aligned in RTL: the line ends at the right edge.
    const line = layout.lines[0]!;
    assert.ok(Math.abs(line.x + line.width - 300) < 1e-6);
  });

  it("numbers inside RTL text keep their digit order", () => {
    const layout = layoutParagraph(registry, "מחיר 1234 שקל", style({ direction: "rtl" }), 300);
    const digits = runs(layout).find((r) => r.text === "1234")!;
    assert.deepEqual(
      digits.glyphs.map((g) => g.text),
      ["1", "2", "3", "4"],
    );
  });

  it("brackets are mirrored at RTL levels", () => {
    const layout = layoutParagraph(registry, "(שלום)", style({ direction: "rtl" }), 300);
    const rs = runs(layout);
    const [open, close] = cmapIds("Inter-400", "()");
    const leftmost = rs[0]!.glyphs[0]!;
    const rightmost = rs[rs.length - 1]!.glyphs[rs[rs.length - 1]!.glyphs.length - 1]!;
    // Logical ')' ends the text, so it is leftmost, drawn as '(' ; logical '(' is rightmost, drawn as ')'.
    assert.equal(leftmost.id, open);
    assert.equal(leftmost.text, ")");
    assert.equal(rightmost.id, close);
    assert.equal(rightmost.text, "(");
  });

  it("brackets around LTR text in an LTR paragraph are not mirrored", () => {
    const rs = runs(layoutParagraph(registry, "(ab)", style(), 300));
    assert.deepEqual(
      rs[0]!.glyphs.map((g) => g.text),
      ["(", "a", "b", ")"],
    );
  });

  it("Arabic inside an LTR paragraph: words in RTL order, letters shaped", () => {
    const layout = layoutParagraph(registry, "Hello مرحبا بالعالم", style(), 400);
    const rs = runs(layout);
    assert.equal(rs[0]!.text, "Hello ");
    const arabic = rs.filter((r) => r.face === "Noto Sans Arabic-400");
    assert.equal(arabic.length, 2);
    // The second logical word (بالعالم) is left of the first (مرحبا).
    assert.equal(arabic[0]!.text, "بالعالم");
    assert.equal(arabic[1]!.text, "مرحبا");
    assert.ok(arabic[0]!.x < arabic[1]!.x);
  });

  it("wrapped RTL lines each reorder on their own", () => {
    const layout = layoutParagraph(registry, "אחד שתיים שלוש ארבע חמש שש שבע", style({ direction: "rtl" }), 60);
    assert.ok(layout.lines.length > 1);
    assert.ok(layout.lines[0]!.text.startsWith("אחד"));
    for (const line of layout.lines) assert.ok(Math.abs(line.x + line.width - 60) < 1e-6);
  });

  it("visualOrder applies rule L2", () => {
    assert.deepEqual(visualOrder([0, 0, 0]), [0, 1, 2]);
    assert.deepEqual(visualOrder([1, 1, 1]), [2, 1, 0]);
    assert.deepEqual(visualOrder([0, 1, 1, 0]), [0, 2, 1, 3]);
    // RTL paragraph with an embedded LTR number: 1 2 1 → the number stays in place, the rest reverses.
    assert.deepEqual(visualOrder([1, 2, 2, 1]), [3, 1, 2, 0]);
  });
});
