// PAdES signing of a rendered PDF, without the HTTP layer: B-B and B-T checked by pdfsig and by our own
// byte-range/hash check, a tampered copy, certification, the visible appearance, and the TSA's failures.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createPrivateKey } from "node:crypto";
import { parseDocument } from "@docsvc/layout";
import { renderPdf } from "@docsvc/pdf";
import { PDFDocument, PDFName, PDFDict, PDFRawStream } from "pdf-lib";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { signPdf, type SignTask } from "../../src/signing/pades.js";
import { readPkcs12 } from "../../src/signing/pkcs12.js";
import { parseCertificate } from "../../src/signing/cms.js";
import * as pkijs from "pkijs";
import { tstInfoOf, type TsaSettings } from "../../src/signing/tsa-client.js";
import { createTestPki, pkcs12Of, type TestPki } from "./support/pki.js";
import { startTestTsa, type TestTsa } from "./support/tsa.js";
import { lastSignature, ownCheck, pdfsig, PDFSIG_MISSING, pdftotext, tampered } from "./support/verify.js";

let pki: TestPki;
let tsa: TestTsa;
let pdf: Uint8Array;

before(async () => {
  pki = createTestPki();
  tsa = await startTestTsa(pki);
  const parsed = parseDocument(SMALL_TEMPLATE);
  assert.ok(parsed.ok);
  pdf = await renderPdf(parsed.document, { name: "Ada" }, {});
});
after(() => tsa.close());

const settings = (): TsaSettings => ({ url: tsa.url, timeoutMs: 2000 });

function task(options: SignTask["options"], extra: Partial<SignTask> = {}): SignTask {
  return {
    pdf,
    key: new Uint8Array(pki.signer.key.export({ format: "der", type: "pkcs8" })),
    chain: [pki.signer.certificate, pki.ca.certificate],
    options,
    ...extra,
  };
}

