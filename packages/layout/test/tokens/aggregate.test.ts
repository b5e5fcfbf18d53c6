// Aggregate filters: sum, count, avg, min, max over an array path, in exact decimal arithmetic.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { resolveText } from "../../src/tokens/resolve.js";
import type { TokenContext } from "../../src/tokens/types.js";

const ctx = (root: unknown): TokenContext => ({ root, locale: "en-US", timezone: "UTC", now: new Date(0) });
const items = [
  { amount: 0.1, qty: 3, price: "19.99" },
  { amount: 0.2, qty: 1, price: "5.005" },
  { amount: "1e2", qty: 2 },
  { amount: null, qty: "x" },
  { note: "no amount" },
];

test("sum is exact: 0.1 + 0.2 + 1e2 is 100.3, not 100.30000000000001", () => {
  assert.equal(resolveText('{{ items | sum:"amount" }}', ctx({ items })), "100.3");
  assert.equal(resolveText('{{ items | sum:"price" | number:"#,##0.00" }}', ctx({ items })), "25.00");
  assert.equal(resolveText('{{ big | sum }}', ctx({ big: ["12345678901234567890.1", "0.9", 1] })), "12345678901234567892");
});

test("count counts items, or with a path the items that have a number there", () => {
  assert.equal(resolveText("{{ items | count }}", ctx({ items })), "5");
  assert.equal(resolveText('{{ items | count:"amount" }}', ctx({ items })), "3");
  assert.equal(resolveText('{{ items | count:"qty" }}', ctx({ items })), "3");
  assert.equal(resolveText("{{ missing | count }}", ctx({})), "0");
});

test("avg, min and max", () => {
  assert.equal(resolveText('{{ items | avg:"qty" }}', ctx({ items })), "2");
  assert.equal(resolveText('{{ n | avg }}', ctx({ n: [1, 2, 2] })), "1.66666666666666666667");
  assert.equal(resolveText('{{ n | avg | number:"0.00" }}', ctx({ n: [1, 2, 2] })), "1.67");
  assert.equal(resolveText('{{ items | min:"price" }}', ctx({ items })), "5.005");
  assert.equal(resolveText('{{ items | max:"amount" }}', ctx({ items })), "100");
  assert.equal(resolveText('{{ n | min }}', ctx({ n: [-0.5, "-0.25", 3] })), "-0.5");
});

test("no numbers, no value: sum, avg, min and max of nothing print empty", () => {
  for (const f of ["sum", "avg", "min", "max"]) {
    assert.equal(resolveText(`{{ e | ${f} }}`, ctx({ e: [] })), "", f);
    assert.equal(resolveText(`{{ s | ${f} }}`, ctx({ s: "12" })), "", `${f} of a non-array`);
  }
});
