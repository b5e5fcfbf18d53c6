import { test } from "node:test";
import assert from "node:assert/strict";
import { PAGE_SIZES, ROLL_BREAK_HEIGHT, resolvePageSize, type PageSizeId } from "../../src/model/page-sizes.js";
import { resolveMargins } from "../../src/model/margins.js";
import type { PageSizeSpec } from "../../src/model/types.js";

// The table from document-model.md, verbatim: [id, width, height (null for rolls), default margin].
const SPEC: ReadonlyArray<readonly [PageSizeId, number, number | null, number]> = [
  ["a3", 841.89, 1190.55, 36], ["a4", 595.28, 841.89, 36], ["a5", 419.53, 595.28, 28], ["a6", 297.64, 419.53, 18],
  ["b5", 498.9, 708.66, 28], ["letter", 612, 792, 36], ["legal", 612, 1008, 36], ["tabloid", 792, 1224, 36],
  ["executive", 522, 756, 36], ["halfLetter", 396, 612, 28], ["receipt80", 226.77, null, 8], ["receipt58", 164.41, null, 6],
  ["fourBySix", 288, 432, 12], ["label100x150", 283.46, 425.2, 12], ["label4x2", 288, 144, 8], ["label2x1", 144, 72, 4],
  ["envelopeDl", 311.81, 623.62, 18], ["envelopeC5", 459.21, 649.13, 18], ["envelope10", 297, 684, 18],
  ["businessCard", 252, 144, 8], ["idCard", 242.65, 153.01, 6], ["ticket", 396, 144, 8],
];

test("there are exactly the 22 presets of the spec", () => {
  assert.equal(Object.keys(PAGE_SIZES).length, 22);
  assert.deepEqual(Object.keys(PAGE_SIZES).sort(), SPEC.map(([id]) => id).sort());
});

for (const [id, width, height, margin] of SPEC) {
  test(`${id} is ${width} × ${height ?? "roll"} with margin ${margin}, and landscape ${height === null ? "keeps the roll" : "swaps"}`, () => {
    const roll = height === null;
    const portrait = resolvePageSize({ id });
    assert.deepEqual(portrait, { id, width, height: height ?? ROLL_BREAK_HEIGHT, defaultMargin: margin, roll, known: true });
    assert.deepEqual(resolvePageSize({ id, orientation: "portrait" }), portrait);
    const landscape = resolvePageSize({ id, orientation: "landscape" });
    if (roll) assert.deepEqual(landscape, portrait);
    else assert.deepEqual(landscape, { ...portrait, width: height, height: width });
  });
}

test("the roll break height is 14,400 pt", () => {
  assert.equal(ROLL_BREAK_HEIGHT, 14400);
});

test("ids match case-insensitively and resolve to the canonical id", () => {
  assert.equal(resolvePageSize({ id: "LETTER" }).id, "letter");
  assert.equal(resolvePageSize({ id: "halfletter" }).width, 396);
  assert.equal(resolvePageSize({ id: "A4", orientation: "landscape" }).width, 841.89);
});

test("an unknown id renders as A4 portrait and says so", () => {
  const a4 = { id: "a4", width: 595.28, height: 841.89, defaultMargin: 36, roll: false, known: false };
  assert.deepEqual(resolvePageSize({ id: "a0" }), a4);
  assert.deepEqual(resolvePageSize({ id: "a0", orientation: "landscape" }), a4);
  assert.deepEqual(resolvePageSize({ id: "" }), a4);
  assert.deepEqual(resolvePageSize({ id: "custom" }), a4);
  assert.deepEqual(resolvePageSize({ id: "custom", width: 100 }), a4);
});

test("a custom size is used as written; orientation does not swap it", () => {
  assert.deepEqual(resolvePageSize({ id: "custom", width: 300, height: 200 }), {
    id: "custom", width: 300, height: 200, defaultMargin: 12, roll: false, known: true,
  });
  assert.equal(resolvePageSize({ id: "custom", width: 300, height: 200, orientation: "landscape" }).width, 300);
});

test("a custom size out of range is clamped to 36–3370 at render time", () => {
  const size = resolvePageSize({ id: "custom", width: 10, height: 5000 });
  assert.equal(size.width, 36);
  assert.equal(size.height, 3370);
});

test("a custom page's default margin is 6% of its shorter side, between 4 and 36", () => {
  assert.equal(resolvePageSize({ id: "custom", width: 595, height: 842 }).defaultMargin, 36);
  assert.equal(resolvePageSize({ id: "custom", width: 2000, height: 2000 }).defaultMargin, 36);
  assert.equal(resolvePageSize({ id: "custom", width: 36, height: 36 }).defaultMargin, 4);
});

test("resolvePageSize never throws on junk", () => {
  const junk: unknown[] = [undefined, null, 4, "a4", [], {}, { id: 4 }, { id: null }, { id: "custom", width: "1", height: 2 },
    { id: "custom", width: Number.NaN, height: 100 }, { id: "custom", width: Number.POSITIVE_INFINITY, height: 100 }];
  for (const spec of junk) {
    const size = resolvePageSize(spec as PageSizeSpec);
    assert.equal(size.id, "a4");
    assert.equal(size.known, false);
  }
});

test("resolveMargins: the document's margins, else the size's default on every side", () => {
  assert.deepEqual(resolveMargins({ pageSize: { id: "a5" } }), { top: 28, right: 28, bottom: 28, left: 28 });
  assert.deepEqual(resolveMargins({ pageSize: { id: "receipt58" } }), { top: 6, right: 6, bottom: 6, left: 6 });
  assert.deepEqual(resolveMargins({ pageSize: { id: "nope" } }), { top: 36, right: 36, bottom: 36, left: 36 });
  const margins = { top: 1, right: 2, bottom: 3, left: 0 };
  assert.deepEqual(resolveMargins({ pageSize: { id: "a4" }, margins }), margins);
});

test("resolveMargins replaces unusable sides with the default rather than throwing", () => {
  const margins = { top: -1, right: Number.NaN, bottom: "3", left: 5 } as unknown as { top: number; right: number; bottom: number; left: number };
  assert.deepEqual(resolveMargins({ pageSize: { id: "a4" }, margins }), { top: 36, right: 36, bottom: 36, left: 5 });
});
