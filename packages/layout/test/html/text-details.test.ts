// text-indent, text-overflow: ellipsis and font-variant-numeric on the HTML path.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

const PAGE = "<style>@page { size: 400pt 400pt; margin: 0 } body { margin: 0; font-family: Inter; font-size: 10pt }</style>";
const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
const runs = (html: string): TextRunItem[] =>
  flat(layoutHtml(PAGE + html, {}, { fonts: registry, now: new Date(0) }).pages[0]?.items ?? []).filter((i): i is TextRunItem => i.kind === "text");
const text = (r: TextRunItem): string => r.glyphs.map((g) => g.text).join("").replace(/\u00a0/g, " ");

test("text-indent moves the first line only", () => {
  const lines = runs(`<p style="text-indent: 30pt; width: 200pt">${"word ".repeat(40)}</p>`);
  const xs = [...new Set(lines.map((r) => Math.round(r.x)))];
  assert.deepEqual(xs.sort((a, b) => a - b), [0, 30]);
  assert.equal(Math.round((lines[0] as TextRunItem).x), 30);
});

test("text-overflow: ellipsis cuts a non-wrapping line with …", () => {
  const printed = runs(`<div style="width: 80pt; white-space: nowrap; text-overflow: ellipsis">A consignment to the northern warehouse</div>`).map(text).join("");
  assert.ok(printed.endsWith("\u2026"), printed);
  assert.ok(printed.startsWith("A consign"), printed);
  const short = runs(`<div style="width: 200pt; white-space: nowrap; text-overflow: ellipsis">Short</div>`).map(text).join("");
  assert.equal(short, "Short");
});

test("font-variant-numeric: tabular-nums gives every digit one width", () => {
  const width = (css: string, digits: string): number => {
    const r = runs(`<div style="${css}">${digits}</div>`)[0] as TextRunItem;
    return r.glyphs.reduce((s, g) => s + (g as { advance?: number }).advance!, 0);
  };
  assert.equal(width("font-variant-numeric: tabular-nums", "1111").toFixed(3), width("font-variant-numeric: tabular-nums", "8888").toFixed(3));
  assert.notEqual(width("", "1111").toFixed(3), width("", "8888").toFixed(3));
});
