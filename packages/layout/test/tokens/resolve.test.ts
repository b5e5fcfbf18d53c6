import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFilters } from "../../src/tokens/filters.js";
import { parseFilterChain, parseTemplate } from "../../src/tokens/parse.js";
import { evaluate, resolveText } from "../../src/tokens/resolve.js";
import { isTruthy } from "../../src/tokens/text.js";
import type { RowScope, TokenContext } from "../../src/tokens/types.js";

const root = {
  number: "INV-0042",
  customer: { name: "Acme", address: { city: "Berlin" } },
  total: 1234.5,
  amount: "12345678901234567890.125",
  issued: "2024-05-02",
  paidAt: "2024-05-02T23:30:00+02:00",
  flag: true,
  tags: ["red", "green"],
  mixed: [1, null, { a: 1 }, "x"],
  meta: { a: 1 },
  big: 1e21,
  tiny: 0.1 + 0.2,
  "first name": "Ada",
  orders: [
    { id: "A-1", lines: [{ sku: "s1", qty: 2, price: 9.995 }, { sku: "s2", qty: 1, price: 5 }] },
    { id: "B-2", lines: [] },
  ],
};

// 22:30 UTC on 2 May is already 3 May in Berlin.
const ctx: TokenContext = {
  root,
  locale: "en-US",
  timezone: "Europe/Berlin",
  now: new Date(Date.UTC(2024, 4, 2, 22, 30, 15)),
  page: 2,
  pages: 5,
};
const de: TokenContext = { ...ctx, locale: "de-DE" };
const noPages: TokenContext = { root, locale: "en-US", timezone: "UTC", now: ctx.now };

const orderScope: RowScope = { row: root.orders[0], index: 0 };
const lineScope: RowScope = { row: root.orders[0]!.lines[1], index: 1, parent: orderScope };

const TEXT_CASES: ReadonlyArray<readonly [string, TokenContext, RowScope | undefined, string]> = [
  ["Invoice {{ number }}", ctx, undefined, "Invoice INV-0042"],
  ["No tokens at all", ctx, undefined, "No tokens at all"],
  ["{{ customer.name }}, {{ customer.address.city }}", ctx, undefined, "Acme, Berlin"],
  ["[{{ missing }}]", ctx, undefined, "[]"],
  ["[{{ customer.missing.deep }}]", ctx, undefined, "[]"],
  ["[{{}}]", ctx, undefined, "[]"],
  ["{{ abc", ctx, undefined, "{{ abc"],
  ["{{number}}{{number}}", ctx, undefined, "INV-0042INV-0042"],
  ['{{ total | number:"#,##0.00" }}', ctx, undefined, "1,234.50"],
  ["{{ total | number }}", ctx, undefined, "1,234.5"],
  ["{{ total | number }}", de, undefined, "1.234,5"],
  ['{{ amount | number:"#,##0.00" }}', ctx, undefined, "12,345,678,901,234,567,890.13"],
  ["{{ total | shout }}", ctx, undefined, "1234.5"],
  ['{{ number | number:"0.00" }}', ctx, undefined, "INV-0042"],
  ["{{ total | number | shout }}", ctx, undefined, "1,234.5"],
  ['{{ issued | date:"long" }}', ctx, undefined, "May 2, 2024"],
  ['{{ issued | date:"d. MMMM yyyy" }}', de, undefined, "2. Mai 2024"],
  ['{{ paidAt | datetime:"iso" }}', ctx, undefined, "2024-05-02T23:30:00"],
  ['{{ paidAt | date:"yyyy \\"Q\\" MM" }}', ctx, undefined, "2024 Q 05"],
  ['{{ issued | date:"iso" | number:"0" }}', ctx, undefined, "2024-05-02"],
  ["{{ flag }}", ctx, undefined, "true"],
  ["[{{ meta }}]", ctx, undefined, "[]"],
  ["{{ tags }}", ctx, undefined, "red, green"],
  ["{{ mixed }}", ctx, undefined, "1, x"],
  ["{{ big }}", ctx, undefined, "1000000000000000000000"],
  ["{{ tiny }}", ctx, undefined, "0.30000000000000004"],
  ['{{ $root["first name"] }}', ctx, undefined, "Ada"],
  ["Page {{ $page }} of {{ $pages }}", ctx, undefined, "Page 2 of 5"],
  ["Page {{$page}} of {{$pages}}", noPages, undefined, "Page  of "],
  ['{{ $pages | number:"000" }}', ctx, undefined, "005"],
  ["{{ $today }}", ctx, undefined, "2024-05-03"],
  ["{{ $today }}", noPages, undefined, "2024-05-02"],
  ['{{ $today | date:"long" }}', ctx, undefined, "May 3, 2024"],
  ["{{ $now }}", ctx, undefined, "2024-05-03T00:30:15"],
  ['{{ $now | datetime:"short" }}', noPages, undefined, "5/2/2024 10:30 PM"],
  ['{{ $now | date:"dddd" }}', de, undefined, "Freitag"],
  ["#{{ $index }}", ctx, undefined, "#"],
  ["#{{ $index }} {{ sku }} of {{ id }}", ctx, lineScope, "#2 s2 of A-1"],
  ['{{ $index }}. {{ price | number:"0.00" }}', ctx, { row: root.orders[0]!.lines[0], index: 0, parent: orderScope }, "1. 10.00"],
  ["{{ $root.number }} / {{ number }}", ctx, lineScope, "INV-0042 / INV-0042"],
  ["{{ customer.name }}", ctx, lineScope, "Acme"],
];

