import assert from "node:assert/strict";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { createRenderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, waitForJob } from "./helpers.js";

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

const TEXT_ONLY = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 100, height: 50 },
  bands: [{ id: "rh", kind: "report-header", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 80, height: 12, text: "{{n}}" }] }],
  schema: [{ key: "n", type: "string" }],
});

describe("batch limits", () => {
  test("a 2,000-row job completes with 2,000 PDFs; 2,001 rows are refused", async () => {
    const id = await createTemplate(t, owner.token, TEXT_ONLY);
    const rows = Array.from({ length: 2000 }, (_, i) => ({ n: String(i) }));
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{n}}" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const refused = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows: [...rows, { n: "x" }], output: "zip" } });
    assert.equal(refused.status, 400);
    const job = await waitForJob(t, owner.token, id, res.body.jobId, 120_000);
    assert.deepEqual([job.status, job.total, job.completed, job.failed], ["completed", 2000, 2000, 0]);
    const result = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
    const zip = await JSZip.loadAsync(result.bytes);
    assert.equal(Object.keys(zip.files).length, 2001);
    assert.ok(zip.file("1999.pdf"));
  });
});
