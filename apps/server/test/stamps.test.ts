// The `stamps` render option over HTTP: on HTML and report renders, in merged batches, and 400s with the stamp's path.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createRenderer } from "../src/render/renderer.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { createTemplate, PAGED_TEMPLATE, pageTexts, waitForJob } from "./batch/helpers.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }) });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

const PAID = { type: "text", text: "SETTLED", visibleIf: "paid", position: "top-right", fontSize: 12, width: 100, height: 16 };

describe("stamps render option", () => {
  test("an HTML render carries the stamps its data chooses", async () => {
    const render = (paid: boolean) => t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>Invoice for {{name}}</p>", data: { name: "Ada", paid }, stamps: [PAID] } });
    const paid = await render(true);
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.match((await pageTexts(paid.bytes))[0]!, /SETTLED/);
    assert.doesNotMatch((await pageTexts((await render(false)).bytes))[0]!, /SETTLED/);
  });

  test("a stored report and a merged batch carry them on every row", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const stored = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { name: "Ada", paid: true, lines: [] }, stamps: [PAID] } });
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    assert.match((await pageTexts(stored.bytes))[0]!, /SETTLED/);
    const rows = [{ name: "Ada", paid: true, lines: [{ text: "a" }] }, { name: "Bob", paid: false, lines: [{ text: "b" }] }];
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "merged", fileNamePattern: null, emailColumn: null, stamps: [PAID] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
    assert.equal(job.status, "completed", JSON.stringify(job));
    const merged = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
    const texts = await pageTexts(merged.bytes);
    assert.deepEqual(texts.map((text) => text.includes("SETTLED")), [true, false]);
  });

  test("a bad stamp is a 400 naming its path; OpenAPI has the Stamps component", async () => {
    const id = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Q", content: SMALL_TEMPLATE } })).body.id as string;
    const bad = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: {}, stamps: [{ type: "text", text: "X", pages: "odd" }] } });
    assertProblem(bad, 400);
    assert.match(JSON.stringify(bad.body), /stamps\[0\]\.pages: expected one of: all, first, last; got 'odd'/);
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>x</p>", data: {}, stamps: [{ type: "video" }] } }), 400);
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>x</p>", data: {}, stamps: Array.from({ length: 21 }, () => ({ type: "text", text: "x" })) } }), 400);
    const doc = (await t.call("GET", "/openapi/v1.json")).body as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    for (const body of ["RenderTemplateBody", "RenderInlineBody", "SendTemplateEmailBody", "CreateBatchJsonBody"]) {
      assert.deepEqual(doc.components.schemas[body]?.properties?.["stamps"], { $ref: "#/components/schemas/Stamps" }, body);
    }
  });
});
