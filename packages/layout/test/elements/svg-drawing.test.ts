// The pure SVG converter: shapes to path data, transforms, paint and style cascade, local <use>, and the
// bounds that keep hostile input cheap.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { svgDrawing } from "../../src/elements/svg-drawing.js";
import type { SvgNode } from "../../src/elements/svg-node.js";
import { normalisePathData } from "../../src/elements/svg-path.js";
import { parsePaint } from "../../src/elements/svg-paint.js";
import { parseTransform } from "../../src/elements/svg-transform.js";
import { cpuClock } from "../support/cpu.js";

const el = (tag: string, attrs: Record<string, string> = {}, children: SvgNode[] = []): SvgNode => ({ tag, attrs, children });
const svg = (children: SvgNode[], attrs: Record<string, string> = { viewbox: "0 0 10 10" }): SvgNode => el("svg", attrs, children);

test("basic shapes become path data", () => {
  const drawing = svgDrawing(svg([
    el("rect", { x: "1", y: "2", width: "3", height: "4" }),
    el("rect", { width: "4", height: "4", rx: "1" }),
    el("circle", { cx: "5", cy: "5", r: "2" }),
    el("ellipse", { cx: "5", cy: "5", rx: "2", ry: "1" }),
    el("line", { x1: "0", y1: "0", x2: "10", y2: "10", stroke: "red" }),
    el("polyline", { points: "0,0 1,1 2,0", stroke: "red" }),
    el("polygon", { points: "0 0 1 1 2 0" }),
  ]));
  assert.ok(drawing);
  const ds = drawing.paths.map((p) => p.d);
  assert.equal(ds[0], "M1 2 H4 V6 H1 Z");
  assert.match(ds[1]!, /^M1 0 H3 A1 1 0 0 1 4 1/);
  assert.equal(ds[2], "M3 5 A2 2 0 1 0 7 5 A2 2 0 1 0 3 5 Z");
  assert.match(ds[3]!, /^M3 5 A2 1/);
  assert.equal(ds[4], "M0 0 L10 10");
  assert.equal(ds[5], "M0 0 L1 1 L2 0");
  assert.equal(ds[6], "M0 0 L1 1 L2 0 Z");
  // lines and polylines are never filled
  assert.equal(drawing.paths[4]!.fill, undefined);
  assert.equal(drawing.paths[4]!.stroke, "#ff0000");
});

test("paint cascades from groups; the style attribute wins over presentation attributes", () => {
  const drawing = svgDrawing(svg([
    el("g", { fill: "blue", stroke: "#0f0", "stroke-width": "3", opacity: "0.5" }, [
      el("path", { d: "M0 0 L1 1", style: "fill: rgb(255, 0, 0); fill-opacity: .5", fill: "yellow" }),
      el("path", { d: "M0 0 L1 1", "fill-rule": "evenodd", stroke: "none" }),
    ]),
  ]));
  assert.ok(drawing);
  const [a, b] = drawing.paths;
  assert.deepEqual({ fill: a?.fill, fo: a?.fillOpacity, stroke: a?.stroke, sw: a?.strokeWidth, o: a?.opacity }, { fill: "#ff0000", fo: 0.5, stroke: "#00ff00", sw: 3, o: 0.5 });
  assert.deepEqual({ fill: b?.fill, rule: b?.fillRule, stroke: b?.stroke }, { fill: "#0000ff", rule: "evenodd", stroke: undefined });
});

test("currentColor stays symbolic unless the SVG sets color", () => {
  const drawing = svgDrawing(svg([el("path", { d: "M0 0h1", stroke: "currentColor", fill: "none" }), el("g", { color: "#123456" }, [el("path", { d: "M0 0h1", fill: "currentColor" })])]));
  assert.equal(drawing?.paths[0]?.stroke, "currentColor");
  assert.equal(drawing?.paths[1]?.fill, "#123456");
});

test("transforms compose from the root down", () => {
  const drawing = svgDrawing(svg([el("g", { transform: "translate(10 20)" }, [el("rect", { width: "1", height: "1", transform: "scale(2)" })])]));
  assert.deepEqual(drawing?.paths[0]?.transform, [2, 0, 0, 2, 10, 20]);
  const r = parseTransform("rotate(90 5 5)")!.map((v) => Math.round(v * 1000) / 1000);
  assert.deepEqual(r, [0, 1, -1, 0, 10, 0]);
  assert.deepEqual(parseTransform("matrix(1,0,0,1,3,4) skewX(0)"), [1, 0, 0, 1, 3, 4]);
  assert.equal(parseTransform("bogus(1)"), undefined);
  // a transform with absurd numbers drops the element rather than poisoning the PDF
  assert.equal(svgDrawing(svg([el("rect", { width: "1", height: "1", transform: "scale(1e300)" })]))?.paths.length, 0);
});

