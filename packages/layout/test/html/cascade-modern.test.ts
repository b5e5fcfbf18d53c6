// The cascade people write now (issue #26 item 4): the font, background, inset, gap and place-* shorthands,
// custom properties with var(), CSS nesting, min()/max()/clamp(), vw/vh of the page area, @media print
// applied and screen skipped (size features against the page area), @supports.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DiagnosticSink } from "../../src/diagnostics.js";
import { cascade } from "../../src/html/cascade.js";
import type { HtmlElement, HtmlNode } from "../../src/html/dom.js";
import { expandTemplate } from "../../src/html/expand.js";
import { flattenNesting } from "../../src/html/nesting.js";
import { mediaMatches } from "../../src/html/media.js";
import { supportsMatches } from "../../src/html/supports.js";
import { parseLength } from "../../src/html/values.js";
import { pageViewport } from "../../src/html/viewport.js";
import { compileHtml, layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

function find(root: HtmlElement, id: string): HtmlElement | undefined {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.kind !== "element") continue;
    if (node.attrs.get("id") === id) return node;
    stack.push(...node.children);
  }
  return undefined;
}

function styled(html: string) {
  const compiled = compileHtml(html);
  const diagnostics = new DiagnosticSink();
  const root = expandTemplate(compiled.root, { root: {}, locale: "en-US", timezone: "UTC", now: new Date(0) }, diagnostics);
  const styles = cascade(root, compiled.sheet, diagnostics, pageViewport(compiled.sheet));
  const byId = (id: string) => {
    const el = find(root, id);
    assert.ok(el, `#${id}`);
    return styles.get(el) as NonNullable<ReturnType<typeof styles.get>>;
  };
  return { byId, codes: [...compiled.diagnostics, ...diagnostics.items].map((d) => `${d.code}: ${d.message}`) };
}

describe("the font shorthand", () => {
  test("sets style, weight, size, line height and family, and resets what it does not name", () => {
    const { byId } = styled(`<style>
      body { font-weight: bold; line-height: 3 }
      body { font: italic 9pt/1.25 "Noto Serif", Georgia, serif }
      h1 { font: 600 14pt Inter }
      .lh { font: 10pt / 14pt Inter } .kw { font: small-caps bold large Inter }
    </style><body id="b"><h1 id="h">T</h1><p id="lh" class="lh">x</p><p id="kw" class="kw">y</p></body>`);
    const b = byId("b");
    assert.equal(b.size, 9);
    assert.equal(b.italic, true);
    assert.equal(b.weight, 400, "the shorthand resets the weight an earlier rule set");
    assert.deepEqual(b.lineHeight, { mult: 1.25 });
    assert.deepEqual(b.family, ["Noto Serif", "Georgia", "serif"]);
    const h = byId("h");
    assert.equal(h.size, 14);
    assert.equal(h.weight, 600);
    assert.equal(h.italic, false);
    assert.deepEqual(h.lineHeight, { mult: 1.2 }, "line-height back to normal");
    assert.deepEqual(byId("lh").lineHeight, { pt: 14 });
    assert.equal(byId("kw").size, 13.5);
    assert.equal(byId("kw").weight, 700);
  });

  test("an invalid font value is dropped, keeping what was there", () => {
    const { byId } = styled(`<style>p { font-size: 11pt } p { font: bold Inter }</style><p id="p">x</p>`);
    assert.equal(byId("p").size, 11);
    assert.equal(byId("p").weight, 400);
  });

  test("a body font shorthand changes the layout: 9pt text fits one A6 page where 12pt needs two", () => {
    const text = "Line item with a description that takes some room. ".repeat(40);
    const pages = (css: string): { pages: number; size: number } => {
      const result = layoutHtml(`<style>@page { size: A6; margin: 10mm } ${css}</style><p>${text}</p>`, {}, { fonts: registry, now: new Date(0) });
      const run = result.pages.flatMap((p) => flat(p.items)).find((i): i is TextRunItem => i.kind === "text");
      return { pages: result.pages.length, size: run?.size ?? 0 };
    };
    const small = pages("body { font: 7pt/1.2 Inter }");
    const large = pages("body { font-family: Inter; font-size: 12pt }");
    assert.equal(small.size, 7);
    assert.ok(small.pages < large.pages, `${small.pages} < ${large.pages}`);
  });
});

