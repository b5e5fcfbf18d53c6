// Fillable forms (issue #30, item 2): field elements become an AcroForm whose fields pdfjs reads back with their
// names, values and flags, that pdf-lib can fill, and that flatten turns into plain text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { encodeRowLayout, decodeRowLayout, loadDesignerFonts, renderDocument, renderMerged, renderPdf } from "../../src/index.js";
import { layoutDocument, type FrameItem, type TemplateDocument } from "@docsvc/layout";
import { compareWithGolden, diffPngs, withinTolerance } from "../support/golden.js";
import { goldenDir } from "../support/paths.js";
import { extractText, rasterise } from "../support/pdfjs.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";
import { pdfLib, readWidgets } from "../support/forms.js";
import { FORM_DATA, FORM_DOCUMENT } from "./form-fixture.js";

const NOW = "2026-01-01T00:00:00Z";
const skipPdftotext = await pdftotextMissing;

test("every field kind is read back by pdfjs with its type, name, value and flags", async () => {
  const report = await renderDocument(FORM_DOCUMENT, FORM_DATA, { now: NOW });
  assert.deepEqual(report.diagnostics, []);
  const { widgets, hasForm } = await readWidgets(report.pdf);
  assert.ok(hasForm, "the catalog has an /AcroForm");
  const by = (name: string) => widgets.filter((w) => w.fieldName === name);
  const [name] = by("fullName");
  assert.equal(name?.fieldType, "Tx");
  assert.equal(name?.fieldValue, "Ada Lovelace", "the default value comes from the data's token");
  assert.equal(name?.required, true);
  assert.equal(name?.readOnly, false);
  assert.equal(by("notes")[0]?.multiLine, true);
  assert.equal(by("notes")[0]?.fieldValue, "Prefers letters to e-mail; available on weekday evenings.");
  const [agree] = by("agree");
  assert.equal(agree?.fieldType, "Btn");
  assert.equal(agree?.checkBox, true);
  assert.equal(agree?.fieldValue, "Yes", "a true value checks the box");
  const plan = by("plan");
  assert.deepEqual(plan.map((w) => w.buttonValue), ["Small", "Medium", "Large"], "one radio button per option");
  assert.ok(plan.every((w) => w.radioButton === true && w.fieldValue === "Medium"));
  const [country] = by("country");
  assert.equal(country?.fieldType, "Ch");
  assert.equal(country?.combo, true);
  assert.equal(country?.readOnly, true);
  assert.deepEqual(country?.fieldValue, ["Japan"]);
  assert.deepEqual(country?.options?.map((o) => o.exportValue), ["France", "Japan", "Peru"]);
  assert.equal(by("signedOn")[0]?.fieldValue, "2026-11-29");
  assert.equal(by("signature")[0]?.fieldType, "Sig");
  // Appearance streams: viewers that do not regenerate appearances still show the fields.
  assert.ok(widgets.every((w) => w.hasAppearance), "every widget has an appearance stream");
  // The name field sits 24 pt below the top margin, 20 pt tall, on an A6 page (419.53 pt tall).
  assert.deepEqual(name?.rect.map((v) => Math.round(v)), [20, Math.round(419.53 - 20 - 44), 260, Math.round(419.53 - 20 - 24)]);
});

test("pdf-lib fills the fields and pdfjs reads the new values back", async () => {
  const pdf = await renderPdf(FORM_DOCUMENT, FORM_DATA, { now: NOW });
  const doc = await pdfLib.PDFDocument.load(pdf);
  const form = doc.getForm();
  assert.deepEqual(form.getFields().map((f) => f.getName()).sort(), ["agree", "country", "fullName", "notes", "plan", "signature", "signedOn"]);
  form.getTextField("fullName").setText("Grace Hopper");
  form.getCheckBox("agree").uncheck();
  form.getRadioGroup("plan").select("Large");
  const filled = await doc.save();
  const { widgets } = await readWidgets(filled);
  const value = (name: string) => widgets.find((w) => w.fieldName === name)?.fieldValue;
  assert.equal(value("fullName"), "Grace Hopper");
  assert.equal(value("agree"), "Off");
  assert.equal(value("plan"), "Large");
  assert.equal(value("signedOn"), "2026-11-29", "fields left alone keep their value");
});

test("a field in a repeated band gets a unique name per copy", async () => {
  const document: TemplateDocument = {
    version: 4, pageSize: { id: "a6" }, schema: [],
    bands: [{ id: "rows", kind: "detail", bindingField: "items", height: 24, elements: [
      { id: "qty", type: "field", kind: "text", name: "qty", x: 0, y: 2, width: 60, height: 20, value: "{{qty}}" },
    ] }],
  };
  const pdf = await renderPdf(document, { items: [{ qty: 1 }, { qty: 2 }, { qty: 3 }] }, { now: NOW });
  const { widgets } = await readWidgets(pdf);
  assert.deepEqual(widgets.map((w) => [w.fieldName, w.fieldValue]), [["qty", "1"], ["qty_2", "2"], ["qty_3", "3"]]);
});

