// A batch keeps the form options it was submitted with (stored in batch_inputs.form_options): a zip's rows are
// PDF forms, or flattened with flatten: true; a merged PDF draws the fields as content (docs/forms.md).
import assert from "node:assert/strict";
import JSZip from "jszip";
import { after, before, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { createRenderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, waitForJob } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
let templateId: string;

const FORM = JSON.stringify({
  version: 4, pageSize: { id: "a6" }, schema: [],
  bands: [{ id: "b", kind: "report-header", height: 30, elements: [
    { id: "n", type: "field", kind: "text", name: "fullName", x: 0, y: 0, width: 200, height: 20, value: "{{name}}" },
  ] }],
});

before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }) });
  t.deps.batch.start();
  owner = await t.signup();
  templateId = await createTemplate(t, owner.token, FORM, "Form batch");
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

async function run(body: Record<string, unknown>): Promise<Uint8Array> {
  const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{ name: "Ada" }, { name: "Grace" }], ...body } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const job = await waitForJob(t, owner.token, templateId, res.body.jobId as string);
  assert.equal(job.status, "completed", JSON.stringify(job));
  return (await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId as string}/result`, { token: owner.token })).bytes;
}

/** Each zipped PDF's form: field name → text, in file name order. */
async function zippedForms(bytes: Uint8Array): Promise<Record<string, string>[]> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => n.endsWith(".pdf")).sort();
  return Promise.all(names.map(async (name) => {
    const form = (await PDFDocument.load(await zip.file(name)!.async("uint8array"))).getForm();
    return Object.fromEntries(form.getFields().map((f) => [f.getName(), form.getTextField(f.getName()).getText() ?? ""]));
  }));
}

test("zip rows are PDF forms with each row's value", async () => {
  assert.deepEqual(await zippedForms(await run({ output: "zip", fileNamePattern: "{{name}}" })), [{ fullName: "Ada" }, { fullName: "Grace" }]);
});

test("flatten: true is kept with the job: every row's PDF has no form", async () => {
  assert.deepEqual(await zippedForms(await run({ output: "zip", fileNamePattern: "{{name}}", flatten: true })), [{}, {}]);
});

test("a merged PDF draws the fields as content: no form, one page per row", async () => {
  const merged = await PDFDocument.load(await run({ output: "merged" }));
  assert.equal(merged.getPageCount(), 2);
  assert.equal(merged.getForm().getFields().length, 0);
});

test("forms must be a boolean on a batch too", async () => {
  const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows: [{}], forms: "on" } });
  assert.equal(res.status, 400);
  assert.deepEqual(res.body.errors, { forms: ["forms must be true or false."] });
});
