// tagged on the render endpoints: a tagged PDF (structure tree, /MarkInfo, the outline) by default, untagged with
// tagged: false, through the worker to @docsvc/pdf; validated as a boolean; listed in the OpenAPI document
// (docs/accessibility.md). A stored template's name is the PDF's title.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PDFDocument, PDFName } from "pdf-lib";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;

const DOC = JSON.stringify({
  version: 4, pageSize: { id: "a6" }, schema: [],
  bands: [{ id: "b", kind: "report-header", height: 60, elements: [
    { id: "h", type: "text", role: "h1", x: 0, y: 0, width: 200, height: 20, text: "Hello {{name}}" },
    { id: "p", type: "text", role: "p", x: 0, y: 30, width: 200, height: 20, text: "A paragraph." },
  ] }],
});

before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

async function catalogKeys(bytes: Uint8Array): Promise<string[]> {
  const catalog = (await PDFDocument.load(bytes)).catalog;
  return catalog.keys().map((key) => key.asString());
}

test("renders are tagged by default (structure tree, MarkInfo, outline); tagged: false leaves them out", async () => {
  const tagged = await t.call("POST", "/api/render", { token: owner.token, body: { content: DOC, data: { name: "Ada" } } });
  assert.equal(tagged.status, 200);
  const keys = await catalogKeys(tagged.bytes);
  for (const key of ["/StructTreeRoot", "/MarkInfo", "/Outlines", "/ViewerPreferences"]) assert.ok(keys.includes(key), `${key} in ${keys.join(" ")}`);
  const plain = await t.call("POST", "/api/render", { token: owner.token, body: { content: DOC, data: { name: "Ada" }, tagged: false } });
  assert.equal(plain.status, 200);
  const plainKeys = await catalogKeys(plain.bytes);
  for (const key of ["/StructTreeRoot", "/MarkInfo", "/Outlines"]) assert.ok(!plainKeys.includes(key), key);
});

test("a stored template renders tagged with its name as the title; tagged must be a boolean", async () => {
  const stored = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Greeting letter", content: DOC } });
  const res = await t.call("POST", `/api/templates/${stored.body.id as string}/render`, { token: owner.token, body: { data: { name: "Grace" } } });
  assert.equal(res.status, 200);
  const doc = await PDFDocument.load(res.bytes);
  assert.equal(doc.getTitle(), "Greeting letter");
  assert.match(String(doc.catalog.lookup(PDFName.of("ViewerPreferences"))), /DisplayDocTitle true/);
  const bad = await t.call("POST", "/api/render", { token: owner.token, body: { content: DOC, data: {}, tagged: "no" } });
  assertProblem(bad, 400);
  assert.deepEqual(bad.body.errors, { tagged: ["tagged must be true or false."] });
  const openapi = (await t.call("GET", "/openapi/v1.json")).body as { components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> } };
  for (const schema of ["RenderTemplateBody", "RenderInlineBody"]) assert.equal(openapi.components.schemas[schema]?.properties["tagged"]?.type, "boolean", schema);
});
