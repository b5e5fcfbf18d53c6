// Paged media on the HTML path: @page selectors (:first, :left, :right, :blank, named pages and the bug
// where a rule that is not understood was applied to every page), string-set/string(), running elements,
// target-counter()/target-text() with leader() for a table of contents.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
const runs = (items: readonly FrameItem[]): TextRunItem[] => flat(items).filter((i): i is TextRunItem => i.kind === "text");

/** Each page's lines of text, top to bottom. */
function pagesOf(html: string): { lines: string[][]; runs: TextRunItem[][]; codes: string[]; messages: string[] } {
  const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
  const lines = result.pages.map((p) => {
    // Runs within 4 pt of a line's first baseline belong to it (a raised footnote call is on its line).
    const lines: TextRunItem[][] = [];
    for (const r of [...runs(p.items)].sort((a, b) => a.y - b.y)) {
      const line = lines.at(-1);
      if (line && r.y - (line[0] as TextRunItem).y < 4) line.push(r);
      else lines.push([r]);
    }
    return lines.map((line) => line.sort((a, b) => a.x - b.x).map((r) => r.glyphs.map((g) => g.text).join("")).join("").trim());
  });
  return { lines, runs: result.pages.map((p) => runs(p.items)), codes: result.diagnostics.map((d) => d.code), messages: result.diagnostics.map((d) => d.message) };
}

const PAGE = "@page { size: A6; margin: 40pt 30pt } body { margin: 0; font-family: Inter; font-size: 10pt }";
const three = '<p>One</p><p style="break-before: page">Two</p><p style="break-before: page">Three</p>';

