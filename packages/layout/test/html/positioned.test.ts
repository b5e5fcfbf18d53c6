// Floats with clear and text wrapping around them, positioned boxes (relative, absolute from the page
// foot, fixed on every page), z-index paint order, overflow and clip-path clipping, transforms and opacity
// on the HTML path, checked on the frame items (the pictures are checked against Chromium in
// packages/pdf/test/html/positioned.test.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutHtml, type FrameItem, type GroupItem, type ShapeItem, type TextRunItem } from "../../src/index.js";
import { registry } from "../text/helpers.js";

// A6 with 20 pt margins: the body is 257.64 × 379.56 pt, its origin at (20, 20).
const PAGE = "<style>@page { size: A6; margin: 20pt } body { margin: 0; font-family: Inter; font-size: 10pt; line-height: 14pt } p { margin: 0 }</style>";
const TEXT = "The quick brown fox jumps over the lazy dog and keeps on running through the field until the text is long enough to wrap several times around the box. Then it runs on below the box, where the lines are as wide as the page body again, and ends.";

function layout(body: string) {
  return layoutHtml(PAGE + body, {}, { fonts: registry, now: new Date(0) });
}

const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
const runs = (items: readonly FrameItem[]): TextRunItem[] => flat(items).filter((i): i is TextRunItem => i.kind === "text");
const groups = (items: readonly FrameItem[]): GroupItem[] => items.flatMap((i) => (i.kind === "group" ? [i, ...groups(i.items)] : []));
/** Rectangles filled with `fill`, in paint order. */
const rects = (items: readonly FrameItem[], fill: string): { x: number; y: number; width: number; height: number }[] =>
  flat(items).filter((i): i is ShapeItem => i.kind === "shape" && i.fill === fill && i.geometry.type === "rect").map((i) => i.geometry as { x: number; y: number; width: number; height: number });
/** Left edge of each line (the smallest x of the runs on it), top to bottom. */
const lineStarts = (items: readonly FrameItem[]): { y: number; x: number }[] => {
  const byY = new Map<number, number>();
  for (const r of runs(items)) byY.set(Math.round(r.y * 10), Math.min(byY.get(Math.round(r.y * 10)) ?? Infinity, r.x));
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([y, x]) => ({ y: y / 10, x }));
};

