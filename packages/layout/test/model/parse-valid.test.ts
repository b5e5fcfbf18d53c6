import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument } from "../../src/model/parse.js";
import { flattenErrors } from "../../src/model/errors.js";
import { BAND_KINDS, ELEMENT_TYPES } from "../../src/model/types.js";
import { fullDocument, minimalDocument, readFixture, sampleElements, withElement } from "./helpers.js";

function parsed(input: unknown) {
  const result = parseDocument(input);
  if (!result.ok) assert.fail(`expected a valid document:\n${flattenErrors(result.errors).join("\n")}`);
  return result.document;
}

for (const name of ["invoice.template.json", "receipt.template.json"]) {
  test(`fixture ${name} parses from text and from a value, unchanged`, () => {
    const text = readFixture(name);
    const fromText = parsed(text);
    assert.deepEqual(fromText, JSON.parse(text));
    assert.deepEqual(parsed(JSON.parse(text)), fromText);
  });
}

test("a document with every band kind and every element type parses as written", () => {
  const input = fullDocument();
  const document = parsed(input);
  assert.deepEqual(document, input);
  assert.deepEqual(new Set(document.bands.map((band) => band.kind)), new Set(BAND_KINDS));
  const types = new Set(document.bands.flatMap((band) => band.elements.map((element) => element.type)));
  assert.deepEqual(types, new Set(ELEMENT_TYPES));
});

for (const [type, element] of Object.entries(sampleElements())) {
  test(`a ${type} element parses as written`, () => {
    const document = parsed(withElement(element));
    assert.deepEqual(document.bands[0]?.elements[0], element);
  });

  test(`a ${type} element with only its required keys parses`, () => {
    const required: Record<string, readonly string[]> = {
      text: ["text"], markdown: ["text"], table: ["bindingField", "columns"], barcode: ["format", "value"], chart: ["chartType", "bindingField", "series"],
      field: ["kind", "name", "options"],
    };
    const keep = new Set(["id", "type", "x", "y", "width", "height", ...(required[type] ?? [])]);
    const minimal = Object.fromEntries(Object.entries(element).filter(([key]) => keep.has(key)));
    assert.deepEqual(parsed(withElement(minimal)).bands[0]?.elements[0], minimal);
  });
}

for (const kind of BAND_KINDS) {
  test(`a ${kind} band parses`, () => {
    const nested = kind === "detail-header" || kind === "detail-footer";
    const bands = [
      { id: "d", kind: "detail", height: 10, elements: [] },
      { id: "x", kind, height: 10, elements: [], ...(nested ? { parentId: "d" } : {}) },
    ];
    assert.equal(parsed(minimalDocument(bands)).bands[1]?.kind, kind);
  });
}

test("every barcode format parses", () => {
  for (const format of ["qr", "code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"]) {
    parsed(withElement({ ...sampleElements()["barcode"], format }));
  }
});

test("unknown keys are dropped, at every level", () => {
  const input = { ...minimalDocument([{ id: "b", kind: "detail", height: 1, extra: 1, elements: [{ ...sampleElements()["rect"], locked: true }] }]), name: "Invoice", editorMode: "report" };
  const document = parsed(input);
  assert.equal("name" in document, false);
  assert.equal("extra" in (document.bands[0] ?? {}), false);
  assert.equal("locked" in (document.bands[0]?.elements[0] ?? {}), false);
});

test("direction ltr is accepted and dropped; rtl is kept", () => {
  assert.equal("direction" in parsed({ ...minimalDocument(), direction: "ltr" }), false);
  assert.equal(parsed({ ...minimalDocument(), direction: "rtl" }).direction, "rtl");
});

test("an unknown page size id is kept as written (it renders as A4)", () => {
  assert.deepEqual(parsed({ ...minimalDocument(), pageSize: { id: "a0" } }).pageSize, { id: "a0" });
});

test("a custom page size at both limits parses", () => {
  parsed({ ...minimalDocument(), pageSize: { id: "custom", width: 36, height: 3370 } });
});

test("defaults are not filled in: optional keys stay absent", () => {
  const document = parsed(withElement({ id: "t", type: "text", x: 0, y: 0, width: 10, height: 10, text: "" }));
  const element = document.bands[0]?.elements[0];
  assert.ok(element?.type === "text");
  assert.equal(element.fontSize, undefined);
  assert.equal(document.margins, undefined);
  assert.equal(document.locale, undefined);
});

test("a band may nest a detail inside a detail (master-detail)", () => {
  parsed(minimalDocument([
    { id: "orders", kind: "detail", height: 10, elements: [] },
    { id: "lines", kind: "detail", parentId: "orders", height: 10, elements: [] },
    { id: "sub", kind: "detail", parentId: "lines", height: 10, elements: [] },
    { id: "subTotals", kind: "detail-footer", parentId: "lines", height: 10, elements: [] },
  ]));
});
