import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { jobPrefix } from "../../src/jobs/batch-files.js";
import { expireResults } from "../../src/jobs/batch-worker.js";
import { createRenderer } from "../../src/render/renderer.js";
import { DAY, setClock } from "../../src/time.js";
import { assertProblem } from "../helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { countPdfPages } from "../../src/render/pages.js";
import { createTemplate, PAGED_TEMPLATE, pageTexts, PNG_1PX, waitForJob } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
let templateId: string;
before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 2 }) });
  t.deps.batch.start();
  owner = await t.signup();
  templateId = await createTemplate(t, owner.token);
});
after(async () => {
  setClock(undefined);
  await t.deps.batch.stop();
  await t.close();
});

const submit = (body: unknown, id = templateId, token = owner.token) => t.call("POST", `/api/templates/${id}/render-batch`, { token, body });
const jobs = async (id = templateId) => (await t.call("GET", `/api/templates/${id}/render-batch/jobs`, { token: owner.token })).body as unknown as Array<Record<string, unknown>>;

async function download(jobId: string, id = templateId): Promise<Uint8Array> {
  const res = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${jobId}/result`, { token: owner.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.bytes;
}

describe("batch rendering", () => {
  test("JSON rows to a ZIP: one PDF per row named by the pattern (sanitised, unique) holding its own row, report.json, every row metered", async () => {
    const before = (await t.call("GET", "/api/usage", { token: owner.token })).body.renders.total as number;
    const res = await submit({
      rows: [{ name: "Ada/Lovelace", customer: { city: "London" } }, { name: "Bob", customer: { city: "Lyon" } }, { name: "Bob", customer: { city: "Lima" } }, { name: "" }],
      output: null,
      fileNamePattern: "invoice {{name}}",
      emailColumn: null,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body), ["jobId"]);
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.deepEqual([job.status, job.total, job.completed, job.failed, job.output], ["completed", 4, 4, 0, "zip"]);
    const zip = await JSZip.loadAsync(await download(res.body.jobId));
    assert.deepEqual(Object.keys(zip.files).sort(), ["invoice Ada-Lovelace.pdf", "invoice Bob-2.pdf", "invoice Bob.pdf", "invoice.pdf", "report.json"].sort());
    // Each file is its own row's render: the names are unique, so a row written under another's name shows here.
    const printed: Record<string, string[]> = {};
    for (const name of ["invoice Ada-Lovelace.pdf", "invoice Bob.pdf", "invoice Bob-2.pdf", "invoice.pdf"]) {
      printed[name] = (await pageTexts(await zip.file(name)!.async("uint8array"))).map((page) => page.replace(/\s+/g, " ").trim());
    }
    assert.deepEqual(printed, {
      "invoice Ada-Lovelace.pdf": ["Hi Ada/Lovelace London"],
      "invoice Bob.pdf": ["Hi Bob Lyon"],
      "invoice Bob-2.pdf": ["Hi Bob Lima"],
      "invoice.pdf": ["Hi"],
    });
    const report = JSON.parse(await zip.file("report.json")!.async("string"));
    assert.deepEqual(report.failures, []);
    const after = (await t.call("GET", "/api/usage", { token: owner.token })).body.renders.total as number;
    assert.equal(after - before, 4);
  });

  test("the default file names are document-{{$index}}", async () => {
    const res = await submit({ rows: [{ name: "a" }, { name: "b" }], output: "zip", fileNamePattern: null, emailColumn: null });
    await waitForJob(t, owner.token, templateId, res.body.jobId);
    const zip = await JSZip.loadAsync(await download(res.body.jobId));
    assert.deepEqual(Object.keys(zip.files).sort(), ["document-1.pdf", "document-2.pdf", "report.json"]);
  });

  test("a row with an undecodable image fails, is counted and reported, and the job still completes", async () => {
    const res = await submit({ rows: [{ name: "ok", logo: PNG_1PX }, { name: "broken", logo: "data:image/png;base64,AAAAAAAA" }, { name: "ok2" }], output: "zip", fileNamePattern: "{{name}}", emailColumn: null });
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.deepEqual([job.status, job.completed, job.failed], ["completed", 2, 1]);
    const zip = await JSZip.loadAsync(await download(res.body.jobId));
    assert.deepEqual(Object.keys(zip.files).sort(), ["ok.pdf", "ok2.pdf", "report.json"]);
    const report = JSON.parse(await zip.file("report.json")!.async("string"));
    assert.equal(report.failures.length, 1);
    assert.equal(report.failures[0].index, 1);
    assert.match(report.failures[0].reason, /image\.undecodable/);
  });

  test("validation happens before anything is stored: row count, output, theme (exact messages)", async () => {
    const id = await createTemplate(t, owner.token);
    const tooMany = await submit({ rows: Array.from({ length: 2001 }, () => ({ name: "x" })), output: "zip", fileNamePattern: null, emailColumn: null }, id);
    assertProblem(tooMany, 400);
    assert.match(tooMany.body.detail, /at most 2,000 rows/);
    assertProblem(await submit({ rows: [], output: "zip", fileNamePattern: null, emailColumn: null }, id), 400);
    const output = await submit({ rows: [{}], output: "tar", fileNamePattern: null, emailColumn: null }, id);
    assertProblem(output, 400);
    assert.ok(output.body.errors.output);
    const key = await submit({ rows: [{}], output: "zip", fileNamePattern: null, emailColumn: null, theme: { primary: "#fff", secondary: "#000" } }, id);
    assert.equal(key.body.detail, "theme has an unknown key 'secondary'; allowed: primary, accent.");
    const colour = await submit({ rows: [{}], output: "zip", theme: { accent: "red" } }, id);
    assert.equal(colour.body.detail, "theme.accent must be a hex colour like #rrggbb.");
    assertProblem(await submit({ rows: [[1]], output: "zip" }, id), 400);
    assert.deepEqual(await jobs(id), []);
  });

  test("merged output: one PDF with every row's pages in row order, fonts embedded once", async () => {
    const id = await createTemplate(t, owner.token, PAGED_TEMPLATE);
    const rows = [1, 7, 2].map((n, i) => ({ name: `r${i}`, lines: Array.from({ length: n }, (_, j) => ({ text: `line ${j}` })) }));
    let sum = 0;
    for (const row of rows) {
      const single = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: row } });
      sum += Number(single.headers.get("X-Page-Count"));
    }
    assert.ok(sum > 3, `rows span several pages (${sum})`);
    const res = await submit({ rows, output: "merged", fileNamePattern: null, emailColumn: null }, id);
    const job = await waitForJob(t, owner.token, id, res.body.jobId);
    assert.equal(job.status, "completed");
    const pdf = await download(res.body.jobId, id);
    assert.equal(countPdfPages(pdf), sum);
    const text = Buffer.from(pdf).toString("latin1");
    assert.equal(text.match(/\/Type\s*\/FontDescriptor/g)?.length, 1, "one embedded font for every row");
  });

  test("result before completion is a 409; other workspaces see 404; the list is newest first", async () => {
    const id = await createTemplate(t, owner.token);
    const first = await submit({ rows: Array.from({ length: 200 }, (_, i) => ({ name: `n${i}` })), output: "zip" }, id);
    const early = await t.call("GET", `/api/templates/${id}/render-batch/jobs/${first.body.jobId}/result`, { token: owner.token });
    assertProblem(early, 409);
    assert.match(early.body.detail, /(pending|processing); the result can be downloaded once it is completed/);
    const second = await submit({ rows: [{ name: "x" }], output: "merged" }, id);
    assert.deepEqual((await jobs(id)).map((j) => j.jobId), [second.body.jobId, first.body.jobId]);
    const other = await t.signup();
    assertProblem(await t.call("GET", `/api/templates/${id}/render-batch/jobs/${first.body.jobId}`, { token: other.token }), 404);
    assertProblem(await t.call("GET", `/api/templates/${id}/render-batch/jobs`, { token: other.token }), 404);
    assertProblem(await submit({ rows: [{}], output: "zip" }, id, other.token), 404);
    await waitForJob(t, owner.token, id, first.body.jobId);
    await waitForJob(t, owner.token, id, second.body.jobId);
    // Completed, the result is there for its workspace and still not for another, nor through the other's own template.
    await download(second.body.jobId, id);
    assertProblem(await t.call("GET", `/api/templates/${id}/render-batch/jobs/${second.body.jobId}/result`, { token: other.token }), 404);
    const others = await createTemplate(t, other.token);
    assertProblem(await t.call("GET", `/api/templates/${others}/render-batch/jobs/${second.body.jobId}/result`, { token: other.token }), 404);
    assertProblem(await t.call("GET", `/api/templates/${others}/render-batch/jobs/${second.body.jobId}`, { token: other.token }), 404);
  });

  test("the API key lane submits and reads jobs, metered as api", async () => {
    const key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "batch" } })).body.key as string;
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { apiKey: key, body: { rows: [{ name: "k" }], output: "zip" } });
    assert.equal(res.status, 200);
    const status = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}`, { apiKey: key });
    assert.equal(status.status, 200);
    await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.ok((await t.call("GET", "/api/usage", { token: owner.token })).body.renders.api >= 1);
  });

  test("results expire after 24 hours: 404 and the files are gone after the sweep", async () => {
    const res = await submit({ rows: [{ name: "e" }], output: "zip" });
    await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.ok(existsSync(join(t.config.dataDir, jobPrefix(res.body.jobId))));
    const start = Date.now();
    setClock({ now: () => start + DAY - 60_000 });
    await download(res.body.jobId);
    assert.equal(await expireResults(t.deps.db, t.deps.blobs), 0);
    setClock({ now: () => start + DAY + 60_000 });
    assertProblem(await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token }), 404);
    assert.ok((await expireResults(t.deps.db, t.deps.blobs)) >= 1);
    assert.equal(existsSync(join(t.config.dataDir, jobPrefix(res.body.jobId))), false);
    const status = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}`, { token: owner.token });
    assert.equal(status.body.status, "completed");
    setClock(undefined);
  });

  test("emailColumn sends each row's PDF to its address; a row without a valid address is reported, not failed", async () => {
    const res = await submit({
      rows: [{ name: "Mail", email: "ada@example.test" }, { name: "NoMail", email: "not an address" }],
      output: "zip",
      fileNamePattern: "{{name}}",
      emailColumn: "email",
    });
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId);
    assert.deepEqual([job.completed, job.failed], [2, 0]);
    const mail = await t.smtp.waitFor((m) => m.to.includes("ada@example.test"));
    assert.match(mail.raw, /Content-Type: application\/pdf; name=Mail\.pdf/);
    const zip = await JSZip.loadAsync(await download(res.body.jobId));
    const report = JSON.parse(await zip.file("report.json")!.async("string"));
    assert.equal(report.emailsNotSent.length, 1);
    assert.equal(report.emailsNotSent[0].index, 1);
    assert.match(report.emailsNotSent[0].reason, /not a valid email address/);
  });

  test("a job for a template deleted before it started fails (job-level), with a reason", async () => {
    await t.deps.batch.stop();
    const id = await createTemplate(t, owner.token);
    const res = await submit({ rows: [{ name: "x" }], output: "zip" }, id);
    await t.call("DELETE", `/api/templates/${id}`, { token: owner.token });
    t.deps.batch.start();
    const until = Date.now() + 20_000;
    let row;
    do {
      await new Promise((r) => setTimeout(r, 50));
      row = await t.deps.db.selectFrom("batch_jobs").selectAll().where("id", "=", res.body.jobId).executeTakeFirstOrThrow();
    } while (row.status !== "failed" && Date.now() < until);
    assert.equal(row.status, "failed");
    assert.match(row.error ?? "", /deleted/);
  });
});