describe("PAdES signing", () => {
  it("B-B: an incremental update after the original bytes that pdfsig calls valid, with an ETSI.CAdES.detached CMS", { skip: PDFSIG_MISSING }, async () => {
    const signed = await signPdf(task({ reason: "Approved", location: "London" }), settings());
    // Incremental: the original document is a prefix of the signed one.
    assert.ok(Buffer.from(signed.subarray(0, pdf.length)).equals(Buffer.from(pdf)));
    const report = await pdfsig(signed);
    assert.match(report, /Signature is Valid\./);
    assert.match(report, /Signer Certificate Common Name: Ada Lovelace/);
    assert.match(report, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(report, /Signed Ranges: \[0 - \d+\], \[\d+ - \d+\]/);
    assert.match(report, /Total document signed/);
    const own = ownCheck(signed);
    assert.deepEqual([own.coversFile, own.digestMatches, own.signatureValid, own.subFilter], [true, true, true, "ETSI.CAdES.detached"]);
    // B-B's attributes: content-type, message-digest, signing-certificate-v2; never signing-time.
    const types = own.signedData.signerInfos[0]!.signedAttrs!.attributes.map((a) => a.type).sort();
    assert.deepEqual(types, ["1.2.840.113549.1.9.16.2.47", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4"]);
    assert.equal(own.signedData.signerInfos[0]!.unsignedAttrs, undefined);
    assert.match(lastSignature(signed).dictionary, /\/Reason \(Approved\) \/Location \(London\)/);
  });

  it("a copy with one byte changed in the signed range is invalid for pdfsig and for our own check", { skip: PDFSIG_MISSING }, async () => {
    const signed = await signPdf(task({}), settings());
    const broken = tampered(signed);
    const report = await pdfsig(broken);
    assert.doesNotMatch(report, /Signature is Valid\./);
    assert.match(report, /Signature is Invalid|Digest Mismatch|Document has been modified/i);
    const own = ownCheck(broken);
    assert.equal(own.coversFile, true);
    assert.equal(own.digestMatches, false);
  });

  it("B-T: the TSA's token over the signature value is an unsigned attribute, and pdfsig still calls it valid", { skip: PDFSIG_MISSING }, async () => {
    const before = tsa.requests;
    const signed = await signPdf(task({ timestamp: true }), settings());
    assert.equal(tsa.requests, before + 1);
    assert.match(await pdfsig(signed), /Signature is Valid\./);
    const own = ownCheck(signed);
    assert.equal(own.digestMatches && own.signatureValid, true);
    const signer = own.signedData.signerInfos[0]!;
    const token = signer.unsignedAttrs?.attributes.find((a) => a.type === "1.2.840.113549.1.9.16.2.14");
    assert.ok(token, "signature-time-stamp attribute");
    const tst = tstInfoOf(new Uint8Array(token.values[0]!.toBER()));
    const { createHash } = await import("node:crypto");
    const expected = createHash("sha256").update(Buffer.from(signer.signature.valueBlock.valueHexView)).digest();
    assert.ok(Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(expected), "the token covers the signature value");
    assert.ok(Math.abs(tst.genTime.getTime() - Date.now()) < 60_000);
    // The token is the TSA's: its CMS signature verifies with a chain up to the test root, and pkijs checks its
    // imprint against the signature value it timestamps.
    const tokenData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(token.values[0]!.toBER()).content });
    const data = signer.signature.valueBlock.valueHexView.slice().buffer as ArrayBuffer;
    assert.equal(await tokenData.verify({ signer: 0, data, trustedCerts: [parseCertificate(pki.ca.certificate)], checkChain: true }), true);
  });

  it("certification adds DocMDP (the catalog's /Perms and the signature's /Reference with P)", { skip: PDFSIG_MISSING }, async () => {
    const signed = await signPdf(task({ certify: "form-filling" }), settings());
    assert.match(await pdfsig(signed), /Signature is Valid\./);
    const doc = await PDFDocument.load(signed, { updateMetadata: false });
    const perms = doc.catalog.lookup(PDFName.of("Perms"), PDFDict);
    const sig = perms.lookup(PDFName.of("DocMDP"), PDFDict);
    assert.equal(sig.get(PDFName.of("SubFilter"))?.toString(), "/ETSI.CAdES.detached");
    assert.match(lastSignature(signed).dictionary, /\/TransformMethod \/DocMDP \/TransformParams << \/Type \/TransformParams \/P 2 \/V \/1\.2 >>/);
  });

  it("a visible signature: a widget at the box (from the page's top-left) with an appearance naming the signer", async () => {
    const signed = await signPdf(task({ reason: "Approved", visible: { page: 1, x: 50, y: 60, width: 200, height: 50 } }), settings());
    const doc = await PDFDocument.load(signed, { updateMetadata: false });
    const page = doc.getPage(0);
    const widget = page.node.Annots()!.lookup(0, PDFDict);
    const rect = widget.lookup(PDFName.of("Rect"))!.toString();
    const height = page.getHeight();
    assert.equal(rect, `[ 50 ${height - 110} 250 ${height - 60} ]`);
    // Its appearance stream shows the signer (WinAnsi hex strings); how it looks: appearance.test.ts's goldens.
    const ap = doc.context.lookup(widget.lookup(PDFName.of("AP"), PDFDict).get(PDFName.of("N")));
    assert.ok(ap instanceof PDFRawStream);
    const content = Buffer.from(ap.getContents()).toString("latin1");
    assert.ok(content.includes(`<${Buffer.from("Digitally signed by Ada Lovelace", "latin1").toString("hex").toUpperCase()}>`), content);
    assert.ok(content.includes(`<${Buffer.from("Reason: Approved", "latin1").toString("hex").toUpperCase()}>`), content);
  });

  it("a PDF whose last cross-reference section is a stream gets a stream section too, and stays valid", { skip: PDFSIG_MISSING }, async () => {
    // pdf-lib saves with object streams and an xref stream, as many producers (and base PDFs) do.
    const streamed = await (await PDFDocument.load(pdf)).save({ useObjectStreams: true });
    assert.ok(!Buffer.from(streamed).toString("latin1").includes("\nxref\n"));
    const signed = await signPdf(task({ reason: "Streams" }, { pdf: streamed }), settings());
    const tail = Buffer.from(signed.subarray(streamed.length)).toString("latin1");
    assert.match(tail, /\/Type \/XRef .*\/Prev \d+/);
    assert.doesNotMatch(tail, /\nxref\n/);
    assert.match(await pdfsig(signed), /Signature is Valid\./);
    assert.equal(ownCheck(signed).digestMatches, true);
    // No object of the update takes the number of an object stream (its compressed objects would be lost), and
    // poppler still finds the page and its text.
    const objectStreams = [...Buffer.from(streamed).toString("latin1").matchAll(/(\d+) 0 obj\s*<<[^>]*\/Type \/ObjStm/g)].map((m) => m[1]);
    assert.ok(objectStreams.length > 0);
    for (const n of objectStreams) assert.doesNotMatch(tail, new RegExp(`(^|\\n)${n} 0 obj`));
    assert.match(await pdftotext(signed), /Hello/);
  });

  it("a box that does not fit the page, or a page that is not there, is refused", async () => {
    await assert.rejects(signPdf(task({ visible: { page: 3, x: 0, y: 0, width: 10, height: 10 } }), settings()), /there is no page 3/);
    await assert.rejects(signPdf(task({ visible: { page: 1, x: 500, y: 0, width: 200, height: 10 } }), settings()), /does not fit on page 1/);
  });

  it("a TSA that refuses, answers for other bytes or does not answer in time fails the signature with the reason", async () => {
    try {
      tsa.mode = "refuse";
      await assert.rejects(signPdf(task({ timestamp: true }), settings()), /refused the request \(status 2/);
      tsa.mode = "wrong-imprint";
      await assert.rejects(signPdf(task({ timestamp: true }), settings()), /not for this signature/);
      tsa.mode = "slow";
      await assert.rejects(signPdf(task({ timestamp: true }), { url: tsa.url, timeoutMs: 300 }), /did not answer within 300 ms/);
    } finally {
      tsa.mode = "ok";
    }
  });
});

describe("PKCS#12", () => {
  it("opens with its password: the key (PKCS#8) and the chain, signer first", () => {
    const opened = readPkcs12(pkcs12Of(pki, "s3cret pass"), "s3cret pass");
    assert.ok(opened.ok);
    assert.equal(opened.chain.length, 2);
    assert.ok(Buffer.from(opened.chain[0]!).equals(Buffer.from(pki.signer.certificate)));
    assert.equal(createPrivateKey({ key: Buffer.from(opened.key), format: "der", type: "pkcs8" }).asymmetricKeyType, "rsa");
  });

  it("a legacy (3DES) file opens too; a wrong password and a file that is not PKCS#12 say so", () => {
    assert.equal(readPkcs12(pkcs12Of(pki, "pw", { legacy: true }), "pw").ok, true);
    assert.deepEqual(readPkcs12(pkcs12Of(pki, "right"), "wrong"), { ok: false, field: "password", reason: "The password does not open this PKCS#12 file." });
    const junk = readPkcs12(new TextEncoder().encode("not a certificate"), "x");
    assert.equal(junk.ok, false);
    assert.equal(!junk.ok && junk.field, "file");
  });
});