const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));

describe("custom properties and var()", () => {
  test("inherit, override in a subtree, fall back, and feed shorthands", () => {
    const { byId, codes } = styled(`<style>
      :root { --brand: #112233; --pad: 4pt; --box: 2pt 6pt; --font: bold 10pt/2 Inter }
      .x { color: var(--brand); padding: var(--pad); margin: var(--box); font: var(--font) }
      .scope { --brand: rgb(255, 0, 0) }
      .y { color: var(--missing, var(--also-missing, teal)) }
      .z { color: var(--missing) }
      .nested { --a: var(--b); --b: 3pt; border: var(--a) solid var(--brand) }
      .cycle { --p: var(--q); --q: var(--p); padding-left: var(--p, 9pt) }
      .Case { --Brand: #00ff00; color: var(--Brand) }
    </style>
    <div id="root" style="color: navy"><p id="x" class="x">x</p><div class="scope"><p id="sx" class="x">s</p></div>
    <p id="y" class="y">y</p><p id="z" class="z">z</p><p id="n" class="nested">n</p><p id="c" class="cycle">c</p><p id="k" class="Case">k</p></div>`);
    assert.equal(byId("x").color, "#112233");
    assert.deepEqual(byId("x").padding[0], { pt: 4, pct: 0 });
    assert.deepEqual(byId("x").margin, [{ pt: 2, pct: 0 }, { pt: 6, pct: 0 }, { pt: 2, pct: 0 }, { pt: 6, pct: 0 }]);
    assert.equal(byId("x").weight, 700);
    assert.equal(byId("x").size, 10);
    assert.equal(byId("sx").color, "#ff0000", "a custom property overridden in a subtree");
    assert.equal(byId("y").color, "#008080", "nested fallbacks");
    assert.equal(byId("z").color, "#000080", "an unresolved var() makes color unset: inherited");
    assert.deepEqual(byId("n").borderWidth, [3, 3, 3, 3]);
    assert.equal(byId("n").borderColor[0], "#112233");
    assert.deepEqual(byId("c").padding[3], { pt: 9, pct: 0 }, "custom properties in a cycle are invalid: the fallback is used");
    assert.equal(byId("k").color, "#00ff00", "custom property names are case-sensitive and kept");
    assert.deepEqual(codes.filter((c) => c.startsWith("css.")), []);
  });

  test("var() in @page and its margin boxes reads the root's custom properties", () => {
    const result = layoutHtml(`<style>:root { --m: 30pt; --label: "Draft"; --ink: #ff0000 } @page { size: 200pt 200pt; margin: var(--m); @top-center { content: var(--label); color: var(--ink) } }</style><p>x</p>`, {}, { fonts: registry, now: new Date(0) });
    const runs = result.pages[0]?.items.flatMap((i) => (i.kind === "group" ? [...i.items] : [i])).filter((i): i is TextRunItem => i.kind === "text") ?? [];
    const body = runs.find((r) => r.glyphs.map((g) => g.text).join("") === "x");
    assert.ok(body && Math.abs(body.x - 36) < 0.01, "the var() page margin and the body's 8 px");
    const head = runs.find((r) => r.glyphs.map((g) => g.text).join("").includes("Draft"));
    assert.equal(head?.color, "#ff0000");
  });

  test("var() in a style attribute", () => {
    const { byId } = styled(`<style>:root { --w: 50mm }</style><div id="d" style="width: var(--w); --c: red; color: var(--c)">d</div>`);
    assert.deepEqual(byId("d").width, { pt: 50 * 72 / 25.4, pct: 0 });
    assert.equal(byId("d").color, "#ff0000");
  });
});

