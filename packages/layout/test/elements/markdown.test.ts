import { strict as assert } from "node:assert";
import { test } from "node:test";
import { escapeMarkdown } from "../../src/elements/markdown-escape.js";
import type { FrameItem, LinkItem, TextRunItem } from "../../src/frame/types.js";
import { measure, place, testEnv } from "./env.js";

const runs = (items: readonly FrameItem[]): TextRunItem[] =>
  items.flatMap((it) => (it.kind === "group" ? runs(it.items) : it.kind === "text" ? [it] : []));
const text = (items: readonly FrameItem[]): string => runs(items).map((r) => r.text).join(" ");
const linksOf = (items: readonly FrameItem[]): LinkItem[] =>
  items.flatMap((it) => (it.kind === "group" ? linksOf(it.items) : it.kind === "link" ? [it] : []));

test("headings are larger and bold; emphasis picks weights and italics; inline code uses the mono face", () => {
  const items = place(measure({ type: "markdown", text: "# Title\n\nSome **bold** and *it* and `code`.", width: 300 }));
  const [title, ...rest] = runs(items);
  assert.equal(title?.text, "Title");
  assert.equal(title?.size, 20);
  assert.match(title!.face, /-700/);
  assert.ok(rest.some((r) => r.text === "bold" && /-700/.test(r.face)));
  assert.ok(rest.some((r) => r.text === "code" && r.face.startsWith("JetBrains Mono") && r.size === 9));
  assert.ok(items.some((i) => i.kind === "shape" && i.geometry.type === "rect"), "inline code has a background");
});

test("lists: markers in a hanging indent, numbers follow the start, nesting indents further", () => {
  const items = place(measure({ type: "markdown", text: "3. three\n4. four\n   - nested", width: 300 }));
  const all = runs(items);
  const marker = all.find((r) => r.text === "3.");
  const body = all.find((r) => r.text === "three");
  assert.ok(marker && body);
  assert.ok(marker.x < body.x && marker.y === body.y);
  assert.ok(all.some((r) => r.text === "4."));
  const nested = all.find((r) => r.text === "nested");
  assert.ok(nested && nested.x > body.x);
});

test("links: only http, https and mailto become link items, over each line fragment", () => {
  const env = testEnv();
  const items = place(measure({ type: "markdown", text: "[a](https://a.example) [b](mailto:x@y.z) [c](ftp://c) [d](tel:1) [e](data:text/html,x)", width: 300 }, env));
  assert.deepEqual(linksOf(items).map((l) => l.url), ["https://a.example", "mailto:x@y.z"]);
  const wrapped = place(measure({ type: "markdown", text: "[a long link text that wraps over lines](https://a.example)", width: 80 }));
  assert.ok(linksOf(wrapped).length >= 2);
});

test("token values are escaped: data cannot add structure; | markdown opts in", () => {
  const env = testEnv({}, { v: "# not a heading\n- not a list\n**x** [l](https://evil) <b>" });
  const items = place(measure({ type: "markdown", text: "{{ v }}", width: 400 }, env));
  assert.equal(linksOf(items).length, 0);
  assert.ok(runs(items).every((r) => r.size === 10));
  assert.match(text(items), /# not a heading/);
  assert.match(text(items), /\*\*x\*\*/);
  const raw = place(measure({ type: "markdown", text: "{{ v | markdown }}", width: 400 }, env));
  assert.equal(linksOf(raw).length, 1);
  assert.ok(runs(raw).some((r) => r.size === 20));
  assert.equal(escapeMarkdown("1. a_b"), "1\\. a\\_b");
  const indented = place(measure({ type: "markdown", text: "{{ w }}", width: 400 }, testEnv({}, { w: "      not code\n\n\n    still not" })));
  assert.ok(runs(indented).every((r) => r.face.startsWith("Inter")), "no indented code block from a value");
  assert.equal(runs(indented).length, 2, "a blank line in a value is a hard break, not a new block");
});

test("raw HTML is dropped; images are reported and print their alt text", () => {
  const env = testEnv();
  const items = place(measure({ type: "markdown", text: "<div>gone</div>\n\nkept <b>bold</b> ![alt text](http://x/y.png)", width: 400 }, env));
  assert.equal(text(items).includes("gone"), false);
  assert.equal(text(items).includes("<b>"), false);
  assert.match(text(items), /alt text/);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["markdown.image"]);
});

test("overflow: grows by default, clips, shrinks; splits between lines", () => {
  const long = Array.from({ length: 30 }, (_, i) => `- item ${i}`).join("\n");
  const grown = measure({ type: "markdown", text: long, width: 200, height: 40 });
  assert.ok(grown.height > 300);
  const clipped = measure({ type: "markdown", text: long, width: 200, height: 40, overflow: "clip" });
  assert.equal(clipped.height, 40);
  assert.equal(place(clipped)[0]?.kind, "group");
  const shrunk = measure({ type: "markdown", text: long, width: 200, height: 200, overflow: "shrink" });
  assert.equal(shrunk.height, 200);
  assert.ok(runs(place(shrunk)).every((r) => r.size < 10));
  const parts = grown.split(100, true);
  assert.ok(parts.fits && parts.rest);
  assert.ok(parts.fits.height <= 100);
  const first = runs(place(parts.fits));
  const second = runs(place(parts.rest));
  assert.equal(first.length + second.length, runs(place(grown)).length);
  assert.ok(Math.min(...second.map((r) => r.y)) < 20, "the rest starts at its top");
});

test("rules, empty and junk text, no width", () => {
  const rule = place(measure({ type: "markdown", text: "a\n\n---\n\nb", width: 100 }));
  assert.ok(rule.some((i) => i.kind === "shape" && i.geometry.type === "line"));
  assert.deepEqual(place(measure({ type: "markdown", text: "" })), []);
  assert.deepEqual(place(measure({ type: "markdown", text: 42 })), []);
  const env = testEnv();
  assert.deepEqual(place(measure({ type: "markdown", text: "x", width: 0 }, env)), []);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["markdown.narrow"]);
});

test("lists in a right-to-left element: markers on the right, read right to left (`1.` prints `.1`)", () => {
  const items = place(measure({ type: "markdown", direction: "rtl", text: "1. שלום עולם\n2. תודה", width: 300 }));
  const all = runs(items);
  const body = all.find((r) => r.text.includes("שלום"));
  assert.ok(body);
  // The marker's digit and full stop, on the first line, right of the text; bidi puts the stop on the left.
  const one = all.find((r) => r.y === body.y && r.text === "1");
  const stop = all.find((r) => r.y === body.y && r.text === ".");
  assert.ok(one && stop, JSON.stringify(all.map((r) => r.text)));
  assert.ok(stop.x > body.x && one.x > body.x, "the marker is right of the text");
  assert.ok(stop.x < one.x, "`.1`: the full stop is left of the digit");
  // Left-to-right lists keep `1.`.
  const ltr = runs(place(measure({ type: "markdown", text: "1. one", width: 300 }))).find((r) => r.text === "1.");
  assert.deepEqual(ltr?.glyphs.map((g) => g.text), ["1", "."]);
});
