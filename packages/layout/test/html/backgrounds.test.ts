// CSS images (issue #26 item 2): background-image with data: URLs and gradients, background-size, -position,
// -repeat, -origin and -clip, border-radius clipping, the background shorthand with layers; remote url()
// never fetched.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { layoutHtml, type FrameItem, type GroupItem, type ImageItem, type ShapeItem } from "../../src/index.js";
import { parseImage, positionOf } from "../../src/html/background-image.js";
import { registry } from "../text/helpers.js";

// A 2 × 1 px PNG (1.5 × 0.75 pt at its intrinsic size).
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAL/AH/qfVQ0wAAAABJRU5ErkJggg==";
const PAGE = "<style>@page { size: 200pt 200pt; margin: 0 } body { margin: 0 }</style>";

function layout(body: string, limits?: { maxBackgroundTiles: number }) {
  const result = layoutHtml(PAGE + body, {}, { fonts: registry, now: new Date(0), ...(limits ? { limits } : {}) });
  return { items: result.pages[0]?.items ?? [], codes: result.diagnostics.map((d) => `${d.code}: ${d.message}`), images: result.images };
}
const groups = (items: readonly FrameItem[]): GroupItem[] => items.filter((i): i is GroupItem => i.kind === "group" && i.clip !== undefined);

describe("background-image", () => {
  test("a no-repeat image sized and positioned in the padding box, clipped to the rounded border box", () => {
    const { items, codes, images } = layout(`<div style="height: 60pt; border: 2pt solid black; padding: 8pt; border-radius: 10pt;
      background: url(${PNG}) no-repeat right 4pt bottom 6pt / 20pt auto, #eeeeee"></div>`);
    assert.deepEqual(codes, []);
    const colour = items.find((i): i is ShapeItem => i.kind === "shape" && i.fill === "#eeeeee");
    assert.ok(colour, "the colour under the image");
    const [group] = groups(items);
    assert.ok(group);
    assert.deepEqual(group.clip, { x: 0, y: 0, width: 200, height: 80, radius: 10 });
    const [image] = group.items as ImageItem[];
    assert.equal(image?.kind, "image");
    assert.ok(images.has(image.image));
    // padding box: x 2…198, y 2…78; 20 × 10 pt tile at right 4pt, bottom 6pt
    assert.deepEqual([image.x, image.y, image.width, image.height], [198 - 4 - 20, 78 - 6 - 10, 20, 10]);
  });

  test("repeat tiles the clip box from the position; repeat-x one row; cover and contain scale", () => {
    const tiles = (css: string): ImageItem[] => (groups(layout(`<div style="width: 100pt; height: 40pt; background-image: url(${PNG}); ${css}"></div>`).items)[0]?.items ?? []) as ImageItem[];
    assert.equal(tiles("background-size: 25pt 10pt").length, 4 * 4);
    assert.equal(tiles("background-size: 25pt 10pt; background-repeat: repeat-x").length, 4);
    // LayoutLimits.maxBackgroundTiles (HTML_MAX_BACKGROUND_TILES) bounds a fine pattern; the default is 2,000.
    const bounded = (max?: number) => (groups(layout(`<div style="width: 100pt; height: 40pt; background-image: url(${PNG}); background-size: 1pt 1pt"></div>`, max === undefined ? undefined : { maxBackgroundTiles: max }).items)[0]?.items ?? []).length;
    assert.equal(bounded(), 2000);
    assert.equal(bounded(5), 5);
    const cover = tiles("background-size: cover; background-repeat: no-repeat");
    assert.deepEqual([cover[0]?.width, cover[0]?.height], [100, 50]);
    const contain = tiles("background-size: contain; background-repeat: no-repeat; background-position: center");
    assert.deepEqual([contain[0]?.x, contain[0]?.y, contain[0]?.width, contain[0]?.height], [10, 0, 80, 40]);
    const clipped = groups(layout(`<div style="height: 20pt; border: 4pt solid red; padding: 3pt; background-image: url(${PNG}); background-clip: content-box"></div>`).items)[0];
    assert.deepEqual(clipped?.clip, { x: 7, y: 7, width: 186, height: 20 });
  });

  test("linear and radial gradients become shadings over the box; a fade to transparent stops painting", () => {
    const { items } = layout(`<div style="height: 50pt; background: linear-gradient(to right, #ff0000, #0000ff 75%)"></div>
      <div style="height: 50pt; background-image: radial-gradient(circle closest-side at 50pt 25pt, #ffffff, #000000 50%, transparent 60%), linear-gradient(#00ff00, #00ff00)"></div>
      <div style="height: 50pt; background: linear-gradient(#ff0000, transparent) #0000ff"></div>`);
    const [linear, under, radial, alone] = groups(items).map((g) => g.items[0] as ShapeItem);
    assert.equal(under?.fillGradient?.stops[0]?.color, "#00ff00", "the layer under the radial one");
    assert.deepEqual(alone?.fillGradient?.stops.map((s) => s.color), ["#ff0000", "#0000ff"], "the bottom layer fades to the box's colour");
    assert.equal(alone?.geometry.type, "rect");
    assert.deepEqual(linear?.fillGradient?.coords.map((c) => Math.round(c * 1000) / 1000), [0, 25, 200, 25]);
    assert.deepEqual(linear?.fillGradient?.stops, [{ offset: 0, color: "#ff0000" }, { offset: 0.75, color: "#0000ff" }]);
    assert.equal(radial?.fillGradient?.type, "radial");
    assert.deepEqual(radial?.fillGradient?.matrix, [25, 0, 0, 25, 50, 75]);
    assert.deepEqual(radial?.geometry, { type: "ellipse", cx: 50, cy: 75, rx: 25 * 0.55, ry: 25 * 0.55 }, "painted up to halfway through the fade");
  });

  test("a remote url() is never fetched: the declaration is dropped and reported", () => {
    const { items, codes } = layout(`<div style="height: 20pt; background: url(https://example.com/a.png), red"></div>`);
    assert.ok(codes.some((c) => c.startsWith("css.dropped")));
    assert.equal(groups(items).length, 0);
  });

  test("values", () => {
    assert.deepEqual(positionOf("right 10pt bottom"), [{ pt: -10, pct: 100 }, { pt: 0, pct: 100 }]);
    assert.deepEqual(positionOf("top"), [{ pt: 0, pct: 50 }, { pt: 0, pct: 0 }]);
    const g = parseImage("linear-gradient(45deg, red, rgba(0,0,0,0) 80%)");
    assert.equal(g?.kind, "linear");
    assert.deepEqual(g?.kind === "linear" ? g.stops.map((s) => s.clear === true) : [], [false, true]);
  });
});

