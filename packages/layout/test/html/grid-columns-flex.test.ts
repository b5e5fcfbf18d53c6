// CSS grid, multi-column, flex order / align-content and inline blocks in lines on the HTML path: where the
// text lands on the page (layoutHtml), and the track sizing, placement and column count on their own.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { sizeTracks } from "../../src/html/layout/grid-tracks.js";
import { namedAreas, placeItems } from "../../src/html/layout/grid-place.js";
import { AUTO_PLACEMENT, parseGridLine, parseTrackList } from "../../src/html/grid-values.js";
import { lineCrossSizes } from "../../src/html/layout/flex-lines.js";
import { registry } from "../text/helpers.js";

const PAGE = "<style>@page { size: 300pt 400pt; margin: 0 } body { margin: 0; font-family: Inter; font-size: 10pt }</style>";

function layout(body: string): { pages: FrameItem[][]; codes: string[] } {
  const result = layoutHtml(PAGE + body, {}, { fonts: registry, now: new Date(0) });
  return { pages: result.pages.map((p) => flat(p.items)), codes: result.diagnostics.map((d) => d.code) };
}
const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
function at(items: readonly FrameItem[], text: string): TextRunItem {
  const run = items.filter((i): i is TextRunItem => i.kind === "text").find((r) => r.glyphs.map((g) => g.text).join("").includes(text));
  assert.ok(run, `a run with '${text}'`);
  return run;
}
const base = { em: 10, rem: 10 };

