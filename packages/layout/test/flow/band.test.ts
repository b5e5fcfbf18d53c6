import { strict as assert } from "node:assert";
import { test } from "node:test";
import { BandBlock, type DesignedEntry } from "../../src/flow/band.js";
import { Box, Lines, pagesOf } from "./fakes.js";

const rules = (keepTogether = false) => ({ keepTogether, pageBody: 100 });
const entry = (block: DesignedEntry["block"], top: number, height: number, x = 0): DesignedEntry => ({ block, x, top, height });

test("a band that does not fit moves on whole unless it is taller than a page or holds a table", () => {
  const band = BandBlock.grown([entry(new Lines("t", 6), 0, 10)], 20, rules());
  assert.equal(band.height, 70); // 20 + growth 50
  assert.deepEqual(band.split(40, false), { fits: null, rest: band });
});

test("a band taller than an empty page splits at lines; what is below follows the last line", () => {
  const band = BandBlock.grown([entry(new Lines("t", 15), 0, 10), entry(new Box("below", 10), 12, 10), entry(new Box("beside", 10), 0, 10, 50)], 30, rules());
  assert.equal(band.height, 30 + 140);
  const { fits, rest } = band.split(100, false);
  assert.ok(fits && rest);
  assert.equal(fits.height, 100);
  assert.deepEqual(pagesOf([fits, rest]), [
    ["t1:0", "t2:10", "t3:20", "t4:30", "t5:40", "t6:50", "t7:60", "t8:70", "t9:80", "t10:90", "beside:0"],
    ["t11:0", "t12:10", "t13:20", "t14:30", "t15:40", "below:52"],
  ]);
});

test("a band with a table splits between its rows; other elements across the cut move on", () => {
  const table = new Lines("row", 8, 20);
  Object.defineProperty(table, "rowSplittable", { value: true });
  const band = BandBlock.grown([entry(new Box("title", 10), 0, 10), entry(table, 10, 20), entry(new Box("after", 10), 40, 10)], 50, rules());
  assert.equal(band.height, 50 + 140);
  const { fits, rest } = band.split(75, false);
  assert.ok(fits && rest);
  assert.deepEqual(pagesOf([fits, rest]), [["title:0", "row1:10", "row2:30", "row3:50"], ["row4:0", "row5:20", "row6:40", "row7:60", "row8:80", "after:110"]]);
});

test("keepTogether keeps a band with a table whole when it fits an empty page", () => {
  const table = new Lines("row", 4, 20);
  Object.defineProperty(table, "rowSplittable", { value: true });
  const band = BandBlock.grown([entry(table, 0, 20)], 20, rules(true));
  assert.equal(band.split(50, false).fits, null);
});

test("blank space below the lowest element does not push a band to the next page", () => {
  const band = BandBlock.grown([entry(new Box("a", 30), 0, 30)], 90, rules(true));
  const { fits, rest } = band.split(40, false);
  assert.equal(rest, null);
  assert.equal(fits?.height, 40);
});
