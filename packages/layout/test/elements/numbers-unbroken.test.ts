// Amounts never break: a number wider than its table column or its `shrink` label box is set smaller, in one
// piece, and reported when even the 4 pt floor does not fit; header words break only between words.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { isNumberWord } from "../../src/text/numbers.js";
import { measure, place, testEnv } from "./env.js";

const texts = (items: readonly FrameItem[]): TextRunItem[] => items.filter((i): i is TextRunItem => i.kind === "text");
const lineTexts = (items: readonly FrameItem[]): string[] => {
  const byLine = new Map<number, string[]>();
  for (const run of texts(items)) byLine.set(Math.round(run.y * 100), [...(byLine.get(Math.round(run.y * 100)) ?? []), run.text]);
  return [...byLine.values()].map((parts) => parts.join(""));
};

test("number words: sign, separators, currency and percent belong to the number", () => {
  for (const word of ["1,234,567.89", "-500.00", "€12,345.50", "12.345,50€", "(1,200.00)", "25%", "٢٬٥٠١٫٠٠", "+49", "1\u202f234,5"]) {
    assert.ok(isNumberWord(word), word);
  }
  for (const word of ["Position", "2024-05-02x", "abc123", "", "1a"]) assert.ok(!isNumberWord(word), word);
});

test("an amount wider than its column is shrunk in one piece, never split across lines", () => {
  const env = testEnv({}, { rows: [{ amount: 1234567.89 }, { amount: 5 }] });
  const block = measure({ type: "table", width: 50, height: 38, bindingField: "rows", fontSize: 10,
    columns: [{ key: "amount", header: "Sum", width: 50, align: "right", format: 'number:"#,##0.00"' }] }, env);
  const runs = texts(place(block));
  const amount = runs.filter((r) => /\d/.test(r.text) && r.text !== "5.00");
  assert.equal(amount.map((r) => r.text).join(""), "1,234,567.89");
  assert.equal(new Set(amount.map((r) => r.y)).size, 1, "one line");
  assert.ok(amount[0]!.size < 10 && amount[0]!.size >= 4, `shrunk: ${amount[0]!.size}`);
  const right = Math.max(...amount.map((r) => r.x + r.glyphs.reduce((w, g) => w + g.advance, 0)));
  assert.ok(right <= 50 - 4 + 1e-6, "inside the column's padding");
  assert.equal(runs.find((r) => r.text === "5.00")?.size, 10, "other cells keep the table's size");
  assert.deepEqual(env.diagnostics.items, []);
});

test("header words break only between words: a long header word is shrunk, not cut", () => {
  const env = testEnv({}, { rows: [] });
  const block = measure({ type: "table", width: 40, height: 20, bindingField: "rows", fontSize: 10,
    columns: [{ key: "pos", header: "Positionsnummer", width: 40 }] }, env);
  assert.deepEqual(lineTexts(place(block)), ["Positionsnummer"]);
});

test("a column too narrow even at 4 pt is reported once", () => {
  const env = testEnv({}, { rows: [{ n: 123456789012 }, { n: 923456789012 }] });
  measure({ type: "table", width: 14, height: 38, bindingField: "rows", padding: 2,
    columns: [{ key: "n", header: "N", width: 14 }] }, env);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["table.overflow"]);
});

test("overflow: shrink looks at the width too: a label price stays in one piece inside its box", () => {
  const env = testEnv();
  const block = measure({ type: "text", width: 60, height: 40, overflow: "shrink", fontSize: 24, text: "€12,345.50" }, env);
  const items = place(block);
  assert.deepEqual(lineTexts(items), ["€12,345.50"]);
  const run = texts(items)[0]!;
  assert.ok(run.glyphs.reduce((w, g) => w + g.advance, 0) <= 60 + 1e-6);
  assert.deepEqual(env.diagnostics.items, []);
});

test("overflow: shrink reports a text that does not fit even at the 4 pt floor", () => {
  const env = testEnv();
  measure({ type: "text", width: 10, height: 40, overflow: "shrink", fontSize: 24, text: "1,234,567,890.00" }, env);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["text.overflow"]);
});
