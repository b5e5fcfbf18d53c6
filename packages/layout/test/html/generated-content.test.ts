// Generated content on the HTML path: ::before/::after with strings, attr(), counter(), counters(), quotes
// and url() images; counter-reset/-increment/-set with their scopes; ::marker and list-style-type.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutHtml, type FrameItem, type ImageItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
const runs = (items: readonly FrameItem[]): TextRunItem[] => flat(items).filter((i): i is TextRunItem => i.kind === "text");

function layout(body: string, css: string): { lines: string[]; items: FrameItem[]; codes: string[]; messages: string[] } {
  const html = `<style>@page { size: A5; margin: 20pt } body { margin: 0; font-family: Inter; font-size: 10pt } ${css}</style>${body}`;
  const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
  const items = result.pages.flatMap((p) => [...p.items]);
  const byY = new Map<number, TextRunItem[]>();
  for (const r of runs(items)) byY.set(Math.round(r.y * 10), [...(byY.get(Math.round(r.y * 10)) ?? []), r]);
  const lines = [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => line.sort((a, b) => a.x - b.x).map((r) => r.glyphs.map((g) => g.text).join("")).join("").trim());
  return { lines, items, codes: result.diagnostics.map((d) => d.code), messages: result.diagnostics.map((d) => d.message) };
}

describe("::before and ::after", () => {
  test("strings, attr() and quotes around the element's content, in its flow and style", () => {
    const { lines, codes } = layout(
      `<p class="req" data-unit="kg">Weight</p><p><q>Ship it</q>, she said, <q>with <q>care</q></q>.</p>`,
      `.req::before { content: "* " } .req::after { content: " (" attr(data-unit) ")" }
       q::before { content: open-quote } q::after { content: close-quote }`,
    );
    assert.deepEqual(codes, []);
    assert.deepEqual(lines, ["* Weight (kg)", "\u201CShip it\u201D, she said, \u201Cwith \u2018care\u2019\u201D."]);
  });

  test("the one-colon CSS 2 spelling, display: block and the pseudo-element's own style", () => {
    const { lines, items } = layout(`<div class="note">Body</div>`, `.note:before { content: "NOTE"; display: block; color: #c00000; font-weight: bold }`);
    assert.deepEqual(lines, ["NOTE", "Body"]);
    const note = runs(items).find((r) => r.text === "NOTE");
    assert.equal(note?.color, "#c00000");
  });

  test("content: none and normal print nothing; a url(data:) image is an inline image", () => {
    const { lines, items, codes } = layout(`<p class="a">A</p><p class="b">B</p><p class="c">C</p>`, `.a::before { content: none } .b::before { content: normal } .c::before { content: url(${PNG}) " " }`);
    assert.deepEqual(codes, []);
    assert.deepEqual(lines, ["A", "B", "C"]);
    assert.equal(flat(items).filter((i): i is ImageItem => i.kind === "image").length, 1);
  });
});

describe("counters", () => {
  test("section numbers with counter-reset/-increment on elements and pseudo-elements, counters() nested", () => {
    const { lines } = layout(
      `<h2>Scope</h2><h3>Goods</h3><h3>Services</h3><h2>Terms</h2><h3>Payment</h3>
       <ol class="n"><li>a<ol class="n"><li>b</li><li>c</li></ol></li><li>d</li></ol>`,
      `body { counter-reset: h2 } h2 { counter-reset: h3; font-size: 10pt } h3 { font-size: 10pt }
       h2::before { counter-increment: h2; content: counter(h2, upper-roman) ". " }
       h3::before { counter-increment: h3; content: counter(h2) "." counter(h3, lower-alpha) " " }
       ol.n { list-style-type: none; counter-reset: item } ol.n > li { counter-increment: item }
       ol.n > li::before { content: counters(item, ".") " " }`,
    );
    assert.deepEqual(lines, ["I. Scope", "1.a Goods", "1.b Services", "II. Terms", "2.a Payment", "1 a", "1.1 b", "1.2 c", "2 d"]);
  });

  test("counter-set and a counter with no reset (instantiated where first incremented)", () => {
    const { lines } = layout(
      `<p class="s">x</p><p class="s">y</p><p class="s jump">z</p><p class="s">w</p>`,
      `.s::before { counter-increment: step; content: "Step " counter(step) ": " } .jump { counter-set: step 9 }`,
    );
    assert.deepEqual(lines, ["Step 1: x", "Step 2: y", "Step 10: z", "Step 11: w"]);
  });

  test("the list-item counter of <ol start> and counter(list-item)", () => {
    const { lines } = layout(`<ol start="4" class="x"><li>four</li><li>five</li></ol>`, `ol.x { list-style: none } ol.x li::before { content: "(" counter(list-item) ") " }`);
    assert.deepEqual(lines, ["(4) four", "(5) five"]);
  });
});

describe("list markers", () => {
  test("list-style-type greek and roman markers, ::marker content and colour", () => {
    const { lines, items } = layout(
      `<ol class="g"><li>alpha</li><li>beta</li></ol><ol class="r"><li>one</li><li>two</li><li>three</li><li>four</li></ol>
       <ul class="m"><li>done</li></ul>`,
      `.g { list-style-type: lower-greek } .r { list-style-type: upper-roman } .m li::marker { content: "\\2713  "; color: #008000 }`,
    );
    assert.deepEqual(lines, ["α.alpha", "β.beta", "I.one", "II.two", "III.three", "IV.four", "\u2713\u00a0done"].map((l) => l));
    const tick = runs(items).find((r) => r.text.includes("\u2713"));
    assert.equal(tick?.color, "#008000");
  });
});

describe("::first-letter", () => {
  test("the first letter (with the quote before it) takes the pseudo-element's style; the rest keeps the paragraph's", () => {
    const { lines, items } = layout(`<p class="open">\u201CRivers\u201D carried salt.</p><p class="open"><b>Barges</b> too.</p>`, `.open::first-letter { font-size: 20pt; color: #9a3412 }`);
    assert.deepEqual(lines, ["\u201CRivers\u201D carried salt.", "Barges too."]);
    const big = runs(items).filter((r) => r.size === 20);
    assert.deepEqual(big.map((r) => r.text), ["\u201CR", "B"]);
    assert.ok(big.every((r) => r.color === "#9a3412"));
    assert.ok(runs(items).filter((r) => r.size !== 20).every((r) => r.size === 10));
  });
});

describe("page counters in the body", () => {
  test("counter(page) and counter(pages) in ::before print the page each paragraph is on", () => {
    const html = `<style>@page { size: A6; margin: 20pt } body { margin: 0; font-family: Inter; font-size: 10pt } .n::before { content: "p" counter(page) "/" counter(pages) " " }</style><p class="n">one</p><p class="n" style="break-before: page">two</p>`;
    const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
    const texts = result.pages.map((p) => runs(p.items).map((r) => r.glyphs.map((g) => g.text).join("")).join(""));
    assert.deepEqual(texts, ["p1/2 one", "p2/2 two"]);
  });
});
