// Form fields in the model: names are unique in the document (a form keeps one value per name), choice fields
// have options, and names are kept to what every PDF tool round-trips.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument } from "../../src/model/parse.js";
import { minimalDocument } from "./helpers.js";

const field = (id: string, change: Record<string, unknown>) => ({ id, type: "field", x: 0, y: 0, width: 100, height: 20, kind: "text", name: id, ...change });
const doc = (...bands: unknown[][]) => ({ ...minimalDocument(), bands: bands.map((elements, i) => ({ id: `b${i}`, kind: "report-header", height: 40, elements })) });

test("every field kind with its keys is a valid document", () => {
  const result = parseDocument(doc([
    field("a", { kind: "text", value: "{{name}}", required: true, maxLength: 40, label: "Name" }),
    field("b", { kind: "multiline" }),
    field("c", { kind: "checkbox", value: "{{agree}}" }),
    field("d", { kind: "radio", options: ["S", "M"], value: "M" }),
    field("e", { kind: "dropdown", options: ["x", "y"], readOnly: true }),
    field("f", { kind: "date", value: '{{$today | date:"yyyy-MM-dd"}}' }),
    field("g", { kind: "signature" }),
  ]));
  assert.equal(result.ok, true, JSON.stringify(!result.ok && result.errors));
});

test("a duplicate field name is an error at the second field, naming the first", () => {
  const result = parseDocument(doc([field("a", { name: "total" })], [field("b", { name: "total" })]));
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.errors, {
    "bands[1].elements[0].name": ["duplicate field name 'total'; bands[0].elements[0] already uses it (a form keeps one value per name)"],
  });
});

test("radio groups and dropdowns need distinct options", () => {
  const result = parseDocument(doc([field("a", { kind: "radio" }), field("b", { kind: "dropdown", options: ["x", "x"] })]));
  assert.deepEqual(!result.ok && result.errors, {
    "bands[0].elements[0].options": ["is required for a radio field: the choices, e.g. [\"Yes\", \"No\"]"],
    "bands[0].elements[1].options": ["each option must be different"],
  });
});

test("an unknown kind or a name with a dot is refused", () => {
  const result = parseDocument(doc([field("a", { kind: "slider" }), field("b", { name: "row.qty" })]));
  assert.equal(result.ok, false);
  const errors = !result.ok ? result.errors : {};
  assert.match(errors["bands[0].elements[0].kind"]?.[0] ?? "", /slider/);
  assert.match(errors["bands[0].elements[1].name"]?.[0] ?? "", /letters, digits/);
});