describe("@page selectors", () => {
  test("a rule with a selector that is not understood is applied to no page (the page numbers stay)", () => {
    const { lines, messages } = pagesOf(`<style>${PAGE}
      @page { @bottom-center { content: "Page " counter(page) } }
      @page :nth(2) { @bottom-center { content: none } }
      @page :recto { @bottom-center { content: "wrong" } }</style>${three}`);
    assert.deepEqual(lines.map((l) => l.at(-1)), ["Page 1", "Page 2", "Page 3"]);
    assert.ok(messages.some((m) => m.includes(":nth(2)") && m.includes("ignored")), messages.join("\n"));
  });

  test("@page :blank applies only to blank pages: the book keeps its page numbers", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      @page { @bottom-center { content: counter(page) } }
      @page :blank { @bottom-center { content: none } }</style>${three}`);
    assert.deepEqual(lines.map((l) => l.at(-1)), ["1", "2", "3"]);
  });

  test(":left and :right pages get their own margin boxes and margins (the first page is a right page)", () => {
    const { lines, runs } = pagesOf(`<style>${PAGE}
      @page :right { margin-left: 50pt; margin-right: 10pt; @top-right { content: "R" counter(page) } }
      @page :left { margin-left: 10pt; margin-right: 50pt; @top-left { content: "L" counter(page) } }</style>${three}`);
    assert.deepEqual(lines.map((l) => l[0]), ["R1", "L2", "R3"]);
    const bodyX = runs.map((page) => page.find((r) => /One|Two|Three/.test(r.text))?.x);
    assert.equal(bodyX[0], 50);
    assert.equal(bodyX[1], 10);
    assert.equal(bodyX[2], 50);
  });

  test(":first wins over :right on the first page; later declarations of equal rank win", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      @page :right { @top-center { content: "right" } }
      @page :first { @top-center { content: "title page" } }
      @page { @top-center { content: "every" } }</style>${three}`);
    assert.deepEqual(lines.map((l) => l[0]), ["title page", "every", "right"]);
  });

  test("named pages: a box with another page name starts a page, and the page takes its @page rule", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      @page { @bottom-center { content: "body " counter(page) } }
      @page chapter { @bottom-center { content: "chapter " counter(page, upper-roman) } }
      @page chapter:first { @bottom-center { content: "opening" } }
      section { page: chapter }</style>
      <p>Contents</p><section><p>Alpha</p></section><section><p>Beta</p></section><p>Index</p>`);
    // The first page is not a chapter page, so `chapter:first` selects no page.
    assert.deepEqual(lines, [["Contents", "body 1"], ["Alpha", "Beta", "chapter II"], ["Index", "body 3"]]);
  });
});

describe("strings and running elements in margin boxes", () => {
  test("string-set with content() and counters; string() takes the first on the page, else the last before", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      body { counter-reset: ch }
      h1 { font-size: 12pt; counter-increment: ch; string-set: title "Ch. " counter(ch) ": " content() }
      @page { @top-center { content: string(title); font-size: 6pt } @bottom-center { content: string(title, last); font-size: 6pt } }</style>
      <h1>Origins</h1><p>a</p><h1>Growth</h1><p style="break-before: page">b</p><h1 style="break-before: page">Decline</h1>`);
    assert.deepEqual(lines.map((l) => [l[0], l.at(-1)]), [["Ch. 1: Origins", "Ch. 2: Growth"], ["Ch. 2: Growth", "Ch. 2: Growth"], ["Ch. 3: Decline", "Ch. 3: Decline"]]);
  });

  test("a running element leaves the flow and prints in the margin box of its page and the pages after", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      .head { position: running(head); font-size: 8pt; color: #555 }
      @page { @top-center { content: element(head) } }</style>
      <div class="head">Annual report</div><p>First</p><p style="break-before: page">Second</p>`);
    assert.deepEqual(lines, [["Annual report", "First"], ["Annual report", "Second"]]);
  });
});

describe("a table of contents", () => {
  test("target-counter() prints the page of the target, target-text() its text, leader() fills the line", () => {
    const { lines, runs } = pagesOf(`<style>${PAGE}
      .toc a { display: block; color: black; text-decoration: none }
      .toc a::after { content: leader('.') target-counter(attr(href), page) }
      .toc a.auto::before { content: target-text(attr(href)) }
      h2 { break-before: page; font-size: 12pt }</style>
      <nav class="toc"><a href="#intro">Introduction</a><a href="#methods">Methods</a><a class="auto" href="#results"></a></nav>
      <h2 id="intro">Intro</h2><p>x</p><h2 id="methods">Methods</h2><p>y</p><p style="break-before: page">z</p><h2 id="results">Results and more</h2>`);
    const toc = lines[0] as string[];
    assert.match(toc[0] as string, /^Introduction\.{5,}2$/);
    assert.match(toc[1] as string, /^Methods\.{5,}3$/);
    assert.match(toc[2] as string, /^Results and more\.{5,}5$/);
    // The page numbers end at the right edge of the content box (A6 is 297.6 wide, margins 30).
    const numbers = (runs[0] as TextRunItem[]).filter((r) => /^\d$/.test(r.text.trim()));
    assert.ok(numbers.length >= 3);
    for (const r of numbers) assert.ok(r.x + r.glyphs.reduce((s, g) => s + g.advance, 0) <= 297.64 - 30 + 0.01 && r.x > 200, `x ${r.x}`);
  });
});

describe("footnotes", () => {
  test("float: footnote moves the note to its page's foot, with a call and a marker numbered in order", () => {
    const filler = Array.from({ length: 20 }, (_, i) => `<p>Line ${i + 1}</p>`).join("");
    const { lines, runs, codes } = pagesOf(`<style>${PAGE}
      p { margin: 0 0 6pt }
      .fn { float: footnote; font-size: 7pt }
      @page { @footnote { border-top: 0.5pt solid #999; padding-top: 3pt; margin-top: 6pt } }</style>
      <p>Tax<span class="fn">Rates as of 2026.</span> is due.</p>${filler}<p>Fees<span class="fn">See the annex.</span> apply.</p>`);
    assert.deepEqual(codes, []);
    // The call replaces the note in the text; the note, with its marker, is the last line of its page.
    assert.equal(lines[0]?.[0], "Tax1 is due.");
    assert.equal(lines[0]?.at(-1), "1. Rates as of 2026.");
    const last = lines.at(-1) as string[];
    assert.ok(last.includes("Fees2 apply."), last.join(" | "));
    assert.equal(last.at(-1), "2. See the annex.");
    // The note sits at the foot of the body (A6 is 419.5 tall, bottom margin 40): below the text above it.
    const note = (runs[0] as TextRunItem[]).find((r) => r.text.includes("Rates"));
    assert.ok(note && note.y > 340 && note.y < 419.53 - 40, `note at ${note?.y}`);
    for (const r of runs[0] as TextRunItem[]) if (r !== note && !r.text.startsWith("1")) assert.ok(r.y < (note?.y ?? 0) - 7, `${r.text} above the note`);
  });
});

describe("box-decoration-break", () => {
  const horizontal = (html: string): number[][] => {
    const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
    return result.pages.map((p) =>
      flat(p.items)
        .filter((i) => i.kind === "shape" && i.geometry.type === "line" && i.geometry.y1 === i.geometry.y2 && i.stroke?.color === "#ff0000")
        .map((i) => (i.kind === "shape" && i.geometry.type === "line" ? Math.round(i.geometry.y1) : 0)),
    );
  };
  const box = (value: string): string =>
    `<style>${PAGE} .b { border: 2pt solid red; padding: 4pt; ${value} } p { margin: 0 0 8pt }</style><div class="b">${Array.from({ length: 24 }, (_, i) => `<p>Row ${i + 1}</p>`).join("")}</div>`;

  test("clone (as before) draws every edge on each fragment; slice leaves the cut edges open", () => {
    const clone = horizontal(box(""));
    assert.equal(clone.length, 2);
    assert.deepEqual(clone.map((p) => p.length), [2, 2]);
    const slice = horizontal(box("box-decoration-break: slice"));
    assert.deepEqual(slice.map((p) => p.length), [1, 1]);
    // The first fragment keeps its top edge (at the top margin), the last its bottom edge.
    assert.equal(slice[0]?.[0], 41);
    assert.ok((slice[1]?.[0] ?? 0) > 41);
  });
});

describe("break-before: left and right", () => {
  test("a chapter that must start on a right page gets a blank page before it, styled by @page :blank", () => {
    const { lines } = pagesOf(`<style>${PAGE}
      @page { @bottom-center { content: counter(page) } }
      @page :blank { @bottom-center { content: none } @top-center { content: "blank"; font-size: 7pt } }
      h1 { break-before: right; font-size: 12pt } .v { break-before: verso }</style>
      <p>Preface</p><h1>One</h1><p>a</p><p style="break-before: page">b</p><h1>Two</h1><p class="v">Left side</p>`);
    assert.deepEqual(lines, [["Preface", "1"], ["blank"], ["One", "a", "3"], ["b", "4"], ["Two", "5"], ["Left side", "6"]]);
  });
});

describe("marks of inline elements", () => {
  test("an inline target and an inline string-set are recorded by their block", () => {
    const { lines, messages } = pagesOf(`<style>${PAGE}
      .ref::after { content: " p. " target-counter(attr(href), page) }
      .t { string-set: topic content() }
      @page { @top-center { content: string(topic); font-size: 7pt } }
      div { content: "ignored" }</style>
      <p><a class="ref" href="#far">See</a></p><div>x</div><p style="break-before: page">Here <span id="far" class="t">Mills</span> stand.</p>`);
    assert.deepEqual(lines, [["See p. 2", "x"], ["Mills", "Here Mills stand."]]);
    assert.ok(messages.some((m) => m.startsWith("content on an element")), messages.join("\n"));
  });
});

describe("odd input", () => {
  test("nested footnotes, running elements in footnotes, footnotes in table cells, missing targets and odd content lay out", () => {
    const html = `<style>${PAGE}
      .fn { float: footnote } .run { position: running(r) } span { page: x; string-set: s content(before) }
      a::after { content: target-counter(attr(href), page) target-counter(attr(href), chapter) target-text("#none") leader("") leader(solid) unknown(1) }
      p::before { content: counter(a, nonsense) counters(b) attr() url(nothing) "\\0 " open-quote open-quote close-quote close-quote close-quote unknown(1) }
      @page :left:right { @top-center { content: element(r) string(s) leader('.') } }
      @page :first:first:blank { margin-left: 1pt }</style>
      <p>a<span class="fn">b<span class="fn">c</span><span class="run">r</span></span></p>
      <table><tr><td>cell<span class="fn">in a cell</span></td></tr></table>
      <a href="#missing">m</a><a href="nohash">n</a><p>${"deep ".repeat(50)}</p>`;
    const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
    assert.ok(result.pages.length >= 1);
    assert.ok(result.diagnostics.some((d) => d.message.includes("unknown()")));
    assert.ok(result.diagnostics.some((d) => d.code === "css.dropped" && d.message.startsWith("content: url()")));
  });
});

describe("side and corner margin boxes", () => {
  test("@left-middle sits in the left margin at mid-height, @bottom-right-corner in its corner", () => {
    const result = layoutHtml(`<style>${PAGE} @page { margin: 40pt 60pt; @left-middle { content: "L"; font-size: 8pt } @bottom-right-corner { content: "C"; font-size: 8pt } }</style><p>Body</p>`, {}, { fonts: registry, now: new Date(0) });
    const all = runs(result.pages[0]?.items ?? []);
    const l = all.find((r) => r.text === "L");
    const c = all.find((r) => r.text === "C");
    assert.ok(l && l.x > 20 && l.x < 40 && l.y > 200 && l.y < 220, `L at ${l?.x},${l?.y}`);
    assert.ok(c && c.x > 297.64 - 60 && c.y > 419.53 - 40, `C at ${c?.x},${c?.y}`);
    assert.deepEqual(result.diagnostics, []);
  });
});
