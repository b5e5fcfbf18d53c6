// Signing over HTTP: certificates (upload with password, list, delete; Owner only; workspace-scoped; sealed at
// rest) and `sign` on the render bodies (inline and stored renders, send-email, batch ZIP and merged), each PDF
// checked by pdfsig and by our own byte-range/hash check.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import JSZip from "jszip";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { startTestApp, uniqueEmail, type TestApp, type TestUser } from "../helpers/harness.js";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { createTemplate, TINY_TEMPLATE, upload, waitForJob } from "../batch/helpers.js";
import { unseal } from "../../src/signing/sealed.js";
import { RENDER_DEFAULTS } from "../../src/render/budget.js";
import { createTestPki, pkcs12Of, type TestPki } from "./support/pki.js";
import { startTestTsa, type TestTsa } from "./support/tsa.js";
import { ownCheck, pdfsig, PDFSIG_MISSING, tampered } from "./support/verify.js";

const PASSWORD = "p12 password";
let pki: TestPki;
let tsa: TestTsa;
let t: TestApp;
let owner: TestUser;
let certificateId: string;

async function uploadCertificate(app: TestApp, token: string, bytes: Uint8Array, password: string, name?: string): Promise<{ status: number; body: Record<string, any> }> {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)]), "signer.p12");
  form.set("password", password);
  if (name !== undefined) form.set("name", name);
  const res = await app.app.request("/api/certificates", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function memberWithRole(role: "Editor" | "Viewer"): Promise<string> {
  const member = await t.signup(uniqueEmail(role.toLowerCase()));
  const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: member.email, role } });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: member.token });
  return accepted.body.accessToken as string;
}

before(async () => {
  pki = createTestPki();
  tsa = await startTestTsa(pki);
  t = await startTestApp({ config: { certificateKey: new Uint8Array(randomBytes(32)), tsa: { url: tsa.url, timeoutMs: 5000 } } });
  t.deps.batch.start();
  owner = await t.signup();
  const res = await uploadCertificate(t, owner.token, pkcs12Of(pki, PASSWORD), PASSWORD);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  certificateId = res.body.id as string;
});
after(async () => {
  await t.close();
  await tsa.close();
});

