// Hostile base PDFs: a few KB of nested form XObjects (each drawing the next twice) and 19 MB of garbage after
// %PDF are refused quickly, inspected in a thread of their own, while /health and another workspace's render
// keep answering.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { PDFDict, PDFDocument, PDFName, PDFStream, type PDFRef } from "pdf-lib";
import { createTemplate, signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";
import { assertResponsive, warmUp, watch } from "./responsive.js";

let s: HubTestServer;
let attacker: HubUser;
let other: HubUser;
let templateId: string;
before(async () => {
  s = await startHubTestServer({}, {});
  attacker = await signup(s.url);
  other = await signup(s.url);
  templateId = await createTemplate(s.url, attacker);
  await warmUp(s.url, other.token);
});
after(() => s.close());

/** A one-page PDF whose page draws form F(depth), where F(k) draws F(k-1) `fanOut` times: fanOut^depth draws. */
async function nestedForms(depth: number, fanOut: number, selfDrawing = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const { context } = doc;
  let inner: PDFRef | undefined;
  for (let k = 0; k <= depth; k++) {
    const body = inner === undefined ? "0 0 1 1 re f" : Array.from({ length: fanOut }, () => "/F Do").join("\n");
    const resources = inner === undefined ? {} : { XObject: { F: inner } };
    const form = context.stream(body, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 200, 200], Resources: resources });
    inner = context.register(form);
  }
  if (selfDrawing && inner !== undefined) {
    // The outermost form also lists itself as F: it draws itself.
    context.lookup(inner, PDFStream).dict.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("XObject"), PDFDict).set(PDFName.of("F"), inner);
  }
  page.node.setXObject(PDFName.of("Top"), inner as PDFRef);
  const contents = context.register(context.stream("q /Top Do Q"));
  page.node.set(PDFName.of("Contents"), contents);
  return doc.save({ useObjectStreams: false });
}

/** Uploads a base PDF and times the answer. */
async function uploadTo(url: string, token: string, id: string, bytes: Uint8Array): Promise<{ status: number; detail: string; ms: number }> {
  const form = new FormData();
  form.set("file", new Blob([bytes]), "base.pdf");
  const start = performance.now();
  const res = await fetch(`${url}/api/templates/${id}/base-pdf`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { detail: string };
  return { status: res.status, detail: body.detail, ms: performance.now() - start };
}

/** The attacker's upload, while /health and another workspace's render are watched. */
async function hostileUpload(bytes: Uint8Array): Promise<{ status: number; detail: string; ms: number }> {
  const meanwhile = watch(s.url, other.token);
  const answer = await uploadTo(s.url, attacker.token, templateId, bytes);
  assertResponsive(await meanwhile.stop(), true);
  return answer;
}

describe("hostile base PDFs", { timeout: 120_000 }, () => {
  test("a few KB of nested form XObjects (2^40 draws) answers 413 naming the operator cap, within seconds", async () => {
    const bytes = await nestedForms(40, 2);
    assert.ok(bytes.byteLength < 16 * 1024, `${bytes.byteLength} bytes`);
    const { status, detail, ms } = await hostileUpload(bytes);
    assert.equal(status, 413, detail);
    assert.match(detail, /too complex: by page 1 it draws more than 2,000,000 operations/);
    assert.ok(ms < 10_000, `took ${Math.round(ms)} ms`);
  });

  test("a form that draws itself answers 400", async () => {
    const { status, detail } = await hostileUpload(await nestedForms(3, 2, true));
    assert.equal(status, 400, detail);
    assert.match(detail, /a form draws itself/);
  });

  test("19 MB of garbage after %PDF answers 400 at once", async () => {
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(19 * 2 ** 20)]);
    const { status, detail, ms } = await hostileUpload(bytes);
    assert.equal(status, 400, detail);
    assert.match(detail, /corrupt/);
    assert.ok(ms < 10_000, `took ${Math.round(ms)} ms`);
  });

  test("garbage behind one real object passes the quick checks and is stopped at the inspection budget: 413, the thread terminated", async () => {
    // A budget of 0.5 s (BASE_PDF_INSPECT_TIMEOUT_MS) that parsing 8 MB of garbage outlasts on any machine; the
    // production default is 20 s.
    const budgeted = await startHubTestServer({}, { config: { basePdfInspectMs: 500 } });
    try {
      const owner = await signup(budgeted.url);
      const id = await createTemplate(budgeted.url, owner);
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n"), randomBytes(8 * 2 ** 20)]);
      const { status, detail, ms } = await uploadTo(budgeted.url, owner.token, id, bytes);
      assert.equal(status, 413, detail);
      assert.equal(detail, "The PDF is too large or complex to inspect within 0.5 s.");
      assert.ok(ms >= 450 && ms < 10_000, `took ${Math.round(ms)} ms`);
    } finally {
      await budgeted.close();
    }
  });

  test("a modest nesting still inspects (the cap is on expanded operators, not on forms)", async () => {
    const res = await hostileUpload(await nestedForms(8, 2));
    assert.equal(res.status, 200, res.detail);
  });
});
