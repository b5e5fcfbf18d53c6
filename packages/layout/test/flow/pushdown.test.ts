import { strict as assert } from "node:assert";
import { test } from "node:test";
import { pushDown } from "../../src/flow/pushdown.js";

test("no growth: tops unchanged, band keeps its height", () => {
  const r = pushDown([{ top: 0, height: 10, actual: 10 }, { top: 20, height: 10, actual: 5 }], 40);
  assert.deepEqual(r.tops, [0, 20]);
  assert.equal(r.height, 40);
});

test("a growing element pushes what starts at or below its bottom, not what is beside it", () => {
  const r = pushDown(
    [
      { top: 0, height: 14, actual: 72 }, // grows by 58
      { top: 24, height: 14, actual: 14 }, // below: pushed
      { top: 0, height: 14, actual: 14 }, // beside: stays
      { top: 14, height: 10, actual: 10 }, // top exactly at the bottom: pushed
      { top: 10, height: 30, actual: 30 }, // starts above the bottom: stays
    ],
    60,
  );
  assert.deepEqual(r.tops, [0, 82, 0, 72, 10]);
  assert.equal(r.height, 118);
});

test("growth accumulates along a chain and the largest push wins", () => {
  const r = pushDown(
    [
      { top: 0, height: 10, actual: 30 }, // +20
      { top: 10, height: 10, actual: 40 }, // pushed 20, grows +30
      { top: 0, height: 5, actual: 8 }, // +3 (beside)
      { top: 25, height: 5, actual: 5 }, // pushed by max(20 + 30, 3) = 50
    ],
    30,
  );
  assert.deepEqual(r.tops, [0, 30, 0, 75]);
  assert.equal(r.height, 80);
});

test("the band's bottom moves with growth above it; content past the designed height extends it", () => {
  assert.equal(pushDown([{ top: 0, height: 10, actual: 25 }], 50).height, 65);
  assert.equal(pushDown([{ top: 40, height: 30, actual: 30 }], 50).height, 70);
});