describe("certificates", () => {
  it("an Owner's upload answers what identifies the certificate and never its key; the list shows the same", async () => {
    const listed = await t.call("GET", "/api/certificates", { token: owner.token });
    assert.equal(listed.status, 200);
    const [view] = listed.body as unknown as Record<string, unknown>[];
    assert.deepEqual(Object.keys(view!).sort(), ["createdAt", "fingerprint", "id", "issuer", "name", "notAfter", "notBefore", "serialNumber", "subject"]);
    assert.equal(view!["id"], certificateId);
    assert.equal(view!["name"], "Ada Lovelace");
    assert.equal(view!["subject"], "CN=Ada Lovelace, O=docsvc tests");
    assert.equal(view!["issuer"], "CN=docsvc Test Root CA, O=docsvc tests");
    const fingerprint = createHash("sha256").update(pki.signer.certificate).digest("hex").toUpperCase().match(/../g)!.join(":");
    assert.equal(view!["fingerprint"], fingerprint);
    assert.ok(Date.parse(view!["notAfter"] as string) > Date.now());
  });

  it("the key is sealed at rest: the stored value opens only with CERTIFICATE_KEY and only for its own row", async () => {
    const row = await t.deps.db.selectFrom("certificates").selectAll().where("id", "=", certificateId).executeTakeFirstOrThrow();
    const keyDer = Buffer.from(pki.signer.key.export({ format: "der", type: "pkcs8" }));
    assert.ok(!row.sealed.includes(keyDer.toString("base64").slice(0, 40)), "the key is not stored in the clear");
    const key = t.config.certificateKey!;
    assert.ok(unseal(key, row.sealed, row.workspace_id, row.id).byteLength > keyDer.length);
    assert.throws(() => unseal(new Uint8Array(randomBytes(32)), row.sealed, row.workspace_id, row.id));
    assert.throws(() => unseal(key, row.sealed, "another-workspace", row.id));
  });

  it("a wrong password is a 400 naming the problem; a file that is not PKCS#12 too", async () => {
    const wrong = await uploadCertificate(t, owner.token, pkcs12Of(pki, PASSWORD), "not the password");
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body["detail"], "The password does not open this PKCS#12 file.");
    assert.deepEqual(wrong.body["errors"], { password: ["The password does not open this PKCS#12 file."] });
    const junk = await uploadCertificate(t, owner.token, new TextEncoder().encode("hello"), "x");
    assert.equal(junk.status, 400);
    assert.match(junk.body["detail"] as string, /not a PKCS#12/);
  });

  it("Editors and Viewers may list but not upload or delete (403)", async () => {
    const editor = await memberWithRole("Editor");
    assert.equal((await uploadCertificate(t, editor, pkcs12Of(pki, PASSWORD), PASSWORD)).status, 403);
    assert.equal((await t.call("DELETE", `/api/certificates/${certificateId}`, { token: editor })).status, 403);
    assert.equal((await t.call("GET", "/api/certificates", { token: editor })).status, 200);
  });

  it("another workspace's certificate is 404: to delete, and to sign with", async () => {
    const stranger = await t.signup();
    assert.equal((await t.call("DELETE", `/api/certificates/${certificateId}`, { token: stranger.token })).status, 404);
    assert.deepEqual((await t.call("GET", "/api/certificates", { token: stranger.token })).body, []);
    const res = await t.call("POST", "/api/render", { token: stranger.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId } } });
    assert.equal(res.status, 404);
    assert.equal(res.body["detail"], "Certificate not found.");
  });

  it("a file over 64 KB is a 400 naming the limit; a body far over it is cut off unread (413)", async () => {
    const over = await uploadCertificate(t, owner.token, new Uint8Array(70 * 1024), "x");
    assert.equal(over.status, 400);
    assert.match(over.body["detail"] as string, /larger than 64 KB/);
    const huge = await uploadCertificate(t, owner.token, new Uint8Array(200 * 1024), "x");
    assert.equal(huge.status, 413);
  });

  it("a deleted certificate signs no more (404)", async () => {
    const other = await uploadCertificate(t, owner.token, pkcs12Of(pki, "pw2"), "pw2", "To delete");
    assert.equal(other.status, 200);
    assert.equal(other.body["name"], "To delete");
    assert.equal((await t.call("DELETE", `/api/certificates/${other.body["id"]}`, { token: owner.token })).status, 200);
    const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: other.body["id"] } } });
    assert.equal(res.status, 404);
  });
});

