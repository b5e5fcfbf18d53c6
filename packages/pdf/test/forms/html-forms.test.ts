// HTML templates with `forms: true`: <input>, <textarea> and <select> become form fields (pdfjs reads them back);
// without it the same HTML prints as it always did, with no form.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderHtml } from "../../src/index.js";
import { extractText } from "../support/pdfjs.js";
import { readWidgets } from "../support/forms.js";

const NOW = "2026-01-01T00:00:00Z";
const HTML = `<html><body style="font-family: Inter; font-size: 11pt">
<h2>Order {{id}}</h2>
<p>Name: <input name="name" value="{{name}}" required title="Your name"></p>
<p>Notes:<br><textarea name="notes" rows="3" cols="30">Leave at the door</textarea></p>
<p><input type="checkbox" name="gift" checked> Gift wrap</p>
<p>Size: <input type="radio" name="size" value="S"> S <input type="radio" name="size" value="M" checked> M <input type="radio" name="size" value="L"> L</p>
<p>Colour: <select name="colour"><option>Red</option><option value="b" selected>Blue</option></select></p>
<p>Due: <input type="date" name="due" value="2026-12-01" readonly> <input type="hidden" name="secret" value="x"></p>
</body></html>`;

test("forms: true turns inputs, textareas and selects into fields with their values and flags", async () => {
  const { pdf, diagnostics } = await renderHtml(HTML, { id: 7, name: "Ada" }, { now: NOW, forms: true });
  assert.deepEqual(diagnostics, []);
  const { widgets, hasForm } = await readWidgets(pdf);
  assert.ok(hasForm);
  const one = (name: string) => widgets.find((w) => w.fieldName === name);
  assert.deepEqual([one("name")?.fieldType, one("name")?.fieldValue, one("name")?.required], ["Tx", "Ada", true]);
  assert.deepEqual([one("notes")?.multiLine, one("notes")?.fieldValue], [true, "Leave at the door"]);
  assert.deepEqual([one("gift")?.checkBox, one("gift")?.fieldValue], [true, "Yes"]);
  // Three <input type=radio name=size> are one radio group of three buttons.
  const size = widgets.filter((w) => w.fieldName === "size");
  assert.deepEqual(size.map((w) => w.buttonValue), ["S", "M", "L"]);
  assert.ok(size.every((w) => w.fieldValue === "M"));
  assert.deepEqual([one("colour")?.combo, one("colour")?.fieldValue], [true, ["b"]]);
  assert.deepEqual(one("colour")?.options?.map((o) => o.exportValue), ["Red", "b"]);
  assert.deepEqual([one("due")?.fieldValue, one("due")?.readOnly], ["2026-12-01", true]);
  assert.equal(one("secret"), undefined, "hidden inputs are not fields");
  // Fields flow in their line: the name field starts right of "Name:" on the same line.
  const name = one("name")!;
  assert.ok(name.rect[0]! > 60, `the field follows its label: ${name.rect}`);
});

test("without forms the controls print as before: no fields, a textarea's text as text", async () => {
  const { pdf } = await renderHtml(HTML, { id: 7, name: "Ada" }, { now: NOW });
  const { widgets, hasForm } = await readWidgets(pdf);
  assert.equal(widgets.length, 0);
  assert.equal(hasForm, false);
  assert.ok((await extractText(pdf))[0]?.includes("Leave at the door"));
});
