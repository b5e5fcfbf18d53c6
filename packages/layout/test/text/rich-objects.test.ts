// Inline objects in rich paragraphs (an image in a sentence): one unbreakable box per object, advanced
// like a glyph, placed on the baseline or by its vertical-align, and raising the line box that holds it.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { faceMetrics } from "../../src/text/metrics.js";
import { measureText } from "../../src/text/measure.js";
import { layoutRichParagraph } from "../../src/text/rich.js";
import { OBJECT_CHAR, type InlineObject, type ObjectAlign, type RichParagraphStyle, type RichSpan, type SpanStyle } from "../../src/text/rich-types.js";
import { registry, style } from "./helpers.js";

const PARA: RichParagraphStyle = { lineHeight: 1.2, size: 10, letterSpacing: 0, align: "start", direction: "ltr" };
const BASE: SpanStyle = { weight: 400, italic: false, size: 10, color: "#000000" };
const runsOf = (items: readonly FrameItem[]): TextRunItem[] => items.filter((i): i is TextRunItem => i.kind === "text");
const object = (id: number, width: number, height: number, align: ObjectAlign = "baseline"): InlineObject => ({ id, width, height, align });
const span = (o: InlineObject, s: SpanStyle = BASE): RichSpan => ({ text: OBJECT_CHAR, style: s, object: o });

test("an object advances the pen by its width between the words around it", () => {
  const notes: string[] = [];
  const laid = layoutRichParagraph(registry, [{ text: "Order ", style: BASE }, span(object(7, 30, 8)), { text: " approved", style: BASE }], PARA, 500, (code) => notes.push(code));
  assert.deepEqual(notes, [], "U+FFFC is never looked up in a font");
  assert.equal(laid.lines.length, 1);
  const line = laid.lines[0]!;
  const [placed] = line.objects ?? [];
  assert.ok(placed);
  assert.equal(placed.id, 7);
  const before = runsOf(line.items)[0]!;
  const advance = before.glyphs.reduce((sum, g) => sum + g.advance, 0);
  assert.equal(before.text, "Order ");
  assert.ok(Math.abs(placed.x - (before.x + advance)) < 1e-6, `${placed.x}`);
  const after = runsOf(line.items).find((r) => r.text.includes("approved"));
  assert.ok(after && Math.abs(after.x - (placed.x + 30)) < 1e-6, `text after the object starts at its right edge: ${after?.x}`);
  // No glyph stands for the object: the runs' text has no U+FFFC.
  assert.ok(runsOf(line.items).every((r) => !r.text.includes(OBJECT_CHAR)));
  // A short object sits on the baseline and leaves the line box as text alone makes it.
  assert.equal(line.height, 12);
  assert.ok(Math.abs(placed.y + placed.height - line.baseline) < 1e-9);
});

test("a tall object raises the line box; its bottom stays on the baseline", () => {
  const laid = layoutRichParagraph(registry, [{ text: "Logo ", style: BASE }, span(object(0, 40, 30)), { text: " text", style: BASE }], PARA, 500);
  const line = laid.lines[0]!;
  const placed = line.objects![0]!;
  const plain = layoutRichParagraph(registry, [{ text: "Logo text", style: BASE }], PARA, 500).lines[0]!;
  const below = plain.top + plain.height - plain.baseline;
  assert.ok(Math.abs(placed.y - line.top) < 1e-9, "the object's top is the line's top");
  assert.ok(Math.abs(line.baseline - (line.top + 30)) < 1e-9);
  assert.ok(Math.abs(line.height - (30 + below)) < 1e-9, `height ${line.height}`);
  assert.equal(laid.height, line.height);
});