describe("floats", () => {
  test("lines beside a left float start right of it; below it they take the full width again", () => {
    const result = layout(`<div style="float: left; width: 60pt; height: 50pt; margin-right: 10pt; background: #ff0000"></div><p>${TEXT}</p>`);
    assert.deepEqual(result.diagnostics, []);
    const items = result.pages[0]?.items ?? [];
    const [box] = rects(items, "#ff0000");
    assert.deepEqual(box && [box.x, box.y, box.width, box.height], [20, 20, 60, 50]);
    const lines = lineStarts(items);
    assert.ok(lines.length >= 5, `${lines.length} lines`);
    const beside = lines.filter((l) => l.y < 70);
    const below = lines.filter((l) => l.y - 10 > 70);
    assert.ok(beside.length >= 3 && beside.every((l) => l.x >= 90 - 0.01), JSON.stringify(beside));
    assert.ok(below.length >= 1 && below.every((l) => Math.abs(l.x - 20) < 0.01), JSON.stringify(below));
  });

  test("a right float keeps the lines beside it short; a price floated right shares its line", () => {
    const items = layout(`<div style="float: right; width: 80pt; height: 40pt; background: #00ff00"></div><p>${TEXT}</p><p>Coffee <span style="float: right">3.20</span></p>`).pages[0]?.items ?? [];
    const [box] = rects(items, "#00ff00");
    assert.ok(box && Math.abs(box.x + box.width - 277.64) < 0.05, JSON.stringify(box));
    for (const r of runs(items).filter((r) => r.y < 60 && !r.text.includes("3.20"))) {
      const right = r.x + r.glyphs.reduce((s, g) => s + g.advance, 0);
      assert.ok(right <= 277.64 - 80 + 0.5, `${r.text} ends at ${right}`);
    }
    const coffee = runs(items).find((r) => r.text.includes("Coffee"));
    const price = runs(items).find((r) => r.text.includes("3.20"));
    assert.ok(coffee && price);
    assert.ok(Math.abs(coffee.y - price.y) < 0.01, "same line");
    assert.ok(price.x > 240, `price at ${price.x}`);
  });

  test("a float or an absolute box inside an inline element leaves the line", () => {
    const items = layout(`<p>Tea <b><span style="float: right">1.80</span></b></p><div style="position: relative; height: 30pt">Left <span><i style="position: absolute; right: 0; bottom: 0">Corner</i></span></div>`).pages[0]?.items ?? [];
    const tea = runs(items).find((r) => r.text.includes("Tea"));
    const price = runs(items).find((r) => r.text.includes("1.80"));
    assert.ok(tea && price && Math.abs(tea.y - price.y) < 0.01 && price.x > 240, JSON.stringify([tea?.y, price?.x, price?.y]));
    const corner = runs(items).find((r) => r.text.includes("Corner"));
    const left = runs(items).find((r) => r.text.includes("Left"));
    assert.ok(corner && left && corner.x > 220 && corner.y > left.y + 10, JSON.stringify([corner?.x, corner?.y, left?.y]));
  });

  test("float: inline-end is right in left-to-right text and left in right-to-left text", () => {
    for (const [dir, x] of [["ltr", 277.64 - 30], ["rtl", 20]] as const) {
      const items = layout(`<div dir="${dir}"><div style="float: inline-end; width: 30pt; height: 10pt; background: #ff0000"></div></div>`).pages[0]?.items ?? [];
      const [box] = rects(items, "#ff0000");
      assert.ok(box && Math.abs(box.x - x) < 0.05, `${dir}: ${box?.x}`);
    }
  });

  test("clear: both puts the box below the floats; a float taller than its block hangs out of it, as in Chromium", () => {
    const items = layout(`<div style="background: #0000ff"><div style="float: left; width: 40pt; height: 80pt"></div>short</div><div style="clear: both; background: #ff00ff">after</div>`).pages[0]?.items ?? [];
    const [outer] = rects(items, "#0000ff");
    const [after] = rects(items, "#ff00ff");
    assert.ok(outer && after);
    assert.equal(outer.height, 14, "the block is as tall as its line of text");
    assert.ok(after.y >= 20 + 80 - 0.01, `cleared at ${after.y}`);
    const short = runs(items).find((r) => r.text.includes("short"));
    assert.ok(short && short.x >= 60 - 0.01 && short.y < 40, `beside the float: ${short?.x}, ${short?.y}`);
  });

  test("a float hanging out of a paragraph shortens the next paragraph's lines too; display: flow-root keeps its floats", () => {
    const hang = layout(`<p><span style="float: left; width: 40pt; height: 60pt"></span>One line.</p><p>${TEXT}</p>`).pages[0]?.items ?? [];
    const lines = lineStarts(hang);
    assert.ok(lines.filter((l) => l.y < 80).every((l) => l.x >= 60 - 0.01), JSON.stringify(lines));
    assert.ok(lines.some((l) => l.y > 85 && Math.abs(l.x - 20) < 0.01), JSON.stringify(lines));
    const items = layout(`<div style="display: flow-root; background: #0000ff"><div style="float: right; width: 40pt; height: 60pt"></div>x</div>`).pages[0]?.items ?? [];
    const [box] = rects(items, "#0000ff");
    assert.deepEqual(box && [box.x, box.width, box.height], [20, 257.64, 60]);
  });

  test("a float that would cross a page break moves to the next page with the text beside it", () => {
    const result = layout(`<div style="height: 330pt"></div><div style="float: left; width: 50pt; height: 80pt; background: #ff0000"></div><p>${TEXT}</p>`);
    assert.equal(result.pages.length, 2);
    assert.deepEqual(rects(result.pages[0]?.items ?? [], "#ff0000"), []);
    const [box] = rects(result.pages[1]?.items ?? [], "#ff0000");
    assert.ok(box && Math.abs(box.y - 20) < 0.01, JSON.stringify(box));
    assert.deepEqual(runs(result.pages[0]?.items ?? []), []);
    const [first] = lineStarts(result.pages[1]?.items ?? []);
    assert.ok(first && first.x >= 70 - 0.01 && first.y < 40, JSON.stringify(first));
  });
});

