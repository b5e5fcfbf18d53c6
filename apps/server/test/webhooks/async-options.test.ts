// POST /api/render/async takes the sync render's options (one shared schema, RenderOptionEntries): sign, protect,
// stamps, forms/flatten reach the queued render, and their mistakes are the same 400s/404s at submission. The
// protect passwords wait in the database sealed, never in the clear.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { pageTexts } from "../batch/helpers.js";
import { skipUnlessCi } from "../helpers/ci.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTestPki, pkcs12Of } from "../signing/support/pki.js";
import { ownCheck } from "../signing/support/verify.js";

const qpdfMissing = skipUnlessCi(await new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed" : undefined))));

let t: TestApp;
let owner: TestUser;
let certificateId: string;
before(async () => {
  t = await startTestApp({ config: { certificateKey: new Uint8Array(randomBytes(32)) } });
  t.deps.webhooks.renderJobs.start();
  owner = await t.signup();
  const pki = createTestPki();
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(pkcs12Of(pki, "pw"))]), "signer.p12");
  form.set("password", "pw");
  const res = await t.app.request("/api/certificates", { method: "POST", headers: { Authorization: `Bearer ${owner.token}` }, body: form });
  certificateId = ((await res.json()) as { id: string }).id;
});
after(() => t.close());

const FORM = JSON.stringify({
  version: 4, pageSize: { id: "a6" }, schema: [],
  bands: [{ id: "b", kind: "report-header", height: 60, elements: [{ id: "n", type: "field", kind: "text", name: "fullName", x: 0, y: 0, width: 200, height: 20, value: "{{name}}" }] }],
});

/** Submits, waits for the job to end and answers its PDF (or fails the test with the job). */
async function asyncPdf(body: Record<string, unknown>): Promise<Uint8Array> {
  const res = await t.call("POST", "/api/render/async", { token: owner.token, body });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const job = await t.call("GET", `/api/render/jobs/${res.body.jobId}`, { token: owner.token });
    if (job.body.status === "completed") return (await t.call("GET", `/api/render/jobs/${res.body.jobId}/pdf`, { token: owner.token })).bytes;
    assert.notEqual(job.body.status, "failed", JSON.stringify(job.body));
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error("the render job did not finish");
}

describe("asynchronous render options", () => {
  test("stamps and flatten reach the render: the stamp's text is on the page, the form flattened", async () => {
    const stamped = await asyncPdf({ content: "<p>Invoice for {{name}}</p>", data: { name: "Ada" }, stamps: [{ type: "text", text: "SETTLED", position: "top-right", fontSize: 12, width: 100, height: 16 }] });
    assert.match((await pageTexts(stamped))[0]!, /SETTLED/);
    const form = await asyncPdf({ content: FORM, data: { name: "Ada" } });
    assert.deepEqual((await PDFDocument.load(form)).getForm().getFields().map((f) => f.getName()), ["fullName"]);
    const flat = await asyncPdf({ content: FORM, data: { name: "Ada" }, flatten: true });
    assert.equal((await PDFDocument.load(flat)).getForm().getFields().length, 0);
    assert.match((await pageTexts(flat))[0]!, /Ada/);
  });

  test("sign: the stored PDF carries a signature that verifies", async () => {
    const pdf = await asyncPdf({ content: "<p>Signed later</p>", data: {}, sign: { certificate: certificateId, reason: "Queued" } });
    const check = ownCheck(pdf);
    assert.deepEqual([check.coversFile, check.digestMatches, check.signatureValid], [true, true, true]);
  });

  test("protect: the PDF needs the password, and the queued job stored its passwords sealed", { skip: qpdfMissing }, async () => {
    const pdf = await asyncPdf({ content: "<p>Locked</p>", data: {}, protect: { userPassword: "reader-pw-123", ownerPassword: "owner-pw-456" } });
    const dir = await mkdtemp(join(tmpdir(), "docsvc-async-"));
    try {
      await writeFile(join(dir, "in.pdf"), pdf);
      const code = await new Promise<number>((resolve) => execFile("qpdf", ["--requires-password", join(dir, "in.pdf")], (error) => resolve(error ? Number(error.code ?? 1) : 0)));
      assert.equal(code, 0, "qpdf: the PDF needs a password");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // While it waits (an app whose runner is not started: a finished job keeps no request at all), the job's
    // request holds the options sealed, not the passwords.
    const idle = await startTestApp();
    try {
      const user = await idle.signup();
      const queued = await idle.call("POST", "/api/render/async", { token: user.token, body: { content: "<p>Locked</p>", data: {}, protect: { userPassword: "reader-pw-123", ownerPassword: "owner-pw-456" }, flatten: true } });
      assert.equal(queued.status, 202, JSON.stringify(queued.body));
      const row = await idle.deps.db.selectFrom("render_jobs").select("request").where("id", "=", queued.body.jobId as string).executeTakeFirstOrThrow();
      const request = JSON.parse(row.request) as { protect?: string; flatten?: boolean };
      assert.match(request.protect ?? "", /^v1\./);
      assert.equal(request.flatten, true);
      assert.ok(!row.request.includes("owner-pw-456") && !row.request.includes("reader-pw-123"), "no password in the clear");
    } finally {
      await idle.close();
    }
  });

  test("the sync render's refusals at submission: sign with protect (400), an unknown certificate (404), bad stamps and flatten (400)", async () => {
    const submit = (extra: Record<string, unknown>) => t.call("POST", "/api/render/async", { token: owner.token, body: { content: "<p>x</p>", data: {}, ...extra } });
    const both = await submit({ sign: { certificate: certificateId }, protect: { ownerPassword: "o" } });
    assert.equal(both.status, 400, JSON.stringify(both.body));
    assert.equal((await submit({ sign: { certificate: "00000000-0000-4000-8000-000000000000" } })).status, 404);
    const flatten = await submit({ flatten: 1 });
    assert.equal(flatten.status, 400);
    assert.deepEqual(flatten.body.errors, { flatten: ["flatten must be true or false."] });
    assert.equal((await submit({ stamps: [{ type: "nope" }] })).status, 400);
    // Nothing was queued by a refusal.
    assert.equal((await t.deps.db.selectFrom("render_jobs").select("id").where("status", "=", "pending").execute()).length, 0);
  });
});