describe("@page backgrounds", () => {
  test("colour and image layers cover every page box, margins included, under the content", () => {
    const result = layoutHtml(`<style>@page { size: 100pt 100pt; margin: 10pt; background: linear-gradient(#000000, #ffffff), #ff0000 }
      p { margin: 0; height: 60pt; font-size: 8pt }</style><p>one</p><p>two</p>`, {}, { fonts: registry, now: new Date(0) });
    assert.equal(result.pages.length, 2);
    for (const page of result.pages) {
      const [colour, layer] = page.items;
      assert.deepEqual(colour, { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 100, height: 100 }, fill: "#ff0000" });
      assert.equal(layer?.kind, "group");
      assert.deepEqual((layer as GroupItem).clip, { x: 0, y: 0, width: 100, height: 100 });
    }
  });
});

describe("list-style-image", () => {
  test("an image marker left of each item, inherited from the list; none falls back to the type", () => {
    const result = layoutHtml(`${PAGE}<style>ul { list-style: square url(${PNG}) outside; font-size: 10pt; margin: 0; padding-left: 30pt } .plain { list-style-image: none }</style>
      <ul><li>one</li><li>two</li><li class="plain">three</li></ul>`, {}, { fonts: registry, now: new Date(0) });
    const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
    const items = flat(result.pages[0]?.items ?? []);
    const markers = items.filter((i): i is ImageItem => i.kind === "image");
    assert.equal(markers.length, 2);
    for (const m of markers) {
      assert.deepEqual([m.width, m.height], [1.5, 0.75]);
      assert.ok(m.x < 30, "left of the content");
    }
    assert.ok(items.some((i) => i.kind === "shape" && i.geometry.type === "rect"), "the third item's square bullet");
    assert.deepEqual(result.diagnostics, []);
  });
});

describe("the canvas background", () => {
  test("the body's background covers every whole page, margins included, and the body paints none of its own", () => {
    const result = layoutHtml(`<style>@page { size: 100pt 100pt; margin: 20pt } body { margin: 0; background: #000080 } p { margin: 0; height: 50pt }</style><p>a</p><p>b</p>`, {}, { fonts: registry, now: new Date(0) });
    assert.equal(result.pages.length, 2);
    for (const page of result.pages) {
      const fills = page.items.filter((i): i is ShapeItem => i.kind === "shape" && i.fill === "#000080");
      assert.deepEqual(fills.map((f) => f.geometry), [{ type: "rect", x: 0, y: 0, width: 100, height: 100 }]);
    }
  });

  test("the root's background wins over the body's, which stays on the body", () => {
    const result = layoutHtml(`<style>@page { size: 100pt 100pt; margin: 10pt } html { background: #ff0000 } body { margin: 0; background: #00ff00; height: 20pt }</style><p>x</p>`, {}, { fonts: registry, now: new Date(0) });
    const fills = (result.pages[0]?.items ?? []).filter((i): i is ShapeItem => i.kind === "shape").map((i) => [i.fill, i.geometry.type === "rect" ? i.geometry.width : 0]);
    assert.deepEqual(fills.slice(0, 2), [["#ff0000", 100], ["#00ff00", 80]]);
  });
});
