// forms and flatten on the render endpoints: passed through the worker to @docsvc/pdf, validated as booleans,
// and listed in the OpenAPI document (docs/forms.md).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;

const FORM = JSON.stringify({
  version: 4, pageSize: { id: "a6" }, schema: [],
  bands: [{ id: "b", kind: "report-header", height: 60, elements: [
    { id: "n", type: "field", kind: "text", name: "fullName", x: 0, y: 0, width: 200, height: 20, value: "{{name}}", required: true },
    { id: "c", type: "field", kind: "checkbox", name: "agree", x: 0, y: 30, width: 14, height: 14, value: "yes" },
  ] }],
});
const HTML = `<p>Name: <input name="who" value="{{name}}"></p>`;

before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

/** Field name → value, as pdf-lib reads the form (empty when the PDF has none). */
async function formValues(bytes: Uint8Array): Promise<Record<string, string>> {
  const form = (await PDFDocument.load(bytes)).getForm();
  return Object.fromEntries(form.getFields().map((field) => {
    const name = field.getName();
    const kind = field.constructor.name;
    return [name, kind === "PDFTextField" ? (form.getTextField(name).getText() ?? "") : kind === "PDFCheckBox" ? String(form.getCheckBox(name).isChecked()) : kind];
  }));
}

test("a report document's fields come back as a fillable form; flatten: true leaves none", async () => {
  const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: FORM, data: { name: "Ada" } } });
  assert.equal(res.status, 200);
  assert.deepEqual(await formValues(res.bytes), { fullName: "Ada", agree: "true" });
  const flat = await t.call("POST", "/api/render", { token: owner.token, body: { content: FORM, data: { name: "Ada" }, flatten: true } });
  assert.equal(flat.status, 200);
  assert.deepEqual(await formValues(flat.bytes), {});
  assert.ok(!Buffer.from(flat.bytes).toString("latin1").includes("/AcroForm"));
});

test("an HTML render with forms: true makes its inputs fields; without it, none", async () => {
  const withForms = await t.call("POST", "/api/render", { token: owner.token, body: { content: HTML, editorMode: "html", data: { name: "Grace" }, forms: true } });
  assert.equal(withForms.status, 200);
  assert.deepEqual(await formValues(withForms.bytes), { who: "Grace" });
  const without = await t.call("POST", "/api/render", { token: owner.token, body: { content: HTML, editorMode: "html", data: { name: "Grace" } } });
  assert.deepEqual(await formValues(without.bytes), {});
});

test("forms and flatten must be booleans (400 with the key's message)", async () => {
  const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: FORM, data: {}, forms: "yes" } });
  assertProblem(res, 400);
  assert.deepEqual(res.body.errors, { forms: ["forms must be true or false."] });
  const stored = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Form", content: FORM } });
  const bad = await t.call("POST", `/api/templates/${stored.body.id as string}/render`, { token: owner.token, body: { data: {}, flatten: 1 } });
  assertProblem(bad, 400);
  assert.deepEqual(bad.body.errors, { flatten: ["flatten must be true or false."] });
});

test("the OpenAPI document lists forms and flatten on the render, batch and send-email bodies", async () => {
  const doc = (await t.call("GET", "/openapi/v1.json")).body as { components: { schemas: Record<string, { properties: Record<string, { type?: string; description?: string }> }> } };
  for (const body of ["RenderInlineBody", "RenderTemplateBody", "SendTemplateEmailBody", "CreateBatchJsonBody"]) {
    const properties = doc.components.schemas[body]?.properties ?? {};
    for (const key of ["forms", "flatten"]) {
      assert.equal(properties[key]?.type, "boolean", `${body}.${key}`);
      assert.ok((properties[key]?.description ?? "").length > 20, `${body}.${key} is described`);
    }
  }
});
