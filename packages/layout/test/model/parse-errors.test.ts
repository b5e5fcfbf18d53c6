import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDocument } from "../../src/model/parse.js";
import { flattenErrors } from "../../src/model/errors.js";
import { minimalDocument, sampleElements, withElement } from "./helpers.js";

type Json = Record<string, unknown>;

function errorsOf(input: unknown): Record<string, string[]> {
  const result = parseDocument(input);
  assert.equal(result.ok, false, "expected the document to be rejected");
  return result.ok ? {} : result.errors;
}

const el = (type: string, change: Json): Json => ({ ...sampleElements()[type], ...change });
const without = (value: Json, key: string): Json => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
const E = "bands[0].elements[0]";
const COLOUR = "expected a colour (#rgb, #rrggbb, transparent, @primary, @accent, @onPrimary or @onAccent)";

// [what, document, path, message]: the message is exact, or a prefix when it ends in "…".
const cases: ReadonlyArray<readonly [string, unknown, string, string]> = [
  // root and version
  ["JSON text that does not parse", "{ not json", "$", "the template is not valid JSON: …"],
  ["an empty string", "", "$", "the template is not valid JSON: …"],
  ["a root that is an array", [], "$", "expected a document object; got an array"],
  ["a root that is a number", 42, "$", "expected a document object; got a number"],
  ["a root that is null", null, "$", "expected a document object; got null"],
  ["JSON text holding a string", '"hello"', "$", "expected a document object; got a string"],
  ["version 3", { ...minimalDocument(), version: 3 }, "version", "unsupported document version 3; this service reads version 4"],
  ["version 5", { ...minimalDocument(), version: 5 }, "version", "unsupported document version 5; this service reads version 4"],
  ["version as a string", { ...minimalDocument(), version: "4" }, "version", "unsupported document version '4'; this service reads version 4"],
  ["no version", without(minimalDocument(), "version"), "version", "is required; this service reads version 4"],
  // top level
  ["no pageSize", without(minimalDocument(), "pageSize"), "pageSize", "is required"],
  ["no bands", without(minimalDocument(), "bands"), "bands", "is required"],
  ["no schema", without(minimalDocument(), "schema"), "schema", "is required"],
  ["bands not an array", { ...minimalDocument(), bands: {} }, "bands", "expected an array"],
  ["pageSize as a string", { ...minimalDocument(), pageSize: "a4" }, "pageSize", 'expected an object like {"id": "a4"}'],
  ["pageSize as an array", { ...minimalDocument(), pageSize: [] }, "pageSize", 'expected an object like {"id": "a4"}'],
  ["margins as an array", { ...minimalDocument(), margins: [1, 2, 3, 4] }, "margins", "expected an object"],
  ["a preset width as a string", { ...minimalDocument(), pageSize: { id: "a4", width: "wide" } }, "pageSize.width", "expected a number"],
  ["pageSize without an id", { ...minimalDocument(), pageSize: {} }, "pageSize.id", "is required"],
  ["pageSize id not a string", { ...minimalDocument(), pageSize: { id: 4 } }, "pageSize.id", "expected a string"],
  ["a bad orientation", { ...minimalDocument(), pageSize: { id: "a4", orientation: "sideways" } }, "pageSize.orientation", "expected one of: portrait, landscape; got 'sideways'"],
  ["custom without a height", { ...minimalDocument(), pageSize: { id: "custom", width: 100 } }, "pageSize.height", "is required"],
  ["custom too small", { ...minimalDocument(), pageSize: { id: "custom", width: 35.9, height: 100 } }, "pageSize.width", "must be between 36 and 3370"],
  ["custom too large", { ...minimalDocument(), pageSize: { id: "custom", width: 100, height: 3371 } }, "pageSize.height", "must be between 36 and 3370"],
  ["custom width as a string", { ...minimalDocument(), pageSize: { id: "custom", width: "100", height: 100 } }, "pageSize.width", "expected a number"],
  ["a margin missing", { ...minimalDocument(), margins: { top: 1, right: 1, bottom: 1 } }, "margins.left", "is required"],
  ["a negative margin", { ...minimalDocument(), margins: { top: -1, right: 1, bottom: 1, left: 1 } }, "margins.top", "must not be negative"],
  ["margins wider than the page", { ...minimalDocument(), margins: { top: 1, right: 300, bottom: 1, left: 295.28 } }, "margins", "left and right margins (595.28 pt together) leave no room on a page 595.28 pt wide"],
  ["margins taller than the page", { ...minimalDocument(), margins: { top: 400, right: 1, bottom: 441.89, left: 1 } }, "margins", "top and bottom margins (841.89 pt together) leave no room on a page 841.89 pt tall"],
  ["a bad direction", { ...minimalDocument(), direction: "RTL" }, "direction", "expected 'rtl' (or 'ltr', the default); got 'RTL'"],
  ["a named brand colour", { ...minimalDocument(), brand: { primary: "red" } }, "brand.primary", "expected a hex colour like #rrggbb or #rgb; got 'red'"],
  ["a slot as a brand colour", { ...minimalDocument(), brand: { accent: "@primary" } }, "brand.accent", "expected a hex colour like #rrggbb or #rgb; got '@primary'"],
  ["a font family as a number", { ...minimalDocument(), fonts: { body: 1 } }, "fonts.body", "expected a string"],
  ["an empty locale", { ...minimalDocument(), locale: "" }, "locale", "must not be empty"],
  ["a null timezone", { ...minimalDocument(), timezone: null }, "timezone", "expected a string"],
  // schema fields
  ["a schema field without a key", { ...minimalDocument(), schema: [{ type: "string" }] }, "schema[0].key", "is required"],
  ["a bad schema field type", { ...minimalDocument(), schema: [{ key: "a", type: "text" }] }, "schema[0].type", "expected one of: string, number, date, datetime, boolean, image, array, object; got 'text'"],
  ["a bad nested schema field", { ...minimalDocument(), schema: [{ key: "a", type: "array", fields: [{ key: "b", type: "array", fields: [{ key: 1, type: "number" }] }] }] }, "schema[0].fields[0].fields[0].key", "expected a string"],
  // bands
  ["a band that is not an object", minimalDocument(["band"]), "bands[0]", "expected an object"],
  ["a band without an id", minimalDocument([{ kind: "detail", height: 1, elements: [] }]), "bands[0].id", "is required"],
  ["a band with an empty id", minimalDocument([{ id: "", kind: "detail", height: 1, elements: [] }]), "bands[0].id", "must not be empty"],
  ["an unknown band kind", minimalDocument([{ id: "a", kind: "group-header", height: 1, elements: [] }]), "bands[0].kind", "unknown band kind 'group-header'; allowed: page-header, page-footer, background, report-header, detail, detail-header, detail-footer, report-footer"],
  ["a band without a kind", minimalDocument([{ id: "a", height: 1, elements: [] }]), "bands[0].kind", "is required"],
  ["a negative band height", minimalDocument([{ id: "a", kind: "detail", height: -1, elements: [] }]), "bands[0].height", "must not be negative"],
  ["a band height as a string", minimalDocument([{ id: "a", kind: "detail", height: "10", elements: [] }]), "bands[0].height", "expected a number"],
  ["a band without elements", minimalDocument([{ id: "a", kind: "detail", height: 1 }]), "bands[0].elements", "is required"],
  ["keepTogether as a string", minimalDocument([{ id: "a", kind: "detail", height: 1, elements: [], keepTogether: "yes" }]), "bands[0].keepTogether", "expected true or false"],
  ["bindingField as a number", minimalDocument([{ id: "a", kind: "detail", height: 1, elements: [], bindingField: 1 }]), "bands[0].bindingField", "expected a string"],
  // elements: type
  ["an element that is not an object", withElement("text"), E, "expected an element object"],
  ["an element that is an array", withElement([]), E, "expected an element object"],
  ["a band that is an array", minimalDocument([[]]), "bands[0]", "expected an object"],
  ["an unknown element type", withElement({ id: "a", type: "circle" }), `${E}.type`, "unknown element type 'circle'; allowed: text, image, table, line, rect, ellipse, barcode, markdown, icon, chart, field"],
  ["an element without a type", withElement({ id: "a" }), `${E}.type`, "is required; one of: text, image, table, line, rect, ellipse, barcode, markdown, icon, chart, field"],
  ["an element type in capitals", withElement({ id: "a", type: "Text" }), `${E}.type`, "unknown element type 'Text'; allowed: …"],
  // elements: common keys
  ["an element without an id", withElement(without(el("rect", {}), "id")), `${E}.id`, "is required"],
  ["an element without a width", withElement(without(el("rect", {}), "width")), `${E}.width`, "is required"],
  ["a width as a string", withElement(el("rect", { width: "100" })), `${E}.width`, "expected a number"],
  ["a negative width", withElement(el("rect", { width: -1 })), `${E}.width`, "must not be negative"],
  ["a negative height", withElement(el("image", { height: -0.5 })), `${E}.height`, "must not be negative"],
  ["x as null", withElement(el("rect", { x: null })), `${E}.x`, "expected a number"],
  ["an infinite y", withElement(el("rect", { y: Number.POSITIVE_INFINITY })), `${E}.y`, "expected a finite number"],
  ["NaN as a width", withElement(el("rect", { width: Number.NaN })), `${E}.width`, "expected a number"],
  ["opacity above 1", withElement(el("rect", { opacity: 1.5 })), `${E}.opacity`, "must be between 0 and 1"],
  ["opacity below 0", withElement(el("rect", { opacity: -0.1 })), `${E}.opacity`, "must be between 0 and 1"],
  ["rotation as a string", withElement(el("rect", { rotation: "90deg" })), `${E}.rotation`, "expected a number"],
  ["visibleIf as a boolean", withElement(el("rect", { visibleIf: true })), `${E}.visibleIf`, "expected a string"],
  // text and markdown
  ["a text without text", withElement(without(el("text", {}), "text")), `${E}.text`, "is required"],
  ["a markdown text as a number", withElement(el("markdown", { text: 5 })), `${E}.text`, "expected a string"],
  ["fontWeight below 100", withElement(el("text", { fontWeight: 50 })), `${E}.fontWeight`, "must be between 100 and 900"],
  ["fontWeight above 900", withElement(el("markdown", { fontWeight: 950 })), `${E}.fontWeight`, "must be between 100 and 900"],
  ["fontWeight as 'bold'", withElement(el("text", { fontWeight: "bold" })), `${E}.fontWeight`, "expected a number"],
  ["a zero font size", withElement(el("text", { fontSize: 0 })), `${E}.fontSize`, "must be greater than 0"],
  ["a zero line height", withElement(el("text", { lineHeight: 0 })), `${E}.lineHeight`, "must be greater than 0"],
  ["a bad align", withElement(el("text", { align: "centre" })), `${E}.align`, "expected one of: left, center, right, justify, start, end; got 'centre'"],
  ["a bad hyphens", withElement(el("text", { hyphens: "sometimes" })), `${E}.hyphens`, "expected one of: none, manual, auto; got 'sometimes'"],
  ["a bad verticalAlign", withElement(el("text", { verticalAlign: "center" })), `${E}.verticalAlign`, "expected one of: top, middle, bottom; got 'center'"],
  ["a bad role", withElement(el("text", { role: "footnote" })), `${E}.role`, "expected one of: title, heading, subheading, body, label, caption, h1, h2, h3, h4, h5, h6, p; got 'footnote'"],
  ["a bad overflow", withElement(el("markdown", { overflow: "hidden" })), `${E}.overflow`, "expected one of: grow, clip, shrink; got 'hidden'"],
  ["italic as a string", withElement(el("text", { italic: "true" })), `${E}.italic`, "expected true or false"],
  ["a negative padding", withElement(el("text", { padding: -2 })), `${E}.padding`, "must not be negative"],
  ["a border that is a number", withElement(el("text", { border: 1 })), `${E}.border`, "expected an object"],
  ["a bad border colour", withElement(el("text", { border: { width: 1, color: "black" } })), `${E}.border.color`, `${COLOUR}; got 'black'`],
  ["a negative border radius", withElement(el("text", { border: { radius: -1 } })), `${E}.border.radius`, "must not be negative"],
  // colours
  ["a four-digit hex colour", withElement(el("text", { color: "#abcd" })), `${E}.color`, `${COLOUR}; got '#abcd'`],
  ["a hex colour without #", withElement(el("text", { color: "ffffff" })), `${E}.color`, `${COLOUR}; got 'ffffff'`],
  ["an rgb() colour", withElement(el("rect", { fill: "rgb(0,0,0)" })), `${E}.fill`, `${COLOUR}; got 'rgb(0,0,0)'`],
  ["an unknown slot", withElement(el("rect", { stroke: "@secondary" })), `${E}.stroke`, `${COLOUR}; got '@secondary'`],
  ["a colour as a number", withElement(el("ellipse", { fill: 0 })), `${E}.fill`, "expected a string"],
  ["Transparent in capitals", withElement(el("text", { bg: "Transparent" })), `${E}.bg`, `${COLOUR}; got 'Transparent'`],
  ["a bad headerBg", withElement(el("table", { headerBg: "blue" })), `${E}.headerBg`, `${COLOUR}; got 'blue'`],
  ["a bad stripeBg", withElement(el("table", { stripeBg: "#12345g" })), `${E}.stripeBg`, `${COLOUR}; got '#12345g'`],
  ["a bad barcode colour", withElement(el("barcode", { color: "#0000" })), `${E}.color`, `${COLOUR}; got '#0000'`],
  ["a bad icon colour", withElement(el("icon", { color: "none" })), `${E}.color`, `${COLOUR}; got 'none'`],
  // image
  ["a bad fit", withElement(el("image", { fit: "stretch" })), `${E}.fit`, "expected one of: contain, cover, fill; got 'stretch'"],
  ["an image src as an object", withElement(el("image", { src: { url: "x" } })), `${E}.src`, "expected a string"],
  // table
  ["a table without columns", withElement(without(el("table", {}), "columns")), `${E}.columns`, "is required"],
  ["a table without bindingField", withElement(without(el("table", {}), "bindingField")), `${E}.bindingField`, "is required"],
  ["a column without a header", withElement(el("table", { columns: [{ key: "a", width: 10 }] })), `${E}.columns[0].header`, "is required"],
  ["a column with a negative width", withElement(el("table", { columns: [{ key: "a", header: "A", width: 1 }, { key: "b", header: "B", width: -10 }] })), `${E}.columns[1].width`, "must not be negative"],
  ["a column with a bad align", withElement(el("table", { columns: [{ key: "a", header: "A", width: 1, align: "justify" }] })), `${E}.columns[0].align`, "expected one of: left, center, right, start, end, decimal; got 'justify'"],
  ["a negative rowHeight", withElement(el("table", { rowHeight: -1 })), `${E}.rowHeight`, "must not be negative"],
  ["a negative borderWidth", withElement(el("table", { borderWidth: -1 })), `${E}.borderWidth`, "must not be negative"],
  // shapes
  ["a negative strokeWidth", withElement(el("line", { strokeWidth: -1 })), `${E}.strokeWidth`, "must not be negative"],
  ["a dash that is not an array", withElement(el("line", { dash: "2 2" })), `${E}.dash`, "expected an array"],
  ["a negative dash", withElement(el("line", { dash: [2, -2] })), `${E}.dash[1]`, "must not be negative"],
  ["a line width as a string", withElement(el("line", { width: "10" })), `${E}.width`, "expected a number"],
  ["a negative rect radius", withElement(el("rect", { radius: -3 })), `${E}.radius`, "must not be negative"],
  // barcode and icon
  ["a bad barcode format", withElement(el("barcode", { format: "upc" })), `${E}.format`, "expected one of: qr, code128, code39, ean13, ean8, upca, itf14, datamatrix, pdf417; got 'upc'"],
  ["a barcode without a format", withElement(without(el("barcode", {}), "format")), `${E}.format`, "is required"],
  ["a barcode value as a number", withElement(el("barcode", { value: 4006381333931 })), `${E}.value`, "expected a string"],
  ["showText as 1", withElement(el("barcode", { showText: 1 })), `${E}.showText`, "expected true or false"],
  ["an icon svg as an object", withElement(el("icon", { svg: {} })), `${E}.svg`, "expected a string"],
  // chart
  ["a bad chart type", withElement(el("chart", { chartType: "radar" })), `${E}.chartType`, "expected one of: bar, stackedBar, line, area, pie, donut, scatter; got 'radar'"],
  ["a chart without a binding", withElement(without(el("chart", {}), "bindingField")), `${E}.bindingField`, "is required"],
  ["a chart without series", withElement(without(el("chart", {}), "series")), `${E}.series`, "is required"],
  ["a chart series without a value key", withElement(el("chart", { series: [{ label: "Revenue" }] })), `${E}.series[0].valueKey`, "is required"],
  ["a bad chart series colour", withElement(el("chart", { series: [{ valueKey: "v", color: "blue" }] })), `${E}.series[0].color`, "expected a colour (#rgb, #rrggbb, transparent, @primary, @accent, @onPrimary or @onAccent); got 'blue'"],
  ["a bad chart legend", withElement(el("chart", { legend: "left" })), `${E}.legend`, "expected one of: auto, none, top, bottom, right; got 'left'"],
  ["chart dataLabels as a string", withElement(el("chart", { dataLabels: "yes" })), `${E}.dataLabels`, "expected true or false"],
  ["a zero chart font size", withElement(el("chart", { fontSize: 0 })), `${E}.fontSize`, "must be greater than 0"],
  // references
  ["a duplicate band id", minimalDocument([{ id: "a", kind: "detail", height: 1, elements: [] }, { id: "a", kind: "detail", height: 1, elements: [] }]), "bands[1].id", "duplicate band id 'a'; bands[0] already uses it"],
  ["a parentId naming no band", minimalDocument([{ id: "a", kind: "detail", parentId: "nope", height: 1, elements: [] }]), "bands[0].parentId", "'nope' is not the id of any band in this document"],
  ["a detail-header without a parent", minimalDocument([{ id: "h", kind: "detail-header", height: 1, elements: [] }]), "bands[0].parentId", "is required for a detail-header band: the id of the detail band it belongs to"],
  ["a detail-footer without a parent", minimalDocument([{ id: "f", kind: "detail-footer", height: 1, elements: [] }]), "bands[0].parentId", "is required for a detail-footer band: the id of the detail band it belongs to"],
  ["a detail-header under a report-header", minimalDocument([{ id: "rh", kind: "report-header", height: 1, elements: [] }, { id: "h", kind: "detail-header", parentId: "rh", height: 1, elements: [] }]), "bands[1].parentId", "'rh' is a report-header band; a parent must be a detail band"],
  ["a page-header with a parent", minimalDocument([{ id: "d", kind: "detail", height: 1, elements: [] }, { id: "ph", kind: "page-header", parentId: "d", height: 1, elements: [] }]), "bands[1].parentId", "a page-header band cannot have a parent; only detail, detail-header and detail-footer bands nest inside a detail band"],
  ["a band that is its own parent", minimalDocument([{ id: "d", kind: "detail", parentId: "d", height: 1, elements: [] }]), "bands[0].parentId", "a band cannot be its own parent"],
  ["a parent cycle", minimalDocument([{ id: "a", kind: "detail", parentId: "b", height: 1, elements: [] }, { id: "b", kind: "detail", parentId: "a", height: 1, elements: [] }]), "bands[1].parentId", "parent links form a cycle: 'b' → 'a' → 'b'"],
  ["a parentId as a number", minimalDocument([{ id: "a", kind: "detail", parentId: 1, height: 1, elements: [] }]), "bands[0].parentId", "expected a string"],
];

