import { test } from "node:test";
import assert from "node:assert/strict";
import { lookupPath, parsePath } from "../../src/tokens/path.js";
import type { RowScope, TokenContext } from "../../src/tokens/types.js";

const root = {
  title: "Root title",
  currency: "EUR",
  customer: { name: "Acme", "first name": "Ada", tags: ["a", "b"] },
  items: [{ qty: 2 }, { qty: 5 }],
  nothing: null,
  orders: [
    {
      id: "A-1",
      customer: { vip: true },
      items: [
        { sku: "s1", qty: 2, title: "Item title" },
        { sku: "s2", qty: 3 },
      ],
    },
  ],
};

const ctx: TokenContext = {
  root,
  locale: "en-US",
  timezone: "Europe/Berlin",
  now: new Date(Date.UTC(2024, 4, 2, 22, 30)),
  page: 2,
  pages: 7,
};

const order = root.orders[0]!;
const orderScope: RowScope = { row: order, index: 0 };
const itemScope: RowScope = { row: order.items[1], index: 1, parent: orderScope };
const firstItemScope: RowScope = { row: order.items[0], index: 0, parent: orderScope };

const ROOT_CASES: ReadonlyArray<readonly [string, unknown]> = [
  ["customer.name", "Acme"],
  ["items[0].qty", 2],
  ["items[1].qty", 5],
  ["items.1.qty", 5],
  ['customer["first name"]', "Ada"],
  ["customer.tags[1]", "b"],
  ["items[5].qty", undefined],
  ["customer.missing", undefined],
  ["missing.deeper.still", undefined],
  ["nothing", null],
  ["nothing.x", undefined],
  ["customer.name.length", undefined],
  ["customer.constructor", undefined],
  ["__proto__", undefined],
  ["items.length", 2],
  ["", undefined],
  ["a..b", undefined],
  ["items[", undefined],
  ["items[0]qty", undefined],
  ["customer.", undefined],
  [" customer . name ", "Acme"],
  ["$root.customer.name", "Acme"],
  ["$page", 2],
  ["$pages", 7],
  ["$index", undefined],
  ["$row", undefined],
  ["$today", "2024-05-03"],
];

for (const [path, expected] of ROOT_CASES) {
  test(`lookupPath at root: ${JSON.stringify(path)}`, () => {
    assert.deepEqual(lookupPath(path, ctx), expected);
  });
}

const SCOPE_CASES: ReadonlyArray<readonly [string, RowScope, unknown]> = [
  ["sku", itemScope, "s2"],
  ["qty", itemScope, 3],
  ["id", itemScope, "A-1"],
  ["currency", itemScope, "EUR"],
  ["title", firstItemScope, "Item title"],
  ["title", itemScope, "Root title"],
  ["$root.title", firstItemScope, "Root title"],
  ["customer.vip", itemScope, true],
  // The first segment picks the scope; the rest never falls back to an outer scope.
  ["customer.name", itemScope, undefined],
  ["$root.customer.name", itemScope, "Acme"],
  ["items[0].sku", orderScope, "s1"],
  ["$index", itemScope, 2],
  ["$index", orderScope, 1],
  ["$row.sku", itemScope, "s2"],
  ["$row", { row: "red", index: 0 }, "red"],
  ["title", { row: "red", index: 0 }, "Root title"],
  ["missing", itemScope, undefined],
];

for (const [path, scope, expected] of SCOPE_CASES) {
  test(`lookupPath in a row: ${path} (row ${scope.index})`, () => {
    assert.deepEqual(lookupPath(path, ctx, scope), expected);
  });
}

test("lookupPath: $now is the render clock", () => {
  assert.equal(lookupPath("$now", ctx), ctx.now);
});

test("parsePath: indexes are numbers, quoted keys keep dots", () => {
  assert.deepEqual(parsePath('a[3]["x.y"].b'), ["a", 3, "x.y", "b"]);
});
