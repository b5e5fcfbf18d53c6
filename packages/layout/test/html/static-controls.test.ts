// Without form fields, controls print as Chromium draws them: boxes, ticks and dots, values as text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutHtml, type FrameItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const PAGE = "<style>@page { size: 400pt 400pt; margin: 0 } body { margin: 0; font-family: Inter; font-size: 10pt }</style>";
const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));

test("checked and unchecked boxes, a radio dot, an input's value and a placeholder", () => {
  const items = flat(layoutHtml(PAGE + `<p><input type="checkbox" checked> <input type="checkbox"> <input type="radio" checked> <input value="Ada"> <input placeholder="email"></p>`, {}, { fonts: registry, now: new Date(0) }).pages[0]?.items ?? []);
  const shapes = items.filter((i): i is Extract<FrameItem, { kind: "shape" }> => i.kind === "shape");
  assert.ok(shapes.some((s) => s.geometry.type === "rect" && s.fill === "#0075ff"), "a checked box is filled blue");
  assert.ok(shapes.some((s) => s.geometry.type === "path" && s.stroke?.color === "#ffffff"), "with a white tick");
  assert.ok(shapes.some((s) => s.geometry.type === "ellipse" && s.fill === "#0075ff"), "a checked radio has a blue dot");
  assert.ok(shapes.filter((s) => s.geometry.type === "rect" && s.stroke?.color === "#767676").length >= 3, "grey boxes");
  assert.ok(!items.some((i) => (i.kind as string) === "field"), "no form fields");
  const text = items.flatMap((i) => (i.kind === "text" ? [i.glyphs.map((g) => g.text).join("")] : []));
  assert.ok(text.includes("Ada") && text.includes("email"), text.join("|"));
});