describe("positioned boxes", () => {
  test("an absolute box at bottom: 0 with no positioned ancestor sits at the foot of the first page, not on the content", () => {
    const items = layout(`<p>Line one</p><p>Line two</p><div style="position: absolute; bottom: 0; right: 0; width: 100pt; height: 30pt; background: #ff0000"></div>`).pages[0]?.items ?? [];
    const [box] = rects(items, "#ff0000");
    assert.ok(box);
    assert.ok(Math.abs(box.y + box.height - (419.53 - 20)) < 0.05, `bottom at ${box.y + box.height}`);
    assert.ok(Math.abs(box.x + box.width - (297.64 - 20)) < 0.05, `right at ${box.x + box.width}`);
  });

  test("position: fixed is drawn on every page, in the page area", () => {
    const result = layout(`<div style="position: fixed; top: 0; right: 0; width: 30pt; height: 10pt; background: #ff0000"></div><div style="height: 300pt"></div><div style="height: 300pt"></div><div style="height: 300pt"></div>`);
    assert.equal(result.pages.length, 3);
    for (const page of result.pages) {
      const [box] = rects(page.items, "#ff0000");
      assert.ok(box && Math.abs(box.y - 20) < 0.01 && Math.abs(box.x - (277.64 - 30)) < 0.05, JSON.stringify(box));
    }
  });

  test("z-index orders the positioned boxes: higher over lower, negative under the text", () => {
    const items = layout(`<div style="position: relative; height: 100pt"><div style="position: absolute; z-index: 3; width: 20pt; height: 20pt; background: #ff0000"></div><div style="position: absolute; z-index: 1; width: 20pt; height: 20pt; background: #00ff00"></div><div style="position: absolute; z-index: -1; width: 20pt; height: 20pt; background: #0000ff"></div>text</div>`).pages[0]?.items ?? [];
    const order = flat(items).flatMap((i) => (i.kind === "shape" ? [i.fill] : i.kind === "text" ? ["text"] : []));
    assert.deepEqual(order, ["#0000ff", "text", "#00ff00", "#ff0000"]);
  });

  test("a z-indexed box stays over the boxes after its containing block; a transformed box keeps what it lifts", () => {
    const items = layout(`<div style="position: relative; height: 20pt"><div style="position: absolute; z-index: 5; top: 10pt; width: 30pt; height: 30pt; background: #ff0000"></div></div><div style="height: 30pt; background: #00ff00"></div><div style="transform: rotate(5deg)"><div style="position: relative; z-index: 1; background: #0000ff">x</div><div style="background: #ffff00">y</div></div>`).pages[0]?.items ?? [];
    const order = items.map((i) => (i.kind === "shape" ? i.fill : i.kind === "group" ? "group" : i.kind));
    assert.deepEqual(order, ["#00ff00", "group", "#ff0000"]);
    const group = items.find((i): i is GroupItem => i.kind === "group");
    assert.deepEqual(group?.items.filter((i) => i.kind === "shape").map((i) => i.kind === "shape" && i.fill), ["#ffff00", "#0000ff"]);
  });

  test("position: sticky prints in place and holds its absolute boxes", () => {
    const items = layout(`<div style="height: 30pt"></div><div style="position: sticky; top: 0; height: 40pt; background: #00ff00"><div style="position: absolute; left: 5pt; top: 5pt; width: 10pt; height: 10pt; background: #ff0000"></div></div>`).pages[0]?.items ?? [];
    const [box] = rects(items, "#00ff00");
    const [child] = rects(items, "#ff0000");
    assert.deepEqual(box && [box.x, box.y], [20, 50]);
    assert.deepEqual(child && [child.x, child.y], [25, 55]);
  });

  test("position: relative moves the box without moving what follows", () => {
    const items = layout(`<div style="position: relative; left: 10pt; top: 5pt; height: 20pt; background: #ff0000"></div><div style="height: 20pt; background: #00ff00"></div>`).pages[0]?.items ?? [];
    const [moved] = rects(items, "#ff0000");
    const [next] = rects(items, "#00ff00");
    assert.deepEqual(moved && [moved.x, moved.y], [30, 25]);
    assert.deepEqual(next && [next.x, next.y], [20, 40]);
  });
});

