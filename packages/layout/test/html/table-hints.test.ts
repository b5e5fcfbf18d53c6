// Old-style table attributes as browsers read them (presentational hints), border-spacing's two values,
// and colspan cells widening the columns they span.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { widenForSpans } from "../../src/html/layout/colspan-widen.js";
import { registry } from "../text/helpers.js";

const PAGE = "<style>@page { size: 400pt 400pt; margin: 0 } body { margin: 0; font-family: Inter; font-size: 10pt }</style>";
const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
function page(body: string): FrameItem[] {
  return flat(layoutHtml(PAGE + body, {}, { fonts: registry, now: new Date(0) }).pages[0]?.items ?? []);
}
function at(items: readonly FrameItem[], text: string): TextRunItem {
  const run = items.filter((i): i is TextRunItem => i.kind === "text").find((r) => r.glyphs.map((g) => g.text).join("").includes(text));
  assert.ok(run, `a run with '${text}'`);
  return run;
}

test("cellspacing and cellpadding move the first cell's text in by both (pixels)", () => {
  const items = page(`<table cellspacing="8" cellpadding="12"><tr><td>Cell</td></tr></table>`);
  assert.equal(at(items, "Cell").x, (8 + 12) * 0.75);
});

test("an author rule beats a hint; bgcolor paints; align right moves the text", () => {
  const items = page(`<style>td.own { padding: 0 }</style><table cellspacing="0" cellpadding="12" width="200"><tr><td class="own" bgcolor="#ff0000">A</td><td align="right">B</td></tr></table>`);
  assert.equal(at(items, "A").x, 0);
  assert.ok(items.some((i) => i.kind === "shape" && (i as { fill?: string }).fill === "#ff0000"));
  assert.ok(at(items, "B").x > 150 * 0.75 - 20, `right-aligned B at ${at(items, "B").x}`);
});

test("border-spacing with two values spaces rows by the second", () => {
  const items = page(`<table style="border-spacing: 2pt 20pt"><tr><td style="padding:0">One</td></tr><tr><td style="padding:0">Two</td></tr></table>`);
  assert.ok(Math.abs(at(items, "Two").y - at(items, "One").y - (20 + 12)) < 1, `rows ${at(items, "One").y} and ${at(items, "Two").y}`);
});

test("a colspan cell wider than its columns widens them (no wrapping in a shrink-to-fit table)", () => {
  const items = page(`<table><tr><td colspan="2">A heading over two short columns</td></tr><tr><td>1</td><td>2</td></tr></table>`);
  const heading = at(items, "A heading");
  assert.ok(heading.glyphs.map((g) => g.text).join("").includes("columns"), "the heading on one line");
  const min = [10, 10];
  const max = [10, 30];
  widenForSpans(min, max, [{ col: 0, span: 2, min: 60, max: 100 }], 4);
  assert.deepEqual(max, [10 + 56 * 0.25, 30 + 56 * 0.75]);
  assert.deepEqual(min, [10 + 36 * 0.25, 10 + 36 * 0.75]);
});

test("border-collapse draws a shared border once, the wider one winning", () => {
  const lines = (html: string): { x1: number; y1: number; x2: number; y2: number; width: number }[] =>
    page(html).flatMap((i) => {
      const shape = i as { kind: string; geometry?: { type: string; x1: number; y1: number; x2: number; y2: number }; stroke?: { width: number } };
      return shape.kind === "shape" && shape.geometry?.type === "line" ? [{ ...shape.geometry, width: shape.stroke?.width ?? 0 }] : [];
    });
  const html = `<table style="border-collapse:collapse"><tr><td style="border:1pt solid #000">A</td><td style="border:3pt solid #000">B</td></tr></table>`;
  const vertical = lines(html).filter((l) => l.x1 === l.x2);
  // Four vertical edges in the separated model (two per cell); collapsed: left, shared, right.
  assert.equal(vertical.length, 3);
  const shared = vertical.sort((a, b) => a.x1 - b.x1)[1];
  assert.equal(shared?.width, 3);
});