test("vertical-align: middle centres on the baseline plus half the x-height; top and bottom follow the line box", () => {
  const tall = span(object(0, 10, 40));
  const mid = layoutRichParagraph(registry, [{ text: "a ", style: BASE }, span(object(0, 10, 20, "middle"))], PARA, 500).lines[0]!;
  const m = faceMetrics(registry.match(undefined, 400, false).face);
  const xHeight = (m.xHeight * 10) / m.unitsPerEm;
  const o = mid.objects![0]!;
  assert.ok(Math.abs(o.y + o.height / 2 - (mid.baseline - xHeight / 2)) < 1e-9);
  const laid = layoutRichParagraph(registry, [{ text: "a ", style: BASE }, tall, { text: " ", style: BASE }, span(object(1, 10, 8, "top")), { text: " ", style: BASE }, span(object(2, 10, 8, "bottom"))], PARA, 500).lines[0]!;
  const top = laid.objects!.find((p) => p.id === 1)!;
  const bottom = laid.objects!.find((p) => p.id === 2)!;
  assert.equal(top.y, laid.top);
  assert.ok(Math.abs(bottom.y + bottom.height - (laid.top + laid.height)) < 1e-9);
  // A top-aligned object taller than the rest grows the line downward, below the baseline.
  const grown = layoutRichParagraph(registry, [{ text: "a ", style: BASE }, span(object(0, 10, 50, "top"))], PARA, 500).lines[0]!;
  assert.ok(Math.abs(grown.height - 50) < 1e-9);
  assert.ok(grown.baseline - grown.top < 12, "the baseline stays where the text puts it");
});

test("a raised span lifts its object (vertical-align lengths, sub and super)", () => {
  const flat = layoutRichParagraph(registry, [{ text: "x ", style: BASE }, span(object(0, 8, 8))], PARA, 500).lines[0]!;
  const raised = layoutRichParagraph(registry, [{ text: "x ", style: BASE }, span(object(0, 8, 8), { ...BASE, rise: 3 })], PARA, 500).lines[0]!;
  const a = flat.objects![0]!;
  const b = raised.objects![0]!;
  assert.ok(Math.abs(raised.baseline - b.y - 11) < 1e-9, "bottom 3 pt above the baseline");
  assert.ok(Math.abs(flat.baseline - a.y - 8) < 1e-9);
});

test("lines break before and after an object, never inside; a too-wide object overflows alone", () => {
  const spans: RichSpan[] = [{ text: "one two", style: BASE }, span(object(0, 50, 8)), { text: "three four", style: BASE }];
  const width = measureText(registry, "one two", style()) + 10;
  const laid = layoutRichParagraph(registry, spans, PARA, width);
  const onLine = laid.lines.map((l) => (l.objects ?? []).map((o) => o.id));
  assert.equal(laid.lines[0]!.text, "one two", "the object does not fit after 'two' and moves on whole");
  const line = laid.lines.findIndex((l) => (l.objects ?? []).length > 0);
  assert.ok(line > 0, JSON.stringify(onLine));
  const wide = layoutRichParagraph(registry, [{ text: "a ", style: BASE }, span(object(0, 400, 8)), { text: " b", style: BASE }], PARA, 100);
  assert.deepEqual(wide.lines.map((l) => l.objects?.length ?? 0), [0, 1, 0]);
  assert.equal(wide.lines[1]!.objects![0]!.width, 400);
});

test("justified lines stretch the spaces, not the object; right-to-left lines place it too", () => {
  const spans: RichSpan[] = [{ text: "alpha beta ", style: BASE }, span(object(0, 20, 8)), { text: " gamma delta epsilon zeta eta theta", style: BASE }];
  const laid = layoutRichParagraph(registry, spans, { ...PARA, align: "justify" }, 140);
  const first = laid.lines.find((l) => l.objects)!;
  assert.equal(first.objects![0]!.width, 20);
  assert.ok(Math.abs(first.width - 140) < 1e-6, "a justified line fills the box");
  const rtl = layoutRichParagraph(registry, [{ text: "שלום ", style: BASE }, span(object(0, 20, 8)), { text: " עולם", style: BASE }], { ...PARA, direction: "rtl" }, 300).lines[0]!;
  const o = rtl.objects![0]!;
  const runs = runsOf(rtl.items);
  const shalom = runs.find((r) => r.text.includes("שלום"))!;
  assert.ok(o.x + o.width <= shalom.x + 1e-6, "in a right-to-left line the object is left of the first word");
});

test("a link over an object covers it", () => {
  const laid = layoutRichParagraph(registry, [{ text: "see ", style: BASE }, span(object(0, 12, 8), { ...BASE, link: "https://x.example" })], PARA, 500).lines[0]!;
  const link = laid.items.find((i) => i.kind === "link");
  const o = laid.objects![0]!;
  assert.ok(link && link.kind === "link" && Math.abs(link.x - o.x) < 1e-9 && link.width === 12);
});
