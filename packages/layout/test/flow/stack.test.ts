import { strict as assert } from "node:assert";
import { test } from "node:test";
import { paginate } from "../../src/flow/paginate.js";
import { StackBlock, type StackChild } from "../../src/flow/stack.js";
import { Box, Lines, pagesOf } from "./fakes.js";
import { cpuClock } from "../support/cpu.js";

const row = (block: StackChild["block"], breakBefore = false): StackChild => ({ block, role: "row", breakBefore });
const rules = (over: Partial<{ keepTogether: boolean; repeat: StackChild["block"][] }> = {}) => ({
  keepTogether: false,
  pageBody: 100,
  repeat: [],
  ...over,
});

test("blocks that do not fit move to the next page whole", () => {
  const flow = StackBlock.of([row(new Box("a", 60)), row(new Box("b", 60)), row(new Box("c", 30))], rules());
  const { pages } = paginate(flow, 100);
  assert.deepEqual(pagesOf(pages), [["a:0"], ["b:0", "c:60"]]);
});

test("a splittable block fills the page and continues at the top of the next", () => {
  const flow = StackBlock.of([row(new Box("a", 55)), row(new Lines("l", 10))], rules());
  assert.deepEqual(pagesOf(paginate(flow, 100).pages), [
    ["a:0", "l1:55", "l2:65", "l3:75", "l4:85"],
    ["l5:0", "l6:10", "l7:20", "l8:30", "l9:40", "l10:50"],
  ]);
});

test("breakBefore starts a new page, except at the top of one", () => {
  const flow = StackBlock.of([row(new Box("a", 10), true), row(new Box("b", 10), true), row(new Box("c", 10))], rules());
  assert.deepEqual(pagesOf(paginate(flow, 100).pages), [["a:0"], ["b:0", "c:10"]]);
});

test("breakBefore under zero-height blocks at the top of a page does not break", () => {
  const flow = StackBlock.of([row(new Box("empty", 0)), row(new Box("a", 10), true)], rules());
  const { pages, overflowed } = paginate(flow, 100);
  assert.equal(overflowed, false);
  assert.deepEqual(pagesOf(pages), [["empty:0", "a:0"]]);
});

test("breakBefore inside a nested stack breaks even when everything fits", () => {
  const inner = StackBlock.of([row(new Box("r1", 10)), row(new Box("r2", 10), true), row(new Box("r3", 10), true)], rules());
  const flow = StackBlock.of([row(new Box("head", 10)), row(inner)], rules());
  assert.deepEqual(pagesOf(paginate(flow, 100).pages), [["head:0", "r1:10"], ["r2:0"], ["r3:0"]]);
});

test("keepTogether moves the run on unless it is taller than an empty page", () => {
  const kept = StackBlock.of([row(new Box("k1", 30)), row(new Box("k2", 30))], rules({ keepTogether: true }));
  const flow = StackBlock.of([row(new Box("a", 50)), row(kept)], rules());
  assert.deepEqual(pagesOf(paginate(flow, 100).pages), [["a:0"], ["k1:0", "k2:30"]]);
  const tall = StackBlock.of([row(new Box("t1", 60)), row(new Box("t2", 60))], rules({ keepTogether: true }));
  const flow2 = StackBlock.of([row(new Box("a", 30)), row(tall)], rules());
  assert.deepEqual(pagesOf(paginate(flow2, 100).pages), [["a:0", "t1:30"], ["t2:0"]]);
});

test("headers repeat on each continued page and never stay alone at a page bottom", () => {
  const header = new Box("H", 20);
  const detail = StackBlock.of(
    [
      { block: header, role: "header", breakBefore: false },
      ...[1, 2, 3, 4, 5, 6].map((i) => row(new Box(`r${i}`, 25))),
      { block: new Box("F", 20), role: "footer", breakBefore: false },
    ],
    rules({ repeat: [header] }),
  );
  const flow = StackBlock.of([row(new Box("top", 70)), row(detail)], rules());
  // 30 pt left under `top`: the header would fit but no row under it, so the detail moves on whole.
  assert.deepEqual(pagesOf(paginate(flow, 100).pages), [
    ["top:0"],
    ["H:0", "r1:20", "r2:45", "r3:70"],
    ["H:0", "r4:20", "r5:45", "r6:70"],
    ["F:0"],
  ]);
});

test("the rest of a row split across pages comes right under the repeated header", () => {
  const header = new Box("H", 20);
  const detail = StackBlock.of([{ block: header, role: "header", breakBefore: false }, row(new Lines("l", 14))], rules({ repeat: [header] }));
  assert.deepEqual(pagesOf(paginate(detail, 100).pages), [
    ["H:0", "l1:20", "l2:30", "l3:40", "l4:50", "l5:60", "l6:70", "l7:80", "l8:90"],
    ["H:0", "l9:20", "l10:30", "l11:40", "l12:50", "l13:60", "l14:70"],
  ]);
});

test("pagination always ends: content that fits no page is placed whole on one page", () => {
  const { pages, overflowed } = paginate(StackBlock.of([row(new Box("giant", 150)), row(new Box("after", 10))], rules()), 100);
  assert.equal(overflowed, true);
  assert.equal(pages.length, 1);
});

test("an empty flow is one empty page", () => {
  const { pages } = paginate(StackBlock.of([], rules()), 100);
  assert.equal(pages.length, 1);
});

test("splitting never copies the children: 20,000 rows paginate in linear time", () => {
  const flow = StackBlock.of(Array.from({ length: 20000 }, (_, i) => row(new Box(`r${i}`, 10))), rules());
  const cpuMs = cpuClock();
  const { pages } = paginate(flow, 100);
  assert.equal(pages.length, 2000);
  assert.ok(cpuMs() < 500);
});
