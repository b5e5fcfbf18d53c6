// SVG gradients resolved for PDF shadings: geometry, stops, units, transforms, href inheritance, and the
// cases that fall back (single stop, no stops, unknown reference, flat box).
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { svgDrawing } from "../../src/elements/svg-drawing.js";
import { pathBox } from "../../src/elements/svg-gradient.js";
import type { SvgNode } from "../../src/elements/svg-node.js";

const el = (tag: string, attrs: Record<string, string> = {}, children: SvgNode[] = []): SvgNode => ({ tag, attrs, children });
const svg = (children: SvgNode[]): SvgNode => el("svg", { viewbox: "0 0 100 100" }, children);
const stop = (offset: string, colour: string, extra: Record<string, string> = {}) => el("stop", { offset, "stop-color": colour, ...extra });

test("a linear gradient on a rect: object bounding box mapped onto the rect, stops in order", () => {
  const drawing = svgDrawing(svg([
    el("defs", {}, [el("lineargradient", { id: "g" }, [stop("0", "red"), stop("50%", "#00ff00"), stop("1", "blue")])]),
    el("rect", { x: "10", y: "20", width: "80", height: "40", fill: "url(#g)" }),
  ]))!;
  const path = drawing.paths[0]!;
  assert.deepEqual(path.fillGradient, {
    type: "linear",
    coords: [0, 0, 1, 0],
    stops: [{ offset: 0, color: "#ff0000" }, { offset: 0.5, color: "#00ff00" }, { offset: 1, color: "#0000ff" }],
    matrix: [80, 0, 0, 40, 10, 20],
  });
  assert.equal(path.fill, "#ff0000", "the first stop is the fallback colour");
  assert.deepEqual(drawing.notes, []);
});

test("a radial gradient in user space with a transform, inheriting stops through href (style attribute stops)", () => {
  const drawing = svgDrawing(svg([
    el("radialgradient", { id: "base" }, [stop("0", "", { style: "stop-color: white" }), stop("1", "", { style: "stop-color:#000" })]),
    el("radialgradient", { id: "r", href: "#base", gradientunits: "userSpaceOnUse", cx: "50", cy: "50", r: "40", fx: "40", gradienttransform: "translate(5 0)" }),
    el("circle", { cx: "50", cy: "50", r: "40", style: "fill: url(#r)" }),
  ]))!;
  const g = drawing.paths[0]!.fillGradient!;
  assert.equal(g.type, "radial");
  assert.deepEqual(g.coords, [40, 50, 0, 50, 50, 40]);
  assert.deepEqual(g.stops.map((s) => s.color), ["#ffffff", "#000000"]);
  assert.deepEqual(g.matrix, [1, 0, 0, 1, 5, 0]);
});

test("fallbacks: one stop paints flat, no stops paint nothing, an unknown id keeps the url()'s fallback colour", () => {
  const drawing = svgDrawing(svg([
    el("lineargradient", { id: "one" }, [stop("0.3", "orange")]),
    el("lineargradient", { id: "none" }),
    el("rect", { width: "10", height: "10", fill: "url(#one)" }),
    el("rect", { width: "10", height: "10", fill: "url(#none)" }),
    el("rect", { width: "10", height: "10", fill: "url(#missing) green" }),
  ]))!;
  assert.equal(drawing.paths.length, 2);
  assert.equal(drawing.paths[0]!.fill, "#ffa500");
  assert.equal(drawing.paths[0]!.fillGradient, undefined);
  assert.equal(drawing.paths[1]!.fill, "#008000");
});

test("what is not drawn is noted: stop opacity and reflect/repeat spreads", () => {
  const drawing = svgDrawing(svg([
    el("lineargradient", { id: "g", spreadmethod: "reflect" }, [stop("0", "red", { "stop-opacity": "0.5" }), stop("1", "blue")]),
    el("rect", { width: "10", height: "10", fill: "url(#g)" }),
  ]))!;
  assert.ok(drawing.paths[0]!.fillGradient);
  assert.ok(drawing.notes.some((n) => n.includes("stop opacity")));
  assert.ok(drawing.notes.some((n) => n.includes("reflect")));
});

test("path bounding boxes: lines, curves' control points, arcs by their bulge", () => {
  assert.deepEqual(pathBox("M10 10 L30 40 H50 V5 Z"), { x: 10, y: 5, width: 40, height: 35 });
  const circle = pathBox("M3 5 A2 2 0 1 0 7 5 A2 2 0 1 0 3 5 Z")!;
  assert.ok(circle.x <= 3 && circle.x + circle.width >= 7 && circle.y <= 3 && circle.y + circle.height >= 7, JSON.stringify(circle));
  assert.deepEqual(pathBox("m0 0 c0 10 10 10 10 0"), { x: 0, y: 0, width: 10, height: 10 });
});

test("<text> becomes a text of the drawing: position, anchor, inherited font properties, fill and transform", () => {
  const text = (attrs: Record<string, string>, content: string, children: SvgNode[] = []): SvgNode => ({ tag: "text", attrs, children, text: content });
  const drawing = svgDrawing(svg([
    el("g", { style: "font-family: Lato, sans-serif; font-size: 12pt; font-weight: bold", fill: "navy", transform: "translate(5 5)" }, [
      text({ x: "10 20", y: "30", dx: "2", "text-anchor": "end", "font-style": "italic" }, "  Total\n  42 "),
    ]),
    text({}, "   "),
    text({ fill: "none" }, "invisible"),
  ]))!;
  assert.deepEqual(drawing.texts, [{
    text: "Total 42", x: 12, y: 30, transform: [1, 0, 0, 1, 5, 5], family: "Lato, sans-serif", size: 16, weight: 700,
    italic: true, anchor: "end", fill: "#000080", opacity: 1,
  }]);
  assert.deepEqual(drawing.notes, []);
});

test("a gradient used as a stroke is painted with its fallback colour and says so", () => {
  const drawing = svgDrawing(svg([
    el("defs", {}, [el("lineargradient", { id: "g" }, [stop("0", "red"), stop("1", "blue")])]),
    el("rect", { x: "10", y: "20", width: "80", height: "40", fill: "none", stroke: "url(#g) green", "stroke-width": "2" }),
  ]))!;
  assert.equal(drawing.paths[0]!.stroke, "#008000");
  assert.ok(drawing.notes.some((n) => n.includes("as a stroke")), drawing.notes.join("; "));
});
