import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { layoutParagraph } from "../../src/text/paragraph.js";
import { layoutRichParagraph } from "../../src/text/rich.js";
import type { RichParagraphStyle, SpanStyle } from "../../src/text/rich-types.js";
import { registry, style } from "./helpers.js";

const PARA: RichParagraphStyle = { lineHeight: 1.2, size: 10, letterSpacing: 0, align: "start", direction: "ltr" };
const BASE: SpanStyle = { weight: 400, italic: false, size: 10, color: "#000000" };
const runsOf = (items: readonly FrameItem[]): TextRunItem[] => items.filter((i): i is TextRunItem => i.kind === "text");

test("one plain span breaks exactly like layoutParagraph", () => {
  const text = "The quick brown fox jumps over the lazy dog, again and again and again.";
  const plain = layoutParagraph(registry, text, style(), 120);
  const rich = layoutRichParagraph(registry, [{ text, style: BASE }], PARA, 120);
  assert.deepEqual(rich.lines.map((l) => l.text), plain.lines.map((l) => l.text));
  assert.equal(rich.height, plain.height);
  assert.deepEqual(runsOf(rich.lines[0]!.items).map((r) => r.x), plain.lines[0]!.runs.map((r) => r.x));
});

test("spans of different styles share lines; a word split across spans stays whole", () => {
  const spans = [
    { text: "Hello bo", style: BASE },
    { text: "ld", style: { ...BASE, weight: 700 } },
    { text: " world", style: { ...BASE, italic: true, color: "#ff0000" } },
  ];
  const laid = layoutRichParagraph(registry, spans, PARA, 1000);
  assert.equal(laid.lines.length, 1);
  assert.equal(laid.lines[0]!.text, "Hello bold world");
  const narrow = layoutRichParagraph(registry, spans, PARA, 45);
  assert.ok(narrow.lines.some((l) => l.text === "bold"), narrow.lines.map((l) => l.text).join("|"));
  const colours = runsOf(laid.lines[0]!.items).map((r) => r.color);
  assert.ok(colours.includes("#ff0000"));
});

test("a larger span makes its line taller; hard breaks start lines", () => {
  const laid = layoutRichParagraph(registry, [{ text: "Big", style: { ...BASE, size: 20 } }, { text: " small\nnext", style: BASE }], PARA, 500);
  assert.equal(laid.lines.length, 2);
  assert.equal(laid.lines[0]!.height, 24);
  assert.equal(laid.lines[1]!.height, 12);
});

test("links, underline, strike and backgrounds become items of the line", () => {
  const laid = layoutRichParagraph(registry, [
    { text: "see ", style: BASE },
    { text: "the docs", style: { ...BASE, link: "https://x.example", underline: true } },
    { text: " code", style: { ...BASE, background: "#eeeeee", strike: true } },
  ], PARA, 500);
  const items = laid.lines[0]!.items;
  const links = items.filter((i) => i.kind === "link");
  assert.equal(links.length, 1);
  assert.equal(links[0]!.kind === "link" && links[0]!.url, "https://x.example");
  assert.equal(items.filter((i) => i.kind === "shape" && i.geometry.type === "line").length, 2);
  assert.equal(items[0]!.kind === "shape" && items[0]!.geometry.type === "rect" && items[0]!.fill, "#eeeeee");
});

test("right-to-left text and empty input", () => {
  const laid = layoutRichParagraph(registry, [{ text: "שלום ", style: BASE }, { text: "עולם", style: { ...BASE, weight: 700 } }], { ...PARA, direction: "rtl" }, 200);
  assert.equal(laid.lines.length, 1);
  assert.ok(laid.lines[0]!.x > 0, "start alignment is on the right");
  assert.equal(layoutRichParagraph(registry, [], PARA, 100).lines.length, 0);
});

test("a string fontkit's positioning trips on (U+06A2 in Noto Sans Arabic) is drawn with nominal glyphs", async () => {
  const { fonts } = await import("../golden/support.js");
  for (const direction of ["ltr", "rtl"] as const) {
    const laid = layoutParagraph(fonts, "ڢ", style({ direction }), 100);
    assert.equal(laid.lines.length, 1);
    assert.ok(laid.lines[0]!.runs[0]!.glyphs[0]!.id > 0);
  }
});
