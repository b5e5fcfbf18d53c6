import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";
import { cellTemplate } from "../../src/elements/table-model.js";
import { measure, place, testEnv } from "./env.js";

const texts = (items: readonly FrameItem[]): TextRunItem[] => items.filter((i): i is TextRunItem => i.kind === "text");
const columns = [
  { key: "$index", header: "#", width: 20 },
  { key: "name", header: "Name", width: 100 },
  { key: "amount", header: "Amount", width: 60, align: "right", format: 'number:"#,##0.00"' },
];
const table = (rows: unknown[], extra: Record<string, unknown> = {}, env = testEnv({}, { rows })) =>
  measure({ type: "table", width: 180, height: 38, bindingField: "rows", columns, ...extra }, env);

test("header 20 and rows 18 by default; single-line rows keep the designed height", () => {
  const block = table([{ name: "a", amount: 1 }, { name: "b", amount: 1234.5 }]);
  assert.equal(block.height, 20 + 2 * 18);
  assert.deepEqual(texts(place(block)).map((r) => r.text), ["#", "Name", "Amount", "1", "a", "1.00", "2", "b", "1,234.50"]);
});

test("a row whose cells wrap grows by its extra lines; its first line stays where a single line sits", () => {
  const long = "a long name that has to wrap onto several lines in its column";
  const block = table([{ name: "short" }, { name: long }], { rowHeight: 16, fontSize: 9 });
  const runs = texts(place(block));
  const lines = runs.filter((r) => r.x >= 24 && r.x < 120 && r.y > 40).length;
  assert.ok(lines >= 3);
  assert.equal(Math.round((block.height - 20 - 16) * 1000) / 1000, Math.round((16 + (lines - 1) * 10.8) * 1000) / 1000);
  const first = runs.find((r) => r.text === "short")?.y ?? 0;
  const wrapped = runs.find((r) => r.text.startsWith("a long"))?.y ?? 0;
  assert.equal(Math.round((wrapped - first) * 1000) / 1000, 16);
});

test("a table splits between rows and repeats its header", () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ name: `r${i + 1}` }));
  const block = table(rows);
  const { fits, rest } = block.split(20 + 3 * 18 + 5, false);
  assert.ok(fits && rest);
  assert.equal(fits.height, 20 + 3 * 18);
  assert.equal(rest.height, 20 + 7 * 18);
  assert.deepEqual(texts(place(rest)).slice(0, 5).map((r) => r.text), ["#", "Name", "Amount", "4", "r4"]);
  assert.deepEqual(block.split(30, false), { fits: null, rest: block });
});

test("a row taller than a page body splits at lines, the header repeated above each part", () => {
  const env = testEnv({ pageBody: 100 }, { rows: [{ name: "word ".repeat(200) }] });
  const block = table([], {}, env);
  assert.ok(block.height > 100);
  const { fits, rest } = block.split(100, true);
  assert.ok(fits && rest);
  assert.ok(fits.height <= 100);
  assert.equal(texts(place(rest))[1]?.text, "Name");
});

test("right to left: the first column is at the right", () => {
  const env = testEnv({ direction: "rtl" }, { rows: [{ name: "x" }] });
  const runs = texts(place(table([], {}, env)));
  const hash = runs.find((r) => r.text === "#");
  const amount = runs.find((r) => r.text === "Amount");
  assert.ok(hash && amount && hash.x > 160 && amount.x < 60);
});

test("stripes, header background and borders", () => {
  const block = table([{ name: "a" }, { name: "b" }], { headerBg: "@primary", stripeBg: "#eeeeee", borderColor: "#000000", borderWidth: 1 });
  const shapes = place(block).filter((i) => i.kind === "shape");
  const fills = shapes.map((s) => (s.kind === "shape" ? s.fill : undefined)).filter(Boolean);
  assert.deepEqual(fills, ["#2563eb", "#eeeeee"]);
  assert.equal(shapes.length - fills.length, 4 + 4); // 4 horizontal rules (top, under header, 2 rows) and 4 column edges
});

test("a binding that is not an array gives no rows and a diagnostic", () => {
  const env = testEnv({}, { rows: "nope" });
  assert.equal(table([], {}, env).height, 20);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["table.binding"]);
});

test("cell templates quote odd keys and take a format with or without a leading pipe", () => {
  assert.equal(cellTemplate("unit price", undefined).source, '{{["unit price"]}}');
  assert.equal(cellTemplate("qty", '| number:"0"').source, '{{qty | number:"0"}}');
  assert.equal(cellTemplate("a.b[0]", undefined).source, "{{a.b[0]}}");
});
