// Diagnostics reach the caller: a count header on every render, ?diagnostics=json, and per row in batch reports.
import assert from "node:assert/strict";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { createTemplate, PNG_1PX, TINY_TEMPLATE, waitForJob } from "./batch/helpers.js";

let t: TestApp;
let owner: TestUser;
let key: string;
let templateId: string;
before(async () => {
  t = await startTestApp();
  t.deps.batch.start();
  owner = await t.signup();
  key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "diagnostics" } })).body.key as string;
  templateId = await createTemplate(t, owner.token, TINY_TEMPLATE, "Greeting");
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

const BROKEN = "data:image/png;base64,AAAAAAAA";

describe("render diagnostics", () => {
  test("a render with a broken image still answers the PDF and counts the diagnostic in X-Docsvc-Diagnostics", async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/render`, { apiKey: key, body: { data: { name: "Ada", logo: BROKEN } } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "application/pdf");
    assert.equal(res.headers.get("X-Docsvc-Diagnostics"), "1");
    const clean = await t.call("POST", `/api/templates/${templateId}/render`, { apiKey: key, body: { data: { name: "Ada", logo: PNG_1PX } } });
    assert.equal(clean.headers.get("X-Docsvc-Diagnostics"), "0");
  });

  test("?diagnostics=json answers {pages, diagnostics: [{code, message, path}]} instead of the PDF, on both render endpoints", async () => {
    const stored = await t.call("POST", `/api/templates/${templateId}/render?diagnostics=json`, { apiKey: key, body: { data: { name: "Ada", logo: BROKEN } } });
    assert.equal(stored.status, 200);
    assert.match(stored.headers.get("Content-Type") ?? "", /^application\/json/);
    assert.equal(stored.headers.get("X-Docsvc-Diagnostics"), "1");
    assert.deepEqual(stored.body, {
      pages: 1,
      diagnostics: [{ code: "image.undecodable", message: "the image is not a recognised format (PNG, JPEG, GIF, WebP, BMP, SVG)", path: "bands[0].elements[1]" }],
    });
    const inline = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: TINY_TEMPLATE, data: { name: "x", logo: PNG_1PX } } });
    assert.deepEqual(inline.body, { pages: 1, diagnostics: [] });
  });

  test("another diagnostics value is a 400 and is not rate limited or metered", async () => {
    const before = (await t.call("GET", "/api/usage", { token: owner.token })).body.renders.total as number;
    const res = await t.call("POST", `/api/templates/${templateId}/render?diagnostics=xml`, { apiKey: key, body: { data: {} } });
    assertProblem(res, 400);
    assert.deepEqual(res.body.errors, { diagnostics: ["diagnostics must be 'json' (or absent for the PDF)."] });
    assert.equal((await t.call("GET", "/api/usage", { token: owner.token })).body.renders.total, before);
  });

  test("a batch report lists each row's diagnostics, failed rows included", async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, {
      apiKey: key,
      body: { rows: [{ name: "fine", logo: PNG_1PX }, { name: "broken", logo: BROKEN }], output: "zip", fileNamePattern: "{{name}}", emailColumn: null },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId as string);
    assert.deepEqual([job.completed, job.failed], [1, 1]);
    const result = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId as string}/result`, { apiKey: key });
    const report = JSON.parse(await (await JSZip.loadAsync(result.bytes)).file("report.json")!.async("string")) as Record<string, any>;
    assert.equal(report.diagnostics.length, 1);
    assert.equal(report.diagnostics[0].index, 1);
    assert.deepEqual(report.diagnostics[0].diagnostics.map((d: Record<string, string>) => [d.code, d.path]), [["image.undecodable", "bands[0].elements[1]"]]);
  });

  test("a merged batch's report (GET …/report) lists each row's diagnostics too", async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, {
      apiKey: key,
      body: { rows: [{ name: "fine", logo: PNG_1PX }, { name: "broken", logo: BROKEN }], output: "merged", fileNamePattern: null, emailColumn: null },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const jobId = res.body.jobId as string;
    const job = await waitForJob(t, owner.token, templateId, jobId);
    assert.deepEqual([job.completed, job.failed], [1, 1]);
    const report = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}/report`, { apiKey: key });
    assert.equal(report.status, 200);
    assert.deepEqual([report.body.jobId, report.body.total, report.body.completed, report.body.failed], [jobId, 2, 1, 1]);
    assert.equal(report.body.failures[0].index, 1);
    assert.deepEqual(report.body.diagnostics.map((r: Record<string, any>) => [r.index, r.diagnostics.map((d: Record<string, string>) => d.code)]), [[1, ["image.undecodable"]]]);
    // Another workspace cannot read it.
    const stranger = await t.signup();
    assert.equal((await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}/report`, { token: stranger.token })).status, 404);
  });
});
