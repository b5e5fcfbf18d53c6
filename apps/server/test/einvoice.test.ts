// `einvoice` on every render body (issue #27): the PDF carries factur-x.xml built from the data; data that breaks an
// EN 16931 rule is a 422 naming the rule; batch rows each carry their own invoice.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import JSZip from "jszip";
import { after, before, describe, test } from "node:test";
import { createRenderer } from "../src/render/renderer.js";
import { assertProblem } from "./helpers/assert.js";
import { skipUnlessCi } from "./helpers/ci.js";
import { fixtureText } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { waitForJob } from "./batch/helpers.js";

const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

/** The embedded file `name` of a PDF (qpdf --show-attachment), or undefined when there is none. */
async function attachment(pdf: Uint8Array, name: string): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-einvoice-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    return await new Promise((resolve) => execFile("qpdf", [`--show-attachment=${name}`, join(dir, "in.pdf")], { maxBuffer: 64 << 20 }, (error, stdout) => resolve(error ? undefined : stdout)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let owner: TestUser;
let templateId: string;
let content: string;
let data: Record<string, unknown>;

before(async () => {
  t = await startTestApp({ renderer: createRenderer({ threads: 1 }) });
  t.deps.batch.start();
  t.deps.webhooks.renderJobs.start();
  owner = await t.signup();
  content = await fixtureText("invoice.template.json");
  data = JSON.parse(await fixtureText("invoice-20.data.json")) as Record<string, unknown>;
  const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Invoice", content } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  templateId = created.body.id as string;
});
after(async () => {
  await t.deps.batch.stop();
  await t.close();
});

describe("einvoice", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("stored and inline renders embed factur-x.xml (or xrechnung.xml) built from the data", { skip }, async () => {
    const stored = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data, einvoice: { format: "factur-x", profile: "en16931" } } });
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const xml = await attachment(stored.bytes, "factur-x.xml");
    assert.ok(xml, "factur-x.xml is embedded");
    assert.match(xml, /<ram:ID>INV-2024-00020<\/ram:ID>/);
    assert.match(xml, /<ram:GrandTotalAmount>135507\.67<\/ram:GrandTotalAmount>/);
    const inline = await t.call("POST", "/api/render", { token: owner.token, body: { content, data, einvoice: { format: "xrechnung" } } });
    assert.equal(inline.status, 200, JSON.stringify(inline.body));
    assert.match((await attachment(inline.bytes, "xrechnung.xml")) ?? "", /xrechnung_3\.0/);
    // Without the option: no attachment, as before.
    const plain = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data } });
    assert.equal(await attachment(plain.bytes, "factur-x.xml"), undefined);
  });

  test("a total that does not add up is a 422 naming the business rule; a bad option is a 400", async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data: { ...data, total: 135507.66 }, einvoice: { format: "factur-x" } } });
    assertProblem(res, 422);
    assert.match(String(res.body.detail), /BR-CO-15/);
    assert.match(JSON.stringify(res.body.errors), /BR-CO-15/);
    const unit = await t.call("POST", "/api/render", { token: owner.token, body: { content: content.replace('"BT-130": {\n          "value": "C62"\n        }', '"BT-130": {\n          "value": "BOX"\n        }'), data, einvoice: { format: "factur-x" } } });
    assertProblem(unit, 422);
    assert.match(String(unit.body.detail), /BR-CL-23.*BOX/);
    const missing = await t.call("POST", "/api/render", { token: owner.token, body: { content, data: { ...data, buyer: { name: "" } }, einvoice: { format: "factur-x" } } });
    assertProblem(missing, 422);
    assert.match(String(missing.body.detail), /BR-07/);
    for (const einvoice of [{ format: "ubl" }, { format: "factur-x", profile: "comfort" }, { format: "factur-x", extra: 1 }, "factur-x", { format: "xrechnung", profile: "basic" }]) {
      const bad = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data, einvoice } });
      assertProblem(bad, 400);
      assert.match(JSON.stringify(bad.body), /einvoice/);
    }
  });

  test("batch (zip): every row's PDF carries its own invoice; a row whose total is off fails alone naming the rule", { skip }, async () => {
    const rows = [{ ...data, invoiceNumber: "INV-A" }, { ...data, invoiceNumber: "INV-B" }, { ...data, invoiceNumber: "INV-C", total: 1 }];
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "zip", fileNamePattern: "{{invoiceNumber}}", emailColumn: null, einvoice: { format: "factur-x", profile: "basic" } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = await waitForJob(t, owner.token, templateId, res.body.jobId as string);
    assert.deepEqual([job.completed, job.failed], [2, 1], JSON.stringify(job));
    const result = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}/result`, { token: owner.token });
    const zip = await JSZip.loadAsync(result.bytes);
    for (const number of ["INV-A", "INV-B"]) {
      const pdf = await zip.file(`${number}.pdf`)!.async("uint8array");
      const xml = await attachment(pdf, "factur-x.xml");
      assert.match(xml ?? "", new RegExp(`<ram:ID>${number}</ram:ID>`));
      assert.match(xml ?? "", /urn:factur-x\.eu:1p0:basic</);
    }
    const report = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body.jobId}/report`, { token: owner.token });
    assert.match(JSON.stringify(report.body), /BR-CO-15/);
    // A merged PDF has no single invoice: refused at submission.
    const merged = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "merged", fileNamePattern: null, emailColumn: null, einvoice: { format: "factur-x" } } });
    assertProblem(merged, 400);
  });

  test("async render: the stored PDF carries the invoice; a rule broken is the job's error", { skip }, async () => {
    const res = await t.call("POST", "/api/render/async", { token: owner.token, body: { templateId, data, einvoice: { format: "zugferd", profile: "extended" } } });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    const id = res.body.jobId as string;
    let job: Record<string, unknown> = res.body;
    for (let i = 0; i < 300 && (job.status === "pending" || job.status === "processing"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.call("GET", `/api/render/jobs/${id}`, { token: owner.token })).body;
    }
    assert.equal(job.status, "completed", JSON.stringify(job));
    const pdf = await t.call("GET", `/api/render/jobs/${id}/pdf`, { token: owner.token });
    assert.match((await attachment(pdf.bytes, "factur-x.xml")) ?? "", /#conformant#urn:factur-x\.eu:1p0:extended/);
  });

  test("send-email: the attached PDF carries the invoice; a broken rule is a 422 and no mail", { skip }, async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/send-email`, { token: owner.token, body: { to: "ap@example.test", data, einvoice: { format: "factur-x", profile: "en16931" } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mail = await t.smtp.waitFor((m) => m.to.includes("ap@example.test"));
    const part = mail.raw.split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]*\n)*?\r?\n/)[1] ?? "";
    const pdf = new Uint8Array(Buffer.from(part.split(/\r?\n--/)[0]!.replace(/\s+/g, ""), "base64"));
    assert.match((await attachment(pdf, "factur-x.xml")) ?? "", /<ram:ID>INV-2024-00020<\/ram:ID>/);
    const refused = await t.call("POST", `/api/templates/${templateId}/send-email`, { token: owner.token, body: { to: "never@example.test", data: { ...data, currency: "XXY" }, einvoice: { format: "factur-x" } } });
    assertProblem(refused, 422);
    assert.match(String(refused.body.detail), /BR-CL-04/);
  });

  test("OpenAPI lists einvoice on every render body, with its formats and profiles", async () => {
    const doc = (await t.call("GET", "/openapi/v1.json")).body as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const text = JSON.stringify(doc.components.schemas["Einvoice"]);
    for (const word of ["factur-x", "zugferd", "xrechnung", "minimum", "basic-wl", "basic", "en16931", "extended"]) assert.ok(text.includes(`"${word}"`), word);
    for (const body of ["RenderTemplateBody", "RenderInlineBody", "RenderAsyncBody", "SendTemplateEmailBody", "CreateBatchJsonBody"]) {
      assert.deepEqual(doc.components.schemas[body]?.properties?.["einvoice"], { $ref: "#/components/schemas/Einvoice" }, body);
    }
  });
});