describe("grid", () => {
  test("fr, fixed and auto columns, areas and spans place the items", () => {
    const { pages, codes } = layout(`<div style="display:grid; grid-template-columns: 100pt 1fr 2fr; grid-template-areas: 'a a b' 'c d d'; gap: 0">
      <div style="grid-area: b">Bee</div><div style="grid-area: a">Ay</div><div style="grid-area: c">Cee</div><div style="grid-area: d">Dee</div></div>`);
    assert.deepEqual(codes, []);
    const p = pages[0] as FrameItem[];
    assert.equal(at(p, "Ay").x, 0);
    assert.ok(Math.abs(at(p, "Bee").x - (100 + 200 / 3)) < 0.5, `Bee at ${at(p, "Bee").x}`);
    assert.equal(at(p, "Cee").x, 0);
    assert.ok(Math.abs(at(p, "Dee").x - 100) < 0.5);
    assert.ok(at(p, "Cee").y > at(p, "Ay").y + 5, "second row below the first");
  });

  test("auto placement fills rows in order, with order and spans", () => {
    const { pages } = layout(`<div style="display:grid; grid-template-columns: repeat(3, 100pt)">
      <div>One</div><div style="grid-column: span 2">Two</div><div>Three</div><div style="order:-1">Zero</div></div>`);
    const p = pages[0] as FrameItem[];
    assert.equal(at(p, "Zero").x, 0);
    assert.equal(at(p, "One").x, 100);
    // Two spans two columns: no room in the first row's last column, so it starts the second row.
    assert.equal(at(p, "Two").x, 0);
    assert.ok(at(p, "Two").y > at(p, "One").y);
    assert.equal(at(p, "Three").x, 200);
  });

  test("rows split across pages between rows", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<div style="height:30pt">Cell ${i}</div>`).join("");
    const { pages } = layout(`<div style="display:grid; grid-template-columns: 1fr 1fr; row-gap: 4pt">${rows}</div>`);
    assert.equal(pages.length, 2);
    // Eleven rows of 30 pt with 4 pt gaps fit 400 pt; the twelfth row starts the second page at its top.
    at(pages[0] as FrameItem[], "Cell 21");
    assert.ok(at(pages[1] as FrameItem[], "Cell 22").y < 30, "a row starts the second page");
  });

  test("a row taller than the page splits through its items", () => {
    const long = Array.from({ length: 60 }, (_, i) => `<p style="margin:0">Item ${i}</p>`).join("");
    const { pages } = layout(`<div style="display:grid; grid-template-columns: 1fr 1fr"><div>${long}</div><div>Side</div></div>`);
    assert.equal(pages.length, 2);
    at(pages[0] as FrameItem[], "Item 0");
    at(pages[0] as FrameItem[], "Side");
    assert.ok(at(pages[1] as FrameItem[], "Item 59").y > 0);
  });

  test("repeat(auto-fill) keeps empty tracks, repeat(auto-fit) collapses them", () => {
    const two = "<div>One</div><div>Two</div>";
    const fill = layout(`<div style="display:grid; grid-template-columns: repeat(auto-fill, minmax(60pt, 1fr))">${two}</div>`).pages[0] as FrameItem[];
    const fit = layout(`<div style="display:grid; grid-template-columns: repeat(auto-fit, minmax(60pt, 1fr))">${two}</div>`).pages[0] as FrameItem[];
    assert.equal(at(fill, "Two").x, 60);
    assert.equal(at(fit, "Two").x, 150);
  });

  test("track sizing: minmax, fr never below min-content, auto stretched", () => {
    const tracks = (parseTrackList("minmax(50pt, 100pt) 1fr auto", base) as { tracks: [] }).tracks;
    const sizes = sizeTracks(tracks, [{ start: 1, span: 1, min: 120, max: 200 }, { start: 2, span: 1, min: 10, max: 30 }], 300, 0, true);
    assert.deepEqual(sizes.map(Math.round), [100, 170, 30]);
    const stretched = sizeTracks((parseTrackList("auto auto", base) as { tracks: [] }).tracks, [{ start: 0, span: 1, min: 10, max: 20 }], 100, 0, true);
    assert.deepEqual(stretched.map(Math.round), [60, 40]);
    assert.equal(parseTrackList("subgrid", base), null);
  });

  test("placement: negative lines, names and column flow", () => {
    const areas = namedAreas([["h", "h"], ["s", "m"]]);
    const placed = placeItems([
      { ...AUTO_PLACEMENT, columnStart: parseGridLine("1"), columnEnd: parseGridLine("-1") },
      { ...AUTO_PLACEMENT, rowStart: parseGridLine("m"), rowEnd: parseGridLine("m"), columnStart: parseGridLine("m"), columnEnd: parseGridLine("m") },
    ], 2, 2, areas, "row");
    assert.deepEqual(placed.areas, [{ row: 0, column: 0, rows: 1, columns: 2 }, { row: 1, column: 1, rows: 1, columns: 1 }]);
    const columnFlow = placeItems([AUTO_PLACEMENT, AUTO_PLACEMENT, AUTO_PLACEMENT], 2, 0, new Map(), "column");
    assert.deepEqual(columnFlow.areas.map((a) => [a.row, a.column]), [[0, 0], [1, 0], [0, 1]]);
  });
});

describe("multi-column", () => {
  test("columns balance and a spanning element ends the set", () => {
    const paras = Array.from({ length: 6 }, (_, i) => `<p style="margin:0">Para ${i}</p>`).join("");
    const { pages } = layout(`<div style="columns: 3; column-gap: 12pt">${paras}<h2 style="column-span:all; margin:0">Wide</h2><p style="margin:0">After</p></div>`);
    const p = pages[0] as FrameItem[];
    const width = (300 - 24) / 3;
    assert.equal(at(p, "Para 0").x, 0);
    assert.ok(Math.abs(at(p, "Para 2").x - (width + 12)) < 0.5, `Para 2 at ${at(p, "Para 2").x}`);
    assert.ok(Math.abs(at(p, "Para 4").x - 2 * (width + 12)) < 0.5);
    assert.equal(at(p, "Para 2").y, at(p, "Para 0").y, "balanced: two per column");
    assert.ok(at(p, "Wide").y > at(p, "Para 1").y && at(p, "Wide").x === 0);
    assert.ok(at(p, "After").y > at(p, "Wide").y);
  });

  test("a column set continues on the next page and column-width picks the count", () => {
    const paras = Array.from({ length: 120 }, (_, i) => `<p style="margin:0">Line ${i}</p>`).join("");
    const { pages } = layout(`<div style="column-width: 80pt; column-gap: 10pt">${paras}</div>`);
    assert.equal(pages.length, 2);
    const xs = new Set((pages[0] as FrameItem[]).filter((i): i is TextRunItem => i.kind === "text").map((r) => Math.round(r.x)));
    // 300pt fits three 80pt columns with 10pt gaps: (300 - 20) / 3 wide each.
    assert.deepEqual([...xs].sort((a, b) => a - b), [0, 100, 200].map((x) => Math.round((x / 100) * (280 / 3 + 10))));
  });
});

describe("flex completion and inline blocks", () => {
  test("order sorts items and align-content spreads wrapped lines", () => {
    const { pages } = layout(`<div style="display:flex; flex-wrap:wrap; width:100pt; height:200pt; align-content:space-between">
      <div style="width:60pt">Bb</div><div style="width:60pt; order:-1">Aa</div></div>`);
    const p = pages[0] as FrameItem[];
    assert.ok(at(p, "Aa").y < at(p, "Bb").y);
    assert.ok(at(p, "Bb").y > 180, `the last line at the bottom (${at(p, "Bb").y})`);
    assert.deepEqual(lineCrossSizes([10, 10], 0, 100, "stretch", true).sizes, [50, 50]);
  });

  test("an inline block sits in the line of text around it", () => {
    const { pages } = layout(`<p>Before <span style="display:inline-block; border:1pt solid #000; padding:2pt">BOX</span> after</p>`);
    const p = pages[0] as FrameItem[];
    assert.ok(Math.abs(at(p, "BOX").y - at(p, "Before").y) < 3, "same line");
    assert.ok(at(p, "after").x > at(p, "BOX").x);
  });
});

describe("inline-flex and inline-grid", () => {
  test("an inline-flex box sits in the line and lays its items out in a row", () => {
    const { pages } = layout(`<p>Status <span style="display:inline-flex; gap:4pt; border:1pt solid #000"><b>Paid</b><i>12 Nov</i></span> done</p>`);
    const p = pages[0] as FrameItem[];
    assert.ok(Math.abs(at(p, "Paid").y - at(p, "Status").y) < 3, "on the line of text");
    assert.ok(Math.abs(at(p, "12 Nov").y - at(p, "Paid").y) < 1 && at(p, "12 Nov").x > at(p, "Paid").x, "items side by side");
    assert.ok(at(p, "done").x > at(p, "12 Nov").x);
  });

  test("an inline-grid shrinks to its columns", () => {
    const { pages } = layout(`<div><span style="display:inline-grid; grid-template-columns: 40pt 40pt">` + `<span>a1</span><span>b1</span><span>a2</span><span>b2</span></span></div>`);
    const p = pages[0] as FrameItem[];
    assert.equal(at(p, "b1").x, 40);
    assert.equal(at(p, "a2").x, 0);
    assert.ok(at(p, "a2").y > at(p, "a1").y);
  });
});
