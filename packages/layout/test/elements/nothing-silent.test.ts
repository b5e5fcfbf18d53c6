// Nothing silent: `dash` strokes rectangles and ellipses as it does lines, and a page band whose content is
// taller than the band is reported.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, ShapeItem } from "../../src/frame/types.js";
import { parseDocument } from "../../src/model/parse.js";
import { layout } from "../golden/support.js";
import { measure, place } from "./env.js";

const shapes = (items: readonly FrameItem[]): ShapeItem[] => items.filter((i): i is ShapeItem => i.kind === "shape");

test("dash on rect and ellipse reaches the stroke, as on a line", () => {
  for (const type of ["rect", "ellipse", "line"] as const) {
    const [shape] = shapes(place(measure({ type, width: 40, height: 20, stroke: "#000000", dash: [4, 2] })));
    assert.deepEqual(shape?.stroke?.dash, [4, 2], type);
  }
  const [solid] = shapes(place(measure({ type: "rect", width: 40, height: 20, stroke: "#000000", dash: [0, 0] })));
  assert.equal(solid?.stroke?.dash, undefined, "an all-zero pattern is a solid stroke");
  const doc = { version: 4, pageSize: { id: "a4" }, schema: [], bands: [{ id: "b", kind: "report-header", height: 20, elements: [
    { id: "r", type: "rect", x: 0, y: 0, width: 10, height: 10, stroke: "#000000", dash: [3, 1] }] }] };
  const parsed = parseDocument(doc);
  assert.ok(parsed.ok && (parsed.document.bands[0]!.elements[0] as { dash?: number[] }).dash?.length === 2, "kept by the parser");
});

test("a page footer whose text needs more room than its band is reported once", () => {
  const doc = { version: 4, pageSize: { id: "a6" }, schema: [], bands: [
    { id: "body", kind: "detail", height: 20, bindingField: "rows", elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 16, text: "{{ n }}" }] },
    { id: "pf", kind: "page-footer", height: 12, elements: [
      { id: "f", type: "text", x: 0, y: 0, width: 60, height: 12, fontSize: 9, text: "A footer far too long for its twelve point band" }] },
  ] };
  const result = layout(doc, { rows: Array.from({ length: 40 }, (_, n) => ({ n })) });
  assert.ok(result.pages.length > 1);
  assert.deepEqual(result.diagnostics.filter((d) => d.code === "band.overflow").map((d) => d.path), ["bands[1]"]);
  const fits = layout({ ...doc, bands: [doc.bands[0], { ...doc.bands[1], height: 60 }] }, { rows: [{ n: 1 }] });
  assert.deepEqual(fits.diagnostics.filter((d) => d.code === "band.overflow"), []);
});

test("a weight the family lacks is reported with the family, the weight asked for and the weight printed", () => {
  const doc = (elements: Record<string, unknown>[]) => ({ version: 4, pageSize: { id: "a6" }, schema: [], bands: [
    { id: "b", kind: "report-header", height: 100, elements: elements.map((e, i) => ({ id: `e${i}`, x: 0, y: 20 * i, width: 100, height: 16, ...e })) }] });
  const result = layout(doc([
    { type: "text", text: "semi", fontWeight: 600 },
    { type: "markdown", text: "light", fontWeight: 300, fontFamily: "Noto Sans" },
    { type: "text", text: "bold", fontWeight: 700 },
    { type: "text", text: "regular" },
    { type: "text", text: "unknown family", fontFamily: "Nope", fontWeight: 600 },
  ]), {});
  const weights = result.diagnostics.filter((d) => d.code === "font.weight");
  assert.deepEqual(weights.map((d) => [d.path, d.message]), [
    ["bands[0].elements[0]", "Font family 'Inter' has no weight 600; it prints in weight 700."],
    ["bands[0].elements[1]", "Font family 'Noto Sans' has no weight 300; it prints in weight 400."],
  ]);
});