describe("CSS nesting", () => {
  test("nested rules, & compounds, relative combinators and nested @media are applied; the sheet after them too", () => {
    const { byId, codes } = styled(`<style>
      .card { color: red;
        & .title { color: blue }
        > p { font-weight: bold }
        &.wide { width: 100pt }
        .theme-dark & { color: white }
        @media print { .note { color: green } }
        @media screen { .note { color: purple } }
      }
      .after { color: orange }
    </style>
    <div id="card" class="card wide"><h2 id="t" class="title">T</h2><p id="p">p</p><span><b id="note" class="note">n</b></span></div>
    <div class="theme-dark"><div id="dark" class="card">d</div></div><p id="after" class="after">a</p>`);
    assert.equal(byId("card").color, "#ff0000");
    assert.equal(byId("t").color, "#0000ff");
    assert.equal(byId("p").weight, 700);
    assert.deepEqual(byId("card").width, { pt: 100, pct: 0 });
    assert.equal(byId("dark").color, "#ffffff");
    assert.equal(byId("note").color, "#008000");
    assert.equal(byId("after").color, "#ffa500", "the rule after a nested block is not swallowed");
    assert.deepEqual(codes.filter((c) => c.startsWith("css.invalid")), []);
  });

  test("lists of parents expand as a product", () => {
    assert.equal(flattenNesting(".a, .b { & + p { x: 1 } }"), ".a + p,.b + p{x: 1}");
    assert.equal(flattenNesting(".a { color: red }"), ".a { color: red }", "flat sheets are left as written");
  });
});

describe("other shorthands", () => {
  test("background, inset, gap and place-*", () => {
    const { byId } = styled(`<style>
      .bg { background: #eeeeee no-repeat center / cover }
      .pos { position: absolute; inset: 1pt 2pt }
      .flex { display: flex; gap: 3pt 4pt; place-items: center end; place-content: space-between }
      .self { place-self: end }
      .keyword { margin: 7pt } .keyword { margin: inherit }
    </style><div id="bg" class="bg"><div id="pos" class="pos">x</div><div id="f" class="flex"><span id="s" class="self">s</span></div><p id="kw" class="keyword">k</p></div>`);
    assert.equal(byId("bg").background, "#eeeeee");
    assert.deepEqual(byId("pos").inset, [{ pt: 1, pct: 0 }, { pt: 2, pct: 0 }, { pt: 1, pct: 0 }, { pt: 2, pct: 0 }]);
    assert.deepEqual(byId("f").rowGap, { pt: 3, pct: 0 });
    assert.deepEqual(byId("f").columnGap, { pt: 4, pct: 0 });
    assert.equal(byId("f").alignItems, "center");
    assert.equal(byId("f").justifyContent, "space-between");
    assert.equal(byId("s").alignSelf, "end");
    assert.deepEqual(byId("kw").margin[0], { pt: 0, pct: 0 }, "margin: inherit takes the parent's (zero) margins");
  });
});

describe("math functions and units", () => {
  const base = { em: 12, rem: 10, vw: 4, vh: 6 };
  test("min(), max(), clamp() and nesting in calc()", () => {
    assert.deepEqual(parseLength("min(10px, 5pt)", base), { pt: 5, pct: 0 });
    assert.deepEqual(parseLength("max(1em, 20pt)", base), { pt: 20, pct: 0 });
    assert.deepEqual(parseLength("clamp(10pt, 2em, 30pt)", base), { pt: 24, pct: 0 });
    assert.deepEqual(parseLength("clamp(10pt, 50em, 30pt)", base), { pt: 30, pct: 0 });
    assert.deepEqual(parseLength("clamp(40pt, 1pt, 30pt)", base), { pt: 40, pct: 0 }, "the minimum wins when the bounds cross");
    assert.deepEqual(parseLength("calc(min(10pt, 20pt) + 50%)", base), { pt: 10, pct: 50 });
    assert.deepEqual(parseLength("2rem", base), { pt: 20, pct: 0 });
    assert.deepEqual(parseLength("10vw", base), { pt: 40, pct: 0 });
    assert.deepEqual(parseLength("10vh", base), { pt: 60, pct: 0 });
  });

  test("ex and ch are the face's x-height and the width of 0", () => {
    const result = layoutHtml(`<style>@page { size: A6; margin: 0 } body { margin: 0 } .c { font: 10pt Inter; width: 10ch; height: 4ex; background: #000000 }</style><div class="c"></div>`, {}, { fonts: registry, now: new Date(0) });
    const box = result.pages[0]?.items.find((i) => i.kind === "shape");
    assert.ok(box && box.kind === "shape" && box.geometry.type === "rect");
    const font = registry.match("Inter", 400, false).face.font;
    assert.ok(Math.abs(box.geometry.width - (10 * 10 * font.glyphForCodePoint(0x30).advanceWidth) / font.unitsPerEm) < 0.01, `${box.geometry.width}`);
    assert.ok(Math.abs(box.geometry.height - (4 * 10 * font.xHeight) / font.unitsPerEm) < 0.01, `${box.geometry.height}`);
    assert.notEqual(Math.round(box.geometry.width), 50, "not half an em");
  });

  test("vw and vh are a hundredth of the page area; rem is the root's font size", () => {
    const { byId } = styled(`<style>@page { size: 200pt 300pt; margin: 0 } html { font-size: 10pt } .v { width: 50vw; height: 10vh; padding-left: 2rem }</style><div id="v" class="v">v</div>`);
    assert.deepEqual(byId("v").width, { pt: 100, pct: 0 });
    assert.deepEqual(byId("v").height, { pt: 30, pct: 0 });
    assert.deepEqual(byId("v").padding[3], { pt: 20, pct: 0 });
  });
});

