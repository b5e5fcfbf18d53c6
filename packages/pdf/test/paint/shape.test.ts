import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FrameItem, ShapeItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { layoutOf, NOW } from "../support/frames.js";
import { near, pageContents, raster, type Raster } from "../support/inspect.js";
import { rasterise } from "../support/pdfjs.js";

const WHITE = [255, 255, 255];
const BLUE = [0x33, 0x66, 0xcc];
const RED = [255, 0, 0];

async function paint(items: readonly FrameItem[]): Promise<{ content: string; page: Raster }> {
  const pdf = await paintPdf(layoutOf([items]), { now: NOW });
  const [png] = await rasterise(pdf, { scale: 1 });
  return { content: pageContents(pdf)[0]!, page: await raster(png!) };
}

describe("shapes", () => {
  it("fills and strokes a rectangle", async () => {
    const { content, page } = await paint([
      { kind: "shape", geometry: { type: "rect", x: 20, y: 20, width: 100, height: 50 }, fill: "#3366cc", stroke: { color: "#ff0000", width: 4 } },
    ]);
    assert.match(content, /20 20 100 50 re\nB\n/);
    assert.match(content, /0\.2 0\.4 0\.8 rg/);
    assert.match(content, /1 0 0 RG\n4 w/);
    assert.ok(near(page.at(70, 45), BLUE), "inside is filled");
    assert.ok(near(page.at(70, 20), RED), "edge is stroked");
    assert.ok(near(page.at(70, 80), WHITE), "outside is untouched");
  });

  it("rounds rectangle corners with the radius", async () => {
    const { page } = await paint([{ kind: "shape", geometry: { type: "rect", x: 20, y: 20, width: 100, height: 60, radius: 20 }, fill: "#3366cc" }]);
    assert.ok(near(page.at(22, 22), WHITE), "corner cut away");
    assert.ok(near(page.at(30, 30), BLUE), "inside the arc");
    assert.ok(near(page.at(70, 21), BLUE), "straight edge");
  });

  it("draws an ellipse", async () => {
    const { page } = await paint([{ kind: "shape", geometry: { type: "ellipse", cx: 100, cy: 100, rx: 60, ry: 30 }, fill: "#3366cc" }]);
    assert.ok(near(page.at(100, 100), BLUE));
    assert.ok(near(page.at(155, 100), BLUE), "near the end of the long axis");
    assert.ok(near(page.at(100, 125), BLUE), "near the end of the short axis");
    assert.ok(near(page.at(150, 125), WHITE), "outside the curve, inside the box");
  });

  it("strokes a line with a dash pattern and never fills it", async () => {
    const { content, page } = await paint([
      { kind: "shape", geometry: { type: "line", x1: 10, y1: 50, x2: 190, y2: 50 }, fill: "#00ff00", stroke: { color: "#ff0000", width: 6, dash: [20, 10] } },
    ]);
    assert.match(content, /\[20 10\] 0 d/);
    assert.match(content, /10 50 m 190 50 l\nS/);
    assert.doesNotMatch(content, /rg/);
    assert.ok(near(page.at(20, 50), RED), "inside a dash");
    assert.ok(near(page.at(35, 50), WHITE), "inside a gap");
  });

  it("draws SVG paths with the non-zero or even-odd rule", async () => {
    const squares = "M20 20 L180 20 L180 180 L20 180 Z M60 60 L140 60 L140 140 L60 140 Z";
    const nonzero = await paint([{ kind: "shape", geometry: { type: "path", d: squares }, fill: "#3366cc" }]);
    const evenodd = await paint([{ kind: "shape", geometry: { type: "path", d: squares, fillRule: "evenodd" }, fill: "#3366cc" }]);
    assert.match(nonzero.content, /\nf\n/);
    assert.match(evenodd.content, /\nf\*\n/);
    assert.ok(near(nonzero.page.at(100, 100), BLUE), "non-zero fills the inner square");
    assert.ok(near(evenodd.page.at(100, 100), WHITE), "even-odd leaves a hole");
    assert.ok(near(evenodd.page.at(40, 100), BLUE));
  });

  it("keeps operators in item order around pdfkit's path parser", async () => {
    const { content } = await paint([
      { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 10, height: 10 }, fill: "#ff0000" },
      { kind: "shape", geometry: { type: "path", d: "M0 0 L10 10" }, stroke: { color: "#0000ff", width: 1 } },
      { kind: "shape", geometry: { type: "rect", x: 20, y: 0, width: 10, height: 10 }, fill: "#00ff00" },
    ]);
    // "\nS\n": a tagged page's marked content (`/Span <</MCID 0>> BDC`) has an S of its own.
    const order = ["0 0 10 10 re", "0 0 m", "10 10 l", "\nS\n", "20 0 10 10 re"].map((op) => content.indexOf(op));
    assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), content);
  });

  it("writes nothing for a shape with neither fill nor (positive) stroke", async () => {
    const invisible: ShapeItem[] = [
      { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 10, height: 10 } },
      { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 10, height: 10 }, stroke: { color: "#000000", width: 0 } },
    ];
    const { content } = await paint(invisible);
    assert.doesNotMatch(content, /re/);
  });

  it("writes a colour, width or dash only when it changes", async () => {
    const row = (y: number): ShapeItem => ({
      kind: "shape",
      geometry: { type: "line", x1: 0, y1: y, x2: 100, y2: y },
      stroke: { color: "#cccccc", width: 0.5 },
    });
    const { content } = await paint([row(10), row(20), row(30)]);
    assert.equal(content.match(/RG/g)?.length, 1);
    assert.equal(content.match(/ w\n/g)?.length, 1);
  });
});
