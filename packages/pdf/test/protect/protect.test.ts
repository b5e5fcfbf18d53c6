// `protect`: AES-256 (AESV3, revision 6) over finished PDF bytes, read back by qpdf, pdftotext and pdf.js.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { layoutRow, protectPdf, protectProblem, renderDocument, renderMerged, renderPdf } from "../../src/index.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";
import { qpdf, qpdfMissing } from "../support/qpdf.js";

const TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 220, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [{ id: "d", kind: "detail", bindingField: "lines", height: 30, elements: [{ id: "l", type: "text", x: 0, y: 0, width: 190, height: 14, text: "Secret {{text}} ({{$page}})" }] }],
  schema: [],
});
const data = { lines: [{ text: "alpha" }, { text: "beta" }, { text: "gamma" }, { text: "delta" }] };
const now = new Date("2026-01-01T00:00:00Z");
const PROTECT = { userPassword: "open sesame", ownerPassword: "owner-Ω-secret", permissions: ["print", "copy"] as const };

async function pdfjsText(pdf: Uint8Array, password?: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, ...(password !== undefined ? { password } : {}) }).promise;
  try {
    const page = await doc.getPage(1);
    return (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ");
  } finally {
    await doc.destroy();
  }
}

describe("protectPdf", async () => {
  const skip = (await qpdfMissing) ?? (await pdftotextMissing);
  const plain = await renderPdf(TEMPLATE, data, { now });
  const locked = await renderPdf(TEMPLATE, data, { now, protect: PROTECT });

  test("qpdf --requires-password: 0 with a user password, 3 with only an owner password, 2 in the clear", { skip }, async () => {
    assert.equal((await qpdf(locked, ["--requires-password"])).code, 0);
    const ownerOnly = await protectPdf(plain, { ownerPassword: "owner" });
    assert.equal((await qpdf(ownerOnly, ["--requires-password"])).code, 3);
    assert.equal((await qpdf(plain, ["--requires-password"])).code, 2);
  });

  test("the user password decrypts to the original text; a wrong one is refused", { skip }, async () => {
    const decrypted = await qpdf(locked, ["--password=open sesame", "--decrypt", "{out}"]);
    assert.equal(decrypted.code, 0, decrypted.stderr);
    assert.deepEqual(await pdftotextLines(decrypted.out!), await pdftotextLines(plain));
    assert.match((await pdftotextLines(decrypted.out!))[0]!.join(" "), /Secret alpha \(1\)/);
    assert.notEqual((await qpdf(locked, ["--password=wrong", "--decrypt", "{out}"])).code, 0);
    // The bytes hold no clear text: every stream and string is encrypted.
    assert.doesNotMatch(Buffer.from(locked).toString("latin1"), /Secret|docsvc/);
  });

  test("qpdf --show-encryption: revision 6, AESv3 throughout, the granted permissions only", { skip }, async () => {
    const shown = await qpdf(locked, ["--password=owner-Ω-secret", "--show-encryption"]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^R = 6$/m);
    assert.match(shown.stdout, /Supplied password is owner password/);
    for (const method of ["stream", "string", "file"]) assert.match(shown.stdout, new RegExp(`^${method} encryption method: AESv3$`, "m"));
    assert.match(shown.stdout, /^extract for any purpose: allowed$/m);
    assert.match(shown.stdout, /^print high resolution: allowed$/m);
    assert.match(shown.stdout, /^modify other: not allowed$/m);
    assert.match(shown.stdout, /^modify annotations: not allowed$/m);
    assert.match(shown.stdout, /^modify forms: not allowed$/m);
    const user = await qpdf(locked, ["--password=open sesame", "--show-encryption"]);
    assert.match(user.stdout, /Supplied password is user password/);
    const forms = await protectPdf(plain, { ownerPassword: "o", permissions: ["fillForms", "annotate", "modify"] });
    const formsShown = (await qpdf(forms, ["--show-encryption"])).stdout;
    assert.match(formsShown, /^modify forms: allowed$/m);
    assert.match(formsShown, /^modify annotations: allowed$/m);
    assert.match(formsShown, /^modify other: allowed$/m);
    assert.match(formsShown, /^print low resolution: not allowed$/m);
    assert.match(formsShown, /^extract for any purpose: not allowed$/m);
  });

  test("pdf.js asks for the password and reads the text with it", async () => {
    await assert.rejects(pdfjsText(locked), (error: Error) => error.name === "PasswordException");
    await assert.rejects(pdfjsText(locked, "wrong"), (error: Error) => error.name === "PasswordException");
    assert.match(await pdfjsText(locked, "open sesame"), /Secret alpha/);
    assert.match(await pdfjsText(locked, "owner-Ω-secret"), /Secret alpha/);
  });

  test("merged batches, batch rows and base-PDF renders are encrypted too", { skip }, async () => {
    const merged = await renderMerged(TEMPLATE, [data, data], { now, protect: PROTECT });
    const row = await layoutRow(TEMPLATE, data, { now, protect: PROTECT, paint: true });
    const baseDoc = await PDFDocument.create();
    const font = await baseDoc.embedFont(StandardFonts.Helvetica);
    baseDoc.addPage([220, 100]).drawText("Letterhead", { x: 5, y: 80, size: 10, font });
    const onBase = await renderDocument(TEMPLATE, data, { now, protect: PROTECT, basePdf: await baseDoc.save() });
    for (const pdf of [merged.pdf, row.pdf!, onBase.pdf]) {
      assert.equal((await qpdf(pdf, ["--requires-password"])).code, 0);
      const decrypted = await qpdf(pdf, ["--password=open sesame", "--decrypt", "{out}"]);
      assert.match((await pdftotextLines(decrypted.out!))[0]!.join(" "), /Secret alpha/);
    }
    const baseText = await qpdf(onBase.pdf, ["--password=open sesame", "--decrypt", "{out}"]);
    assert.match((await pdftotextLines(baseText.out!))[0]!.join(" "), /Letterhead/);
  });

  test("bad options are refused before any work, with the option's name", async () => {
    assert.match(protectProblem({ ownerPassword: "" })!, /ownerPassword must be a non-empty string/);
    assert.match(protectProblem({ userPassword: "u" })!, /ownerPassword/);
    assert.match(protectProblem({ ownerPassword: "o", permissions: ["print", "teleport"] })!, /"teleport" is not a permission/);
    assert.match(protectProblem({ ownerPassword: "o", permissions: "print" })!, /must be an array/);
    assert.match(protectProblem({ ownerPassword: "same", userPassword: "same" })!, /must differ/);
    assert.match(protectProblem({ ownerPassword: "o", pasword: "x" })!, /protect.pasword is not an option/);
    assert.match(protectProblem({ ownerPassword: "x".repeat(128) })!, /at most 127 bytes/);
    assert.equal(protectProblem({ ownerPassword: "o", userPassword: "", permissions: [] }), undefined);
    await assert.rejects(renderPdf(TEMPLATE, data, { protect: { ownerPassword: "" } }), TypeError);
    await assert.rejects(protectPdf(locked, { ownerPassword: "again" }), /already encrypted/);
  });
});