test("local <use> is resolved; external references and images are dropped with notes; an empty <text> draws nothing", () => {
  const drawing = svgDrawing(svg([
    el("defs", {}, [el("rect", { id: "r", width: "2", height: "2" })]),
    el("use", { href: "#r", x: "5" }),
    el("use", { href: "http://example.com/a.svg#x" }),
    el("text", {}, []),
    el("image", { href: "https://example.com/a.png" }),
    el("rect", { width: "1", height: "1", style: "fill: url(http://example.com/p.svg#g)", stroke: "red" }),
  ]));
  assert.ok(drawing);
  assert.equal(drawing.paths.length, 2);
  // the external paint is none (as in a browser); the stroke still draws
  assert.deepEqual([drawing.paths[1]?.fill, drawing.paths[1]?.stroke], [undefined, "#ff0000"]);
  assert.deepEqual(drawing.paths[0]?.transform, [1, 0, 0, 1, 5, 0]);
  assert.ok(drawing.notes.some((n) => n.includes("<use href>")));
  assert.equal(drawing.texts, undefined);
  assert.ok(drawing.notes.some((n) => n.includes("images inside SVG")));
  assert.ok(drawing.notes.some((n) => n.includes("url()")));
});

test("exponential <use> chains and deep nesting stay bounded", () => {
  const defs: SvgNode[] = [el("rect", { id: "l0", width: "1", height: "1" })];
  for (let i = 1; i < 12; i++) defs.push(el("g", { id: `l${i}` }, Array.from({ length: 10 }, () => el("use", { href: `#l${i - 1}` }))));
  const cpuMs = cpuClock();
  const drawing = svgDrawing(svg([el("defs", {}, defs), el("use", { href: "#l11" })]));
  assert.ok(drawing && drawing.paths.length <= 10_000);
  let deep: SvgNode = el("rect", { width: "1", height: "1" });
  for (let i = 0; i < 500; i++) deep = el("g", {}, [deep]);
  const nested = svgDrawing(svg([deep]));
  assert.equal(nested?.paths.length, 0);
  assert.ok(nested?.notes.some((n) => n.includes("nested too deeply")));
  assert.ok(cpuMs() < 2000);
});

test("viewBox, size and preserveAspectRatio", () => {
  assert.deepEqual(svgDrawing(el("svg", { width: "40", height: "20" }))?.viewBox, { x: 0, y: 0, width: 40, height: 20 });
  assert.deepEqual(svgDrawing(el("svg", {}))?.viewBox, { x: 0, y: 0, width: 300, height: 150 });
  assert.deepEqual(svgDrawing(el("svg", { viewbox: "0 0 0 5", width: "8", height: "9" }))?.viewBox, { x: 0, y: 0, width: 8, height: 9 });
  assert.deepEqual(svgDrawing(el("svg", { preserveaspectratio: "xMinYMax slice" }))?.aspect, { x: "min", y: "max", mode: "slice" });
  assert.equal(svgDrawing(el("svg", { preserveaspectratio: "none" }))?.aspect.mode, "none");
  assert.equal(svgDrawing(el("g")), undefined);
});

test("path data is cut at its first error and never carries absurd numbers", () => {
  assert.equal(normalisePathData("M0,0L10-5.5.5.5z"), "M0 0 L10 -5.5 L0.5 0.5 z");
  assert.equal(normalisePathData("M0,0L10-5.5.5z"), "M0 0 L10 -5.5");
  assert.equal(normalisePathData("M1 1 L2"), "M1 1");
  assert.equal(normalisePathData("L1 1"), "");
  assert.equal(normalisePathData("M0 0 L1e400 0"), "M0 0");
  assert.equal(normalisePathData("M0 0 a5 5 0 1 1 10 0"), "M0 0 a5 5 0 1 1 10 0");
  assert.equal(normalisePathData("M0 0 a5 5 0 1110 0"), "M0 0 a5 5 0 1 1 10 0");
});

test("paints: hex, rgb(), names, none, url() fallbacks", () => {
  assert.deepEqual(parsePaint("#abc"), { kind: "colour", colour: "#aabbcc", alpha: 1 });
  assert.deepEqual(parsePaint("#ff000080"), { kind: "colour", colour: "#ff0000", alpha: 128 / 255 });
  assert.deepEqual(parsePaint("rgba(0, 128, 255, 0.5)"), { kind: "colour", colour: "#0080ff", alpha: 0.5 });
  assert.deepEqual(parsePaint("Tomato"), { kind: "colour", colour: "#ff6347", alpha: 1 });
  assert.deepEqual(parsePaint("none"), { kind: "none" });
  assert.deepEqual(parsePaint("url(#g) red"), { kind: "colour", colour: "#ff0000", alpha: 1 });
  assert.deepEqual(parsePaint("url(#g)"), { kind: "none" });
  assert.equal(parsePaint("nonsense"), undefined);
});

test("a big path multiplied by <use> stops at the drawing's path data budget", () => {
  const big = `M0 0 ${"L1 1 ".repeat(100_000)}`;
  const fan = (id: string, target: string): SvgNode => el("g", { id }, Array.from({ length: 10 }, () => el("use", { href: `#${target}` })));
  const drawing = svgDrawing(svg([el("defs", {}, [el("path", { id: "p", d: big }), fan("a", "p"), fan("b", "a"), fan("c", "b")]), el("use", { href: "#c" })]));
  assert.ok(drawing);
  const total = drawing.paths.reduce((sum, p) => sum + p.d.length, 0);
  assert.ok(total <= 4_000_000 && drawing.paths.length >= 1, `${total} characters in ${drawing.paths.length} paths`);
  assert.ok(drawing.notes.some((n) => n.includes("too large")));
});