describe("clipping, transforms and opacity", () => {
  test("overflow: hidden keeps its set height and clips its content to the padding box", () => {
    const items = layout(`<div style="overflow: hidden; height: 30pt; padding: 5pt; border: 1pt solid #000"><div style="height: 100pt; background: #ff0000"></div></div><p>after</p>`).pages[0]?.items ?? [];
    const clip = groups(items).find((g) => g.clip)?.clip;
    assert.deepEqual(clip && [clip.x, clip.y, clip.width, clip.height], [21, 21, 255.64, 40]);
    const after = runs(items).find((r) => r.text.includes("after"));
    assert.ok(after && after.y < 20 + 42 + 14, `after at ${after?.y}`);
  });

  test("clip-path: circle() and inset() clip the box", () => {
    const items = layout(`<div style="width: 40pt; height: 40pt; background: #ff0000; clip-path: circle(20pt)"></div><div style="width: 40pt; height: 40pt; clip-path: inset(5pt 10pt round 3pt)"></div>`).pages[0]?.items ?? [];
    const clips = groups(items).flatMap((g) => (g.clip ? [g.clip] : []));
    assert.deepEqual(clips, [{ x: 20, y: 20, width: 40, height: 40, radius: 20 }, { x: 30, y: 65, width: 20, height: 30, radius: 3 }]);
  });

  test("transform: rotate about the centre, scale about transform-origin, translate; opacity", () => {
    const items = layout(`<div style="width: 40pt; height: 20pt; transform: rotate(90deg)"></div><div style="width: 40pt; height: 20pt; transform: scale(2) translate(5pt, 0); transform-origin: 0 0; opacity: 0.5"></div>`).pages[0]?.items ?? [];
    const [rotate, scale] = groups(items);
    const round = (m: readonly number[] | undefined): number[] | undefined => m?.map((v) => Math.round(v * 1000) / 1000 || 0);
    // About (40, 30): x' = 40 − (y − 30), y' = 30 + (x − 40).
    assert.deepEqual(round(rotate?.transform), [0, 1, -1, 0, 70, -10]);
    assert.deepEqual(round(scale?.transform), [2, 0, 0, 2, -20 + 10, -40]);
    assert.equal(scale?.opacity, 0.5);
  });

  test("an unsupported transform is said once and drawn untransformed", () => {
    const result = layout(`<div style="transform: perspective(10px)">a<p>b</p></div>`);
    assert.equal(result.diagnostics.filter((d) => d.code === "css.unsupported" && d.message.startsWith("transform")).length, 1);
    assert.deepEqual(groups(result.pages[0]?.items ?? []), []);
  });
});

describe("borders and shadows", () => {
  test("a double border is two lines a third of its width each, inner ones meeting at the corners", () => {
    const items = layout(`<div style="border: 6pt double #ff0000; height: 20pt"></div>`).pages[0]?.items ?? [];
    const lines = flat(items).filter((i): i is ShapeItem => i.kind === "shape" && i.stroke?.color === "#ff0000");
    assert.equal(lines.length, 8);
    assert.ok(lines.every((l) => l.stroke?.width === 2));
    const top = lines.filter((l) => l.geometry.type === "line" && l.geometry.y1 === l.geometry.y2 && l.geometry.y1 < 30).map((l) => l.geometry);
    assert.deepEqual(top, [{ type: "line", x1: 20, y1: 21, x2: 277.64, y2: 21 }, { type: "line", x1: 24, y1: 25, x2: 273.64, y2: 25 }]);
  });

  test("box-shadow is drawn under the box, moved by its offsets; a blur is layers whose alphas add up", () => {
    const items = layout(`<div style="width: 50pt; height: 20pt; background: #ffffff; box-shadow: 3pt 4pt 0 #ff0000, 0 0 6pt 1pt rgba(0, 0, 255, 0.5)"></div>`).pages[0]?.items ?? [];
    const [blur, sharp, box] = items;
    assert.equal(box?.kind === "shape" && box.fill, "#ffffff");
    assert.ok(sharp?.kind === "group" && sharp.opacity === undefined);
    assert.deepEqual(sharp.items[0]?.kind === "shape" && sharp.items[0].geometry, { type: "rect", x: 23, y: 24, width: 50, height: 20 });
    assert.ok(blur?.kind === "group" && blur.opacity !== undefined && blur.items.length === 4);
    assert.ok(Math.abs(1 - Math.pow(1 - blur.opacity, blur.items.length) - 0.5) < 1e-9);
  });

  test("text-shadow draws a moved copy of the text in its colour under it", () => {
    const items = layout(`<p style="text-shadow: 1pt 2pt #ff0000">Shadow</p>`).pages[0]?.items ?? [];
    const all = flat(items).filter((i): i is TextRunItem => i.kind === "text");
    assert.equal(all.length, 2);
    const [shadow, text] = all as [TextRunItem, TextRunItem];
    assert.equal(shadow.color, "#ff0000");
    assert.deepEqual([shadow.x - text.x, shadow.y - text.y], [1, 2]);
  });
});
