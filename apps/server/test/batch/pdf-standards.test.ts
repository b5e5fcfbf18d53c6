// `pdfStandards` on batches: every ZIP row's PDF and the merged PDF declare and follow the standards; with protect, a 400.
import assert from "node:assert/strict";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { checkPdf } from "@docsvc/pdf";
import { createRenderer } from "../../src/render/renderer.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, PAGED_TEMPLATE, waitForJob } from "./helpers.js";
import { execFile } from "node:child_process";
import { skipUnlessCi } from "../helpers/ci.js";

const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 1 }) });
  t.deps.batch.start();
  owner = await t.signup();
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

describe("batch pdfStandards", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("zip: every row's PDF declares and follows PDF/A-3b; the option is stored with the job", { skip }, async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = [{ name: "Ada", lines: [{ text: "a" }] }, { name: "Bob", lines: [{ text: "b" }] }];
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{name}}", emailColumn: null, pdfStandards: ["a-3b"] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", 2, 0], JSON.stringify(job));
    const stored = await t.deps.db.selectFrom("batch_inputs").select("pdf_standards").where("job_id", "=", res.body.jobId as string).executeTakeFirstOrThrow();
    assert.equal(stored.pdf_standards, '["a-3b"]');
    const result = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
    const pdfs = await Promise.all(Object.values((await JSZip.loadAsync(result.bytes)).files).filter((f) => f.name.endsWith(".pdf")).map((f) => f.async("uint8array")));
    assert.equal(pdfs.length, 2);
    for (const pdf of pdfs) {
      const report = await checkPdf(pdf);
      assert.deepEqual([report.standards, report.findings], [["a-3b"], []]);
    }
  });

  test("merged: the one PDF declares and follows the standards, the template's own by default", { skip }, async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = [{ name: "Ada", lines: [{ text: "a" }] }, { name: "Bob", lines: [{ text: "b" }] }];
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "merged", pdfStandards: ["a-2u", "ua-1"] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", 2, 0], JSON.stringify(job));
    const merged = (await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token })).bytes;
    const report = await checkPdf(merged);
    assert.deepEqual(report.standards, ["a-2u", "ua-1"]);
    assert.deepEqual(report.findings.filter((f) => f.standard !== "ua-1"), []);
    // The template's pdfStandards key, no option in the body:
    const archived = JSON.parse(PAGED_TEMPLATE) as Record<string, unknown>;
    const defaultId = await createTemplate(t, owner.token, JSON.stringify({ ...archived, pdfStandards: ["a-3b"] }));
    const byDefault = await t.call("POST", `/api/templates/${defaultId}/render-batch`, { token: owner.token, body: { rows, output: "merged" } });
    await waitForJob(t, owner.token, defaultId, byDefault.body.jobId as string);
    const pdf = (await t.call("GET", `/api/templates/${defaultId}/render-batch/jobs/${byDefault.body.jobId}/result`, { token: owner.token })).bytes;
    assert.deepEqual(await checkPdf(pdf), { standards: ["a-3b"], source: "declared", findings: [] });
  });

  test("a row whose text cannot conform fails on its own, naming the rule; the other rows are rendered", { skip }, async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = [{ name: "Ada", lines: [{ text: "fine" }] }, { name: "B\u0378b", lines: [{ text: "x" }] }];
    const res = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "row", emailColumn: null, pdfStandards: ["a-2b"] } });
    const job = await waitForJob(t, owner.token, id, res.body.jobId as string);
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", 1, 1], JSON.stringify(job));
    const zip = await JSZip.loadAsync((await t.call("GET", `/api/templates/${id}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token })).bytes);
    assert.match(await zip.file("report.json")!.async("string"), /PDF\/A-2b rule 6\.2\.11\.8-1/);
  });

  test("protect with a PDF/A level, or two levels, are 400s naming why", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = [{ name: "Ada", lines: [{ text: "a" }] }];
    const locked = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, pdfStandards: ["a-2b"], protect: { ownerPassword: "o" } } });
    assert.equal(locked.status, 400);
    assert.match(JSON.stringify(locked.body.errors.pdfStandards), /rule 6\.1\.3/);
    const bad = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, pdfStandards: ["a-2b", "a-2u"] } });
    assert.equal(bad.status, 400);
  });
});