for (const [text, context, scope, expected] of TEXT_CASES) {
  test(`resolveText ${JSON.stringify(text)}${scope ? " in a row" : ""} → ${JSON.stringify(expected)}`, () => {
    assert.equal(resolveText(text, context, scope), expected);
  });
}

test("resolveText accepts a parsed TemplateText", () => {
  const parsed = parseTemplate("Page {{ $page }} of {{ $pages }}");
  assert.ok(parsed.usesPageTokens);
  assert.equal(resolveText(parsed, { ...ctx, page: 3, pages: 3 }), "Page 3 of 3");
});

test("evaluate returns raw values for lone tokens without filters", () => {
  assert.equal(evaluate("tags", ctx), root.tags);
  assert.equal(evaluate("{{ tags }}", ctx), root.tags);
  assert.equal(evaluate("  {{orders[0].lines}}  ", ctx), root.orders[0]!.lines);
  assert.equal(evaluate("lines", ctx, orderScope), root.orders[0]!.lines);
  assert.equal(evaluate("total", ctx), 1234.5);
  assert.equal(evaluate("$index", ctx, lineScope), 2);
  assert.equal(evaluate("flag", ctx), true);
  assert.equal(evaluate("missing", ctx), undefined);
  assert.equal(evaluate("", ctx), undefined);
  assert.equal(evaluate("$now", ctx), ctx.now);
});

test("evaluate returns the printed string when there are filters or text", () => {
  assert.equal(evaluate('total | number:"0.0"', ctx), "1234.5");
  assert.equal(evaluate('{{ total | number:"#,##0" }}', ctx), "1,235");
  assert.equal(evaluate("Total {{ total }}", ctx), "Total 1234.5");
  assert.equal(evaluate("{{ a }}{{ b }}", ctx), "");
  assert.equal(evaluate("{{ abc", ctx), "{{ abc");
});

test("applyFilters with a column format chain and with none", () => {
  assert.equal(applyFilters(9.995, parseFilterChain('number:"#,##0.00"'), ctx), "10.00");
  assert.equal(applyFilters("2024-05-02", parseFilterChain('date:"medium"'), ctx), "May 2, 2024");
  assert.equal(applyFilters(undefined, parseFilterChain("number"), ctx), "");
  assert.equal(applyFilters(42, [], ctx), "42");
  assert.equal(applyFilters(null, [], ctx), "");
});

const TRUTHY_CASES: ReadonlyArray<readonly [unknown, boolean]> = [
  [undefined, false],
  [null, false],
  ["", false],
  ["   ", false],
  ["false", false],
  ["FALSE", false],
  ["0", false],
  ["0.00", false],
  ["-0", false],
  ["00", false],
  [0, false],
  [-0, false],
  [Number.NaN, false],
  [0n, false],
  [false, false],
  [[], false],
  [{}, false],
  [new Date(Number.NaN), false],
  ["no", true],
  ["abc", true],
  ["0x0", true],
  ["true", true],
  [1, true],
  [-1, true],
  [0.001, true],
  [true, true],
  [[0], true],
  [{ a: 1 }, true],
  [new Date(0), true],
];

for (const [value, expected] of TRUTHY_CASES) {
  test(`isTruthy(${value instanceof Date ? "Date" : typeof value === "bigint" ? "0n" : JSON.stringify(value) ?? String(value)}) → ${expected}`, () => {
    assert.equal(isTruthy(value), expected);
  });
}

test("isTruthy of a visibleIf expression", () => {
  assert.equal(isTruthy(evaluate("{{ orders[1].lines }}", ctx)), false);
  assert.equal(isTruthy(evaluate("orders[0].lines", ctx)), true);
  assert.equal(isTruthy(evaluate("missing", ctx)), false);
});
