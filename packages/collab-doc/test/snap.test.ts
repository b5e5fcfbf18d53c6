import assert from "node:assert/strict";
import { test } from "node:test";
import { snapMove, snapResize } from "../src/index.js";

const other = { x: 100, y: 100, width: 50, height: 20 };

test("no targets, no grid: the box is unchanged and there are no guides", () => {
  assert.deepEqual(snapMove({ x: 3.3, y: 4.4, width: 10, height: 10 }, { threshold: 5 }), { rect: { x: 3.3, y: 4.4, width: 10, height: 10 }, guides: [] });
});

test("the grid snaps the top-left corner to the nearest line", () => {
  const { rect, guides } = snapMove({ x: 13, y: 16, width: 10, height: 10 }, { threshold: 2, grid: 10 });
  assert.deepEqual(rect, { x: 10, y: 20, width: 10, height: 10 });
  assert.deepEqual(guides, []);
});

test("a left edge near another box's left edge snaps to it, with a vertical guide spanning both", () => {
  const { rect, guides } = snapMove({ x: 103, y: 200, width: 30, height: 10 }, { threshold: 4, grid: 8, targets: [other] });
  assert.equal(rect.x, 100);
  // y had no target within reach: the grid applies on that axis.
  assert.equal(rect.y, 200);
  assert.deepEqual(guides, [{ axis: "x", position: 100, start: 100, end: 210 }]);
});

test("centres snap to centres and the nearest candidate wins", () => {
  // Centre 125 → other's centre 125 is 2 away; the left edge 110 is 10 from 100.
  const { rect, guides } = snapMove({ x: 112, y: 0, width: 30, height: 10 }, { threshold: 5, targets: [other] });
  assert.equal(rect.x, 110);
  assert.deepEqual(guides.map((g) => [g.axis, g.position]), [["x", 125]]);
});

test("beyond the threshold nothing snaps to targets", () => {
  const { rect, guides } = snapMove({ x: 160, y: 300, width: 10, height: 10 }, { threshold: 4, targets: [other] });
  assert.deepEqual(rect, { x: 160, y: 300, width: 10, height: 10 });
  assert.deepEqual(guides, []);
});

test("both axes snap at once; one guide per line, merged across targets", () => {
  const twin = { x: 100, y: 300, width: 80, height: 10 };
  const { rect, guides } = snapMove({ x: 99, y: 121, width: 20, height: 20 }, { threshold: 3, targets: [other, twin] });
  assert.deepEqual(rect, { x: 100, y: 120, width: 20, height: 20 });
  assert.deepEqual(guides, [
    { axis: "x", position: 100, start: 100, end: 310 },
    { axis: "y", position: 120, start: 100, end: 150 },
  ]);
});

test("resizing from the east snaps only the right edge", () => {
  const { rect, guides } = snapResize({ x: 10, y: 100, width: 137, height: 20 }, "e", { threshold: 4, targets: [other] });
  assert.deepEqual(rect, { x: 10, y: 100, width: 140, height: 20 });
  assert.deepEqual(guides.map((g) => [g.axis, g.position]), [["x", 150]]);
});

test("resizing from the north-west keeps the opposite corner and respects the minimum size", () => {
  const { rect } = snapResize({ x: 98, y: 97, width: 40, height: 40 }, "nw", { threshold: 4, targets: [other] });
  assert.deepEqual(rect, { x: 100, y: 100, width: 38, height: 37 });
  // The grid would put the left edge at 10, past the right edge (8): it stops at the minimum width.
  const tiny = snapResize({ x: 5, y: 0, width: 3, height: 3 }, "w", { threshold: 1, grid: 10, minSize: 2 });
  assert.deepEqual(tiny.rect, { x: 6, y: 0, width: 2, height: 3 });
});

test("resize falls back to the grid for the moving edge", () => {
  const { rect } = snapResize({ x: 0, y: 0, width: 47, height: 33 }, "se", { threshold: 1, grid: 10 });
  assert.deepEqual(rect, { x: 0, y: 0, width: 50, height: 30 });
});
