import { strict as assert } from "node:assert";
import { test } from "node:test";
import { ELEMENT_KINDS, measureElement } from "../../src/elements/registry.js";
import { rotationAbout } from "../../src/elements/effects.js";
import { ELEMENT_TYPES, type Element } from "../../src/model/types.js";
import { measure, place, testEnv } from "./env.js";

test("every element type has a kind", () => {
  assert.deepEqual(Object.keys(ELEMENT_KINDS).sort(), [...ELEMENT_TYPES].sort());
});

test("an element that throws is left out with a diagnostic; layout goes on", () => {
  const env = testEnv();
  const broken = { id: "x", type: "table", x: 0, y: 0, width: 10, height: 12, bindingField: "rows", get columns(): never { throw new Error("boom"); } };
  const block = measureElement(broken as unknown as Element, { env, scope: undefined, tokens: env.tokens, path: "p" });
  assert.equal(block.height, 12);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["element.failed"]);
});

test("opacity and rotation wrap the element in one group; a rotated element never splits", () => {
  const [group] = place(measure({ type: "rect", fill: "#000000", width: 40, height: 20, opacity: 0.5, rotation: 90 }));
  assert.ok(group?.kind === "group");
  assert.equal(group.opacity, 0.5);
  assert.deepEqual(group.transform?.map((v) => Math.round(v * 1000) / 1000), [0, 1, -1, 0, 30, -10]);
  const text = measure({ type: "text", text: "word ".repeat(80), rotation: 5 });
  assert.equal(text.split(20, false).fits, null);
});

test("a rotation maps the element's right edge clockwise about its centre (y down)", () => {
  const [a, b, c, d, e, f] = rotationAbout(90, 10, 10);
  const x = 20;
  const y = 10;
  assert.deepEqual([Math.round(a * x + c * y + e), Math.round(b * x + d * y + f)], [10, 20]);
});

test("lines, rects and ellipses: defaults and nothing painted without colours", () => {
  const [line] = place(measure({ type: "line", width: 50, height: 0 }));
  assert.deepEqual(line, { kind: "shape", geometry: { type: "line", x1: 0, y1: 0, x2: 50, y2: 0 }, stroke: { color: "#000000", width: 1 } });
  assert.deepEqual(place(measure({ type: "rect" })), []);
  const [ellipse] = place(measure({ type: "ellipse", fill: "@accent", width: 10, height: 6 }));
  assert.deepEqual(ellipse, { kind: "shape", geometry: { type: "ellipse", cx: 5, cy: 3, rx: 5, ry: 3 }, fill: "#f59e0b" });
});