describe("@media and @supports", () => {
  test("print and all apply, screen is skipped, size features read the page area", () => {
    const { byId } = styled(`<style>
      @page { size: A4; margin: 20mm }
      @media screen { .a { color: red } }
      @media print { .a { color: green } }
      @media screen, print { .b { color: blue } }
      @media not screen { .c { color: teal } }
      @media (min-width: 150mm) { .d { color: navy } }
      @media (max-width: 150mm) { .d { color: red } }
      @media print and (orientation: portrait) { .e { color: olive } }
      @media (width >= 200mm) { .e { color: red } }
    </style><p id="a" class="a">a</p><p id="b" class="b">b</p><p id="c" class="c">c</p><p id="d" class="d">d</p><p id="e" class="e">e</p>`);
    assert.equal(byId("a").color, "#008000");
    assert.equal(byId("b").color, "#0000ff");
    assert.equal(byId("c").color, "#008080");
    assert.equal(byId("d").color, "#000080", "A4 minus 2 × 20 mm is 170 mm wide");
    assert.equal(byId("e").color, "#808000");
  });

  test("<style media> applies for print and all, not for screen", () => {
    const { byId } = styled(`<style media="screen">.m { color: red }</style><style media="print">.m { font-weight: bold }</style>
      <style media="all">.m { font-size: 20pt }</style><p id="m" class="m">m</p>`);
    assert.equal(byId("m").color, "#000000");
    assert.equal(byId("m").weight, 700);
    assert.equal(byId("m").size, 20);
  });

  test("media queries on their own", () => {
    const area = { width: 400, height: 600 };
    assert.equal(mediaMatches("only screen and (max-width: 600px)", area), false);
    assert.equal(mediaMatches("(400px <= width <= 600px)", area), true);
    assert.equal(mediaMatches("(orientation: landscape)", area), false);
    assert.equal(mediaMatches("(prefers-color-scheme: dark)", area), false);
  });

  test("@supports picks the branch for what is laid out", () => {
    assert.equal(supportsMatches("(display: flex)"), true);
    assert.equal(supportsMatches("(not (color: red))"), false);
    assert.equal(supportsMatches("not (mask-image: none)"), true);
    assert.equal(supportsMatches("(--x: 1) and (color: red)"), true);
    assert.equal(supportsMatches("(text-stroke: 1px) or (color: red)"), true);
    assert.equal(supportsMatches("selector(p > a)"), true);
    const { byId, codes } = styled(`<style>
      @supports (color: red) { .s { color: green } }
      @supports (mask-image: none) { .s { color: red } }
    </style><p id="s" class="s">s</p>`);
    assert.equal(byId("s").color, "#008000");
    assert.ok(!codes.some((c) => c.includes("@supports")), "@supports is no longer reported as unsupported");
  });
});