describe("sign on the render bodies", () => {
  it("inline render, B-T: pdfsig says valid, our check agrees, the TSA was asked; a tampered copy is invalid", { skip: PDFSIG_MISSING }, async () => {
    const asked = tsa.requests;
    const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: { name: "Ada" }, sign: { certificate: certificateId, reason: "Invoice issued", location: "London", timestamp: true } } });
    assert.equal(res.status, 200, Buffer.from(res.bytes).toString());
    assert.equal(res.headers.get("Content-Type"), "application/pdf");
    assert.equal(tsa.requests, asked + 1);
    assert.match(await pdfsig(res.bytes), /Signature is Valid\./);
    const own = ownCheck(res.bytes);
    assert.equal(own.coversFile && own.digestMatches && own.signatureValid, true);
    assert.ok(own.signedData.signerInfos[0]!.unsignedAttrs?.attributes.some((a) => a.type === "1.2.840.113549.1.9.16.2.14"), "timestamp token");
    const broken = tampered(res.bytes);
    assert.doesNotMatch(await pdfsig(broken), /Signature is Valid\./);
    assert.equal(ownCheck(broken).digestMatches, false);
  });

  it("?diagnostics=json checks sign (404 for a stranger's certificate) but asks no timestamp for a PDF nobody gets", async () => {
    const asked = tsa.requests;
    const res = await t.call("POST", "/api/render?diagnostics=json", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId, timestamp: true } } });
    assert.equal(res.status, 200);
    assert.equal(res.body["pages"], 1);
    assert.equal(tsa.requests, asked);
    const stranger = await t.signup();
    const theirs = await t.call("POST", "/api/render?diagnostics=json", { token: stranger.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId } } });
    assert.equal(theirs.status, 404);
  });

  it("a TSA that refuses makes the signed render a 502 saying so", async () => {
    tsa.mode = "refuse";
    try {
      const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId, timestamp: true } } });
      assert.equal(res.status, 502);
      assert.match(res.body["detail"] as string, /^The document could not be timestamped: The timestamp authority refused the request \(status 2\)/);
    } finally {
      tsa.mode = "ok";
    }
  });

  it("stored template with an API key, certified and visible: DocMDP in the catalog, the widget on the page", { skip: PDFSIG_MISSING }, async () => {
    const templateId = await createTemplate(t, owner.token, SMALL_TEMPLATE, "Contract");
    const key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "signer" } })).body["key"] as string;
    const res = await t.call("POST", `/api/templates/${templateId}/render`, {
      apiKey: key,
      body: { data: { name: "Ada" }, sign: { certificate: certificateId, certify: "no-changes", visible: { page: 1, x: 40, y: 40, width: 180, height: 48 } } },
    });
    assert.equal(res.status, 200, Buffer.from(res.bytes).toString());
    assert.match(await pdfsig(res.bytes), /Signature is Valid\./);
    const doc = await PDFDocument.load(res.bytes, { updateMetadata: false });
    const docMdp = doc.catalog.lookup(PDFName.of("Perms"), PDFDict).lookup(PDFName.of("DocMDP"), PDFDict);
    assert.equal(docMdp.get(PDFName.of("Type"))?.toString(), "/Sig");
    assert.ok(doc.getPage(0).node.Annots()?.size() === 1);
  });

  it("sign with protect is a 400 saying they cannot be combined; a box off the page is a 400", async () => {
    const both = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId }, protect: { userPassword: "x" } } });
    assert.equal(both.status, 400);
    assert.match(both.body["detail"] as string, /sign and protect cannot be combined/);
    const usage = async () => (await t.call("GET", "/api/usage", { token: owner.token })).body["renders"]["total"] as number;
    const before = await usage();
    const off = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId, visible: { page: 1, x: 580, y: 0, width: 100, height: 40 } } } });
    assert.equal(off.status, 400);
    assert.match(off.body["detail"] as string, /does not fit on page 1/);
    assert.equal(await usage(), before, "a render whose signature failed is not metered");
    const bad = await t.call("POST", "/api/render", { token: owner.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: "nope" } } });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body["errors"] as object), ["sign.certificate"]);
  });

  it("a PDF with form fields (forms: true) keeps them: the signature joins the document's AcroForm", { skip: PDFSIG_MISSING }, async () => {
    const res = await t.call("POST", "/api/render", { token: owner.token, body: { content: `<p>Name: <input name="who" value="{{name}}"></p>`, editorMode: "html", data: { name: "Grace" }, forms: true, sign: { certificate: certificateId, certify: "form-filling" } } });
    assert.equal(res.status, 200, Buffer.from(res.bytes).toString());
    assert.match(await pdfsig(res.bytes), /Signature is Valid\./);
    const form = (await PDFDocument.load(res.bytes, { updateMetadata: false })).getForm();
    const fields = form.getFields().map((f) => `${f.constructor.name}:${f.getName()}`).sort();
    assert.deepEqual(fields, ["PDFSignature:Signature1", "PDFTextField:who"]);
    assert.equal(form.getTextField("who").getText(), "Grace");
  });

  it("send-email attaches the signed PDF", { skip: PDFSIG_MISSING }, async () => {
    const templateId = await createTemplate(t, owner.token, SMALL_TEMPLATE, "Quote");
    const res = await t.call("POST", `/api/templates/${templateId}/send-email`, { token: owner.token, body: { to: "signed@example.test", data: {}, sign: { certificate: certificateId } } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mail = await t.smtp.waitFor((m) => m.to.includes("signed@example.test"));
    const attachment = mail.raw.split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]*\n)*?\r?\n/)[1] ?? "";
    const pdf = new Uint8Array(Buffer.from(attachment.split(/\r?\n--/)[0]!.replace(/\s+/g, ""), "base64"));
    assert.match(await pdfsig(pdf), /Signature is Valid\./);
  });

  it("a batch with ZIP output signs every row's PDF; a merged batch signs the merged PDF once", { skip: PDFSIG_MISSING }, async () => {
    const templateId = await createTemplate(t, owner.token, TINY_TEMPLATE, "Batch");
    const rows = [{ name: "one" }, { name: "two" }, { name: "three" }];
    const zipJob = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, sign: { certificate: certificateId, reason: "Batch" } } });
    assert.equal(zipJob.status, 200, JSON.stringify(zipJob.body));
    assert.equal((await waitForJob(t, owner.token, templateId, zipJob.body["jobId"] as string))["status"], "completed");
    const zipBytes = (await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${zipJob.body["jobId"]}/result`, { token: owner.token })).bytes;
    const zip = await JSZip.loadAsync(zipBytes);
    const pdfs = Object.keys(zip.files).filter((n) => n.endsWith(".pdf"));
    assert.equal(pdfs.length, 3);
    for (const name of pdfs) {
      const pdf = await zip.file(name)!.async("uint8array");
      assert.match(await pdfsig(pdf), /Signature is Valid\./, name);
      assert.equal(ownCheck(pdf).digestMatches, true, name);
    }
    const mergedJob = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: owner.token, body: { rows, output: "merged", sign: { certificate: certificateId } } });
    assert.equal((await waitForJob(t, owner.token, templateId, mergedJob.body["jobId"] as string))["status"], "completed");
    const merged = (await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${mergedJob.body["jobId"]}/result`, { token: owner.token })).bytes;
    const report = await pdfsig(merged);
    assert.match(report, /Signature is Valid\./);
    assert.equal(report.match(/Signature #/g)?.length, 1);
    assert.equal((await PDFDocument.load(merged, { updateMetadata: false })).getPageCount(), 3);
  });

  it("a spreadsheet upload takes sign as JSON text in its form: its rows are signed", { skip: PDFSIG_MISSING }, async () => {
    const templateId = await createTemplate(t, owner.token, TINY_TEMPLATE, "Uploaded");
    const res = await upload(t, owner.token, templateId, { name: "rows.csv", bytes: "name\nalpha\nbeta\n" }, { sign: JSON.stringify({ certificate: certificateId, reason: "Upload" }) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await waitForJob(t, owner.token, templateId, res.body["jobId"] as string))["status"], "completed");
    const zip = await JSZip.loadAsync((await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${res.body["jobId"]}/result`, { token: owner.token })).bytes);
    const pdfs = Object.keys(zip.files).filter((n) => n.endsWith(".pdf"));
    assert.equal(pdfs.length, 2);
    for (const name of pdfs) assert.match(await pdfsig(await zip.file(name)!.async("uint8array")), /Signature is Valid\./);
    const bad = await upload(t, owner.token, templateId, { name: "rows.csv", bytes: "name\nx\n" }, { sign: "{not json" });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body["errors"] as object), ["sign"]);
  });

  it("a batch naming another workspace's certificate is refused at submission (404)", async () => {
    const stranger = await t.signup();
    const templateId = await createTemplate(t, stranger.token, TINY_TEMPLATE, "Theirs");
    const res = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: stranger.token, body: { rows: [{}], sign: { certificate: certificateId } } });
    assert.equal(res.status, 404);
  });
});

describe("a PKCS#12 that takes too long to open", () => {
  it("is stopped at the render budget and answered 400 on the file, not 422 about a template", async () => {
    const slow = await startTestApp({ config: { certificateKey: new Uint8Array(randomBytes(32)), render: { ...RENDER_DEFAULTS, timeoutMs: 150 } } });
    try {
      const user = await slow.signup();
      // 20,000 iterations of forge's pure-JS key derivation: most of a second, far past 150 ms.
      const res = await uploadCertificate(slow, user.token, pkcs12Of(pki, "pw", { iterations: 20_000 }), "pw");
      assert.equal(res.status, 400);
      assert.match((res.body["errors"] as Record<string, string[]>)["file"]![0]!, /took too long to open/);
    } finally {
      await slow.close();
    }
  });
});

describe("without CERTIFICATE_KEY", () => {
  it("uploads and signed renders answer 503 saying what to set", async () => {
    const bare = await startTestApp({ renderer: { render: () => Promise.reject(new Error("not used")), validate: async () => ({ ok: true }), close: async () => {} } });
    try {
      const user = await bare.signup();
      const upload = await uploadCertificate(bare, user.token, pkcs12Of(pki, PASSWORD), PASSWORD);
      assert.equal(upload.status, 503);
      assert.match(upload.body["detail"] as string, /CERTIFICATE_KEY/);
      const render = await bare.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {}, sign: { certificate: certificateId } } });
      assert.equal(render.status, 503);
      assert.match(render.body["detail"] as string, /CERTIFICATE_KEY/);
    } finally {
      await bare.close();
    }
  });
});