test("flatten draws the values as text and writes no form", { skip: skipPdftotext }, async () => {
  const pdf = await renderPdf(FORM_DOCUMENT, FORM_DATA, { now: NOW, flatten: true });
  const { widgets, hasForm } = await readWidgets(pdf);
  assert.equal(widgets.length, 0, "no widget annotations");
  assert.equal(hasForm, false, "no /AcroForm");
  assert.ok(!Buffer.from(pdf).toString("latin1").includes("/AcroForm"));
  const lines = (await pdftotextLines(pdf))[0] ?? [];
  for (const text of ["Ada Lovelace", "Japan", "2026-11-29", "Small", "Medium", "Large"]) {
    assert.ok(lines.some((line) => line.includes(text)), `${text} is on the page as text: ${JSON.stringify(lines)}`);
  }
  // Interactive, the values live in the widgets' appearances, not in the page's text.
  const interactive = (await extractText(await renderPdf(FORM_DOCUMENT, FORM_DATA, { now: NOW })))[0] ?? "";
  assert.ok(!interactive.includes("Ada Lovelace"));
});

test("a merged batch draws its rows' fields as content (no form)", async () => {
  const rows = [FORM_DATA, { ...FORM_DATA, applicant: { name: "Grace Hopper", agrees: false } }];
  const merged = await renderMerged(FORM_DOCUMENT, rows, { now: NOW });
  const { widgets, hasForm } = await readWidgets(merged.pdf);
  assert.equal(widgets.length, 0);
  assert.equal(hasForm, false);
  const texts = await extractText(merged.pdf);
  assert.ok(texts[0]?.includes("Ada Lovelace") && texts[1]?.includes("Grace Hopper"), "each row's value is printed on its page");
  // The encoded row keeps the field's look only: no field item survives decoding.
  const fonts = await loadDesignerFonts();
  const layout = layoutDocument(FORM_DOCUMENT, FORM_DATA, { fonts, now: new Date(NOW) });
  const kinds = (items: readonly FrameItem[]): string[] => items.flatMap((item) => [item.kind, ...(item.kind === "group" ? kinds(item.items) : [])]);
  assert.ok(kinds(layout.pages[0]!.items).includes("field"));
  assert.ok(!kinds(decodeRowLayout(encodeRowLayout(layout), fonts).pages[0]!.items).includes("field"));
});

test("the form matches its golden page (appearance streams drawn by pdfjs)", async () => {
  const pdf = await renderPdf(FORM_DOCUMENT, FORM_DATA, { now: NOW });
  await compareWithGolden("form", await rasterise(pdf, { scale: 1.5 }), { dir: join(goldenDir, "forms") });
});

test("turned fields: the appearances (matrix-fitted into their widgets) draw what flatten draws", async () => {
  const document: TemplateDocument = {
    version: 4, pageSize: { id: "a6" }, schema: [],
    bands: [{ id: "b", kind: "report-header", height: 200, elements: [
      { id: "a", type: "field", kind: "text", name: "straight", x: 10, y: 10, width: 120, height: 20, value: "Straight" },
      { id: "r", type: "field", kind: "text", name: "turned", x: 40, y: 100, width: 120, height: 20, value: "Turned 90", rotation: 90 },
      { id: "s", type: "field", kind: "checkbox", name: "tilted", x: 150, y: 20, width: 16, height: 16, value: "yes", rotation: 30 },
    ] }],
  };
  const [interactive] = await rasterise(await renderPdf(document, {}, { now: NOW }), { scale: 2 });
  const [flat] = await rasterise(await renderPdf(document, {}, { now: NOW, flatten: true }), { scale: 2 });
  const diff = await diffPngs(interactive!, flat!);
  assert.ok(withinTolerance(diff), `the form and its flattened copy differ in ${(diff.fraction * 100).toFixed(3)}% of pixels`);
  // The turned text field's widget is the turned box's bounds: 20 wide, 120 tall.
  const turned = (await readWidgets(await renderPdf(document, {}, { now: NOW }))).widgets.find((w) => w.fieldName === "turned")!;
  assert.deepEqual([Math.round(turned.rect[2]! - turned.rect[0]!), Math.round(turned.rect[3]! - turned.rect[1]!)], [20, 120]);
  // A quarter turn is also told to viewers that redraw edited fields (/MK /R: counter-clockwise degrees).
  assert.match(Buffer.from(await renderPdf(document, {}, { now: NOW })).toString("latin1"), /\/R 270\n/);
});
