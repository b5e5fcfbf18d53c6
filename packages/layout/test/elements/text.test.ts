import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { SHRINK_FLOOR } from "../../src/elements/text.js";
import { measure, place, testEnv } from "./env.js";

const texts = (items: readonly FrameItem[]): TextRunItem[] =>
  items.flatMap((it) => (it.kind === "group" ? texts(it.items) : it.kind === "text" ? [it] : []));
const LONG = "The quick brown fox jumps over the lazy dog. ".repeat(6);

test("defaults: 10 pt, weight 400, line height 1.2, black, start; the box keeps its designed height when the text fits", () => {
  const block = measure({ type: "text", text: "Hello" });
  assert.equal(block.height, 20);
  const [run] = texts(place(block));
  assert.ok(run);
  assert.equal(run.size, 10);
  assert.equal(run.face, "Inter-400");
  assert.equal(run.color, "#000000");
  assert.equal(run.x, 0);
});

test("overflow grow (default): the box grows to its lines plus padding", () => {
  const block = measure({ type: "text", text: LONG, padding: 5 });
  const lines = texts(place(block)).length;
  assert.ok(lines > 3);
  assert.equal(Math.round(block.height * 1000) / 1000, lines * 12 + 10);
});

test("overflow clip keeps the box and clips the text to it with a group", () => {
  const block = measure({ type: "text", text: LONG, overflow: "clip" });
  assert.equal(block.height, 20);
  const [group] = place(block);
  assert.equal(group?.kind, "group");
  assert.deepEqual(group?.kind === "group" ? group.clip : undefined, { x: 0, y: 0, width: 100, height: 20 });
});

test("overflow shrink lowers the font size until the text fits the box, down to the floor", () => {
  const block = measure({ type: "text", text: LONG, overflow: "shrink", height: 40 });
  assert.equal(block.height, 40);
  const runs = texts(place(block));
  const size = runs[0]?.size ?? 0;
  assert.ok(size < 10 && size >= SHRINK_FLOOR, `size ${size}`);
  assert.ok(runs.length * size * 1.2 <= 40 + 1e-6);
  const floor = measure({ type: "text", text: LONG.repeat(10), overflow: "shrink", height: 10 });
  assert.equal(texts(place(floor))[0]?.size, SHRINK_FLOOR);
});

test("vertical alignment places the lines in a box taller than them", () => {
  const y = (verticalAlign: string) => texts(place(measure({ type: "text", text: "x", height: 40, verticalAlign })))[0]?.y ?? 0;
  assert.equal(Math.round((y("middle") - y("top")) * 100) / 100, 14);
  assert.equal(Math.round((y("bottom") - y("top")) * 100) / 100, 28);
});

test("role title and heading use the heading font, other roles the body font; fontFamily wins", () => {
  const env = testEnv({ headingFamily: "JetBrains Mono", bodyFamily: "Inter" });
  assert.equal(texts(place(measure({ type: "text", text: "x", role: "title" }, env)))[0]?.face, "JetBrains Mono-400");
  assert.equal(texts(place(measure({ type: "text", text: "x", role: "caption" }, env)))[0]?.face, "Inter-400");
  assert.equal(texts(place(measure({ type: "text", text: "x", role: "title", fontFamily: "Inter" }, env)))[0]?.face, "Inter-400");
});

test("a text splits between lines; each part is a box with its padding", () => {
  const block = measure({ type: "text", text: LONG, padding: 4 });
  const { fits, rest } = block.split(50, false);
  assert.ok(fits && rest);
  assert.equal(texts(place(fits)).length, 3); // (50 - 8) / 12 = 3 lines
  assert.equal(texts(place(fits)).length + texts(place(rest)).length, texts(place(block)).length);
  assert.equal(rest.height, block.height - 3 * 12 - 8 + 8 - 8 + 8);
  assert.deepEqual(block.split(10, false), { fits: null, rest: block });
});

test("page tokens: measured with placeholders, re-laid out with the real numbers when placed", () => {
  const block = measure({ type: "text", text: "Page {{$page}} of {{$pages}}" });
  assert.equal(texts(place(block, { page: 3, pages: 12 }))[0]?.text, "Page 3 of 12");
  assert.equal(texts(place(block, { page: 4, pages: 12 }))[0]?.text, "Page 4 of 12");
});

test("colours: brand slots resolve, transparent paints nothing, an unusable colour is reported", () => {
  assert.equal(texts(place(measure({ type: "text", text: "x", color: "@primary" })))[0]?.color, "#2563eb");
  const hidden = place(measure({ type: "text", text: "x", color: "transparent", bg: "#ff0000" }));
  assert.deepEqual(hidden.map((i) => i.kind), ["shape"]);
  const env = testEnv();
  assert.equal(texts(place(measure({ type: "text", text: "x", color: "#12" }, env)))[0]?.color, "#000000");
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["colour.invalid"]);
});

test("underline and strike are line shapes in the text colour", () => {
  const items = place(measure({ type: "text", text: "deco", underline: true, strike: true, color: "#ff0000" }));
  const lines = items.filter((i) => i.kind === "shape");
  assert.equal(lines.length, 2);
  for (const l of lines) assert.equal(l.kind === "shape" ? l.stroke?.color : "", "#ff0000");
});

test("identical texts are laid out once per render", () => {
  const env = testEnv();
  for (let i = 0; i < 50; i++) measure({ type: "text", text: "Same text" }, env);
  assert.equal(env.paragraphs.size, 1);
});