for (const [what, input, path, message] of cases) {
  test(`rejects ${what} at ${path || "(root)"}`, () => {
    const errors = errorsOf(input);
    const messages = errors[path];
    assert.ok(messages, `no error at ${path}; got:\n${flattenErrors(errors).join("\n")}`);
    if (message.endsWith("…")) {
      assert.ok(messages.some((m) => m.startsWith(message.slice(0, -1))), `expected "${message}" at ${path}; got ${JSON.stringify(messages)}`);
    } else {
      assert.ok(messages.includes(message), `expected "${message}" at ${path}; got ${JSON.stringify(messages)}`);
    }
  });
}

test("a wrong version is the only error reported, however broken the rest", () => {
  assert.deepEqual(errorsOf({ version: 3, bands: "nope" }), { version: ["unsupported document version 3; this service reads version 4"] });
});

test("all errors are collected, not just the first", () => {
  const errors = errorsOf(minimalDocument([
    { id: "a", kind: "detail", height: -1, elements: [{ ...sampleElements()["text"], fontWeight: 1 }, { ...sampleElements()["rect"], fill: "red" }] },
    { id: "a", kind: "nope", height: 1, elements: [] },
  ]));
  assert.deepEqual(Object.keys(errors).sort(), [
    "bands[0].elements[0].fontWeight", "bands[0].elements[1].fill", "bands[0].height", "bands[1].id", "bands[1].kind",
  ]);
});

test("one message per value: a non-number is not also out of range", () => {
  assert.deepEqual(errorsOf(withElement(el("rect", { opacity: "x" }))), { [`${E}.opacity`]: ["expected a number"] });
});

test("an unknown type reports only the type, not the keys of every element kind", () => {
  assert.deepEqual(Object.keys(errorsOf(withElement({ id: "a", type: "circle", r: 3 }))), [`${E}.type`]);
});

test("errors are capped at 100 messages plus a note at $", () => {
  const bands = Array.from({ length: 300 }, (_, i) => ({ id: `b${i}`, kind: "detail", height: "tall", elements: [] }));
  const errors = errorsOf(minimalDocument(bands));
  const lines = flattenErrors(errors);
  assert.equal(lines.length, 101);
  assert.deepEqual(errors["$"], ["200 more errors not shown (only the first 100 are listed)"]);
});

test("flattenErrors gives one `path: message` line per message", () => {
  assert.deepEqual(
    flattenErrors({ "bands[2].elements[0].width": ["expected a number"], "$": ["a", "b"] }),
    ["bands[2].elements[0].width: expected a number", "$: a", "$: b"],
  );
});
