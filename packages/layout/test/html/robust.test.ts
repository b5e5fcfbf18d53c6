// Random HTML and CSS never crash the converter: every document lays out (or is refused by a limit), every
// page is finite, and a second layout of the same input gives the same pages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileHtml, frameToJson, layoutHtml, stringifyFrame, type FrameItem } from "../../src/index.js";
import { seededRandom } from "../support/random.js";
import { registry } from "../text/helpers.js";

const TAGS = ["div", "p", "span", "b", "table", "tr", "td", "th", "thead", "tfoot", "ul", "ol", "li", "img", "br", "h1", "section", "a", "svg", "pre"];
const CSS = [
  "display: flex", "display: inline-block", "display: none", "display: table", "display: list-item", "flex-direction: column",
  "flex-wrap: wrap", "flex: 1 0 20%", "justify-content: space-between", "align-items: center", "position: absolute; top: 5pt",
  "position: relative; left: -3pt", "margin: auto", "margin: -10px 5%", "padding: 1em", "width: 150%", "width: calc(100% - 40px)",
  "height: 40pt", "border: 3px dashed red", "border-collapse: collapse", "break-before: page", "break-inside: avoid",
  "font-size: 0", "font-size: 40pt", "line-height: 0.1", "white-space: pre", "text-align: justify", "direction: rtl",
  "letter-spacing: -2pt", "float: left", "min-height: 900pt", "list-style-type: upper-roman", "orphans: 5; widows: 5",
];
const TEXT = ["Hello", "{{name}}", "{{$page}} / {{$pages}}", "مرحبا بالعالم", "a-very-long-unbreakable-word-that-overflows-its-box", "  ", "{{items.0.x}}"];

function randomDocument(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let budget = 60;
  const node = (depth: number): string => {
    if (budget-- <= 0 || depth > 8 || random() < 0.25) return pick(TEXT);
    const tag = pick(TAGS);
    const style = random() < 0.6 ? ` style="${pick(CSS)}; ${pick(CSS)}"` : "";
    const each = random() < 0.1 ? ' data-each="items"' : "";
    const attrs = tag === "img" ? ' src="{{logo}}" width="30"' : tag === "td" && random() < 0.3 ? ' colspan="3"' : "";
    const children = Array.from({ length: Math.floor(random() * 4) }, () => node(depth + 1)).join("");
    return `<${tag}${style}${each}${attrs}>${children}</${tag}>`;
  };
  const sheet = `@page { size: ${pick(["A6", "80mm auto", "letter landscape", "50mm 50mm"])}; margin: ${pick(["0", "10mm", "40%"])}; @bottom-center { content: counter(page) } }`;
  return `<style>${sheet} ${pick(TAGS)} { ${pick(CSS)} }</style>${node(0)}${node(0)}`;
}

function finite(items: readonly FrameItem[]): boolean {
  return items.every((item) => (item.kind === "group" ? finite(item.items) : Object.values(item).every((v) => typeof v !== "number" || Number.isFinite(v))));
}

test("60 random documents lay out with finite pages, deterministically", () => {
  const random = seededRandom(20261123);
  const data = { name: "Ada", items: [{ x: 1 }, { x: 2 }], logo: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" };
  for (let i = 0; i < 60; i++) {
    const html = randomDocument(random);
    const compiled = compileHtml(html);
    const options = { fonts: registry, now: new Date(0) };
    const first = layoutHtml(compiled, data, options);
    assert.ok(first.pages.length >= 1, html);
    for (const page of first.pages) assert.ok(finite(page.items) && page.width > 0 && page.height > 0, html);
    const again = layoutHtml(compiled, data, options);
    assert.equal(stringifyFrame(frameToJson(again)), stringifyFrame(frameToJson(first)), html);
  }
});
