// The field element's layout: one FieldItem at the block's place, its value from tokens, its widgets' looks
// (on and off for buttons), a radio group's option texts, and what happens to values that are not options.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FieldItem, FrameItem } from "../../src/frame/types.js";
import { flattenField } from "../../src/frame/field-flatten.js";
import { measure, place, testEnv } from "./env.js";

const field = (change: Record<string, unknown>, data: unknown = {}) => {
  const env = testEnv({}, data);
  const items = place(measure({ type: "field", name: "f", width: 120, height: 20, ...change }, env));
  assert.equal(items.length, 1);
  assert.equal(items[0]?.kind, "field");
  return { item: items[0] as FieldItem, env };
};
const texts = (items: readonly FrameItem[]): string[] => items.flatMap((i) => (i.kind === "text" ? [i.text] : i.kind === "group" ? texts(i.items) : []));

test("a text field's value comes from the data and is drawn in its widget", () => {
  const { item } = field({ kind: "text", value: "{{customer.name}}", required: true, readOnly: true, maxLength: 30 }, { customer: { name: "Ada" } });
  assert.deepEqual([item.fieldType, item.name, item.value, item.required, item.readOnly, item.maxLength], ["text", "f", "Ada", true, true, 30]);
  assert.equal(item.widgets.length, 1);
  assert.deepEqual(texts(item.widgets[0]!.on), ["Ada"]);
  // The box: a stroked rectangle in the default border grey.
  assert.ok(item.widgets[0]!.on.some((i) => i.kind === "shape" && i.stroke?.color === "#8a8f98"));
});

test("a checkbox is Yes for a truthy value, with a check mark only in its on look", () => {
  assert.equal(field({ kind: "checkbox", value: "{{ok}}" }, { ok: true }).item.value, "Yes");
  assert.equal(field({ kind: "checkbox", value: "{{ok}}" }, { ok: false }).item.value, "Off");
  const widget = field({ kind: "checkbox", value: "yes" }).item.widgets[0]!;
  assert.equal(widget.export, "Yes");
  assert.equal(widget.on.length, (widget.off?.length ?? 0) + 1, "on = the box plus the mark");
});

test("a radio group has a button per option, its texts printed beside them, the value choosing one", () => {
  const { item } = field({ kind: "radio", options: ["S", "M", "L"], value: "M", height: 60 });
  assert.deepEqual(item.widgets.map((w) => w.export), ["S", "M", "L"]);
  assert.deepEqual(texts(item.items), ["S", "M", "L"]);
  assert.ok(item.widgets[1]!.y > item.widgets[0]!.y, "top to bottom");
  // Flattened, only the chosen button shows its dot (two ellipses: ring and dot).
  const flat = flattenField(item);
  const looks = flat.items.filter((i): i is Extract<FrameItem, { kind: "group" }> => i.kind === "group" && i.items.some((s) => s.kind === "shape"));
  assert.deepEqual(looks.map((g) => g.items.length), [1, 2, 1]);
});

test("a value that is not an option chooses nothing, with a diagnostic", () => {
  const { item, env } = field({ kind: "dropdown", options: ["a", "b"], value: "c" });
  assert.equal(item.value, "");
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["field.option"]);
});

test("a field is placed where its block is, and never splits", () => {
  const env = testEnv();
  const block = measure({ type: "field", kind: "signature", name: "s", width: 100, height: 40 }, env);
  assert.equal(block.split(20, false).fits, null);
  const out: FrameItem[] = [];
  block.place(out, 30, 50, { page: 1, pages: 1 });
  assert.deepEqual([out[0]?.kind === "field" && out[0].x, out[0]?.kind === "field" && out[0].y], [30, 50]);
});
