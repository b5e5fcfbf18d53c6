// pdfStandards on renders: for each PDF/A level the XMP packet (read back by pdf.js and from the decoded
// stream), the sRGB output intent and its ICC profile, embedded fonts with ToUnicode, the file /ID and the header;
// A and UA combined; the template's own default; the errors that name a rule.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { checkPdf, renderDocument, renderHtml, renderPdf, StandardsError, type PdfStandard } from "../../src/index.js";
import { qpdfMissing } from "../support/qpdf.js";
import { fixtureText, FIXED_NOW } from "../render/fixtures.js";
import { readObjects, streamData } from "./readback.js";

const template = (text: string, extra: Record<string, unknown> = {}): string => JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 240, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [{ id: "h", kind: "report-header", height: 30, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 200, height: 14, text }] }],
  schema: [],
  ...extra,
});

async function pdfjsMetadata(pdf: Uint8Array): Promise<{ info: Record<string, unknown>; xmp: Map<string, string> }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const { info, metadata } = await doc.getMetadata();
    return { info: info as Record<string, unknown>, xmp: new Map(metadata ? [...(metadata as unknown as Iterable<[string, string]>)] : []) };
  } finally {
    await doc.destroy();
  }
}

const ARCHIVE_LEVELS: readonly { standard: PdfStandard; part: string; conformance: string }[] = [
  { standard: "a-2b", part: "2", conformance: "B" },
  { standard: "a-2u", part: "2", conformance: "U" },
  { standard: "a-3b", part: "3", conformance: "B" },
  { standard: "a-3u", part: "3", conformance: "U" },
];

describe("pdfStandards: PDF/A levels", async () => {
  const skip = await qpdfMissing;
  const [content, data] = await Promise.all([fixtureText("invoice.template.json"), fixtureText("invoice-20.data.json")]);

  for (const { standard, part, conformance } of ARCHIVE_LEVELS) {
    test(`${standard}: XMP identification and values matching Info, sRGB output intent, fonts with ToUnicode, file ID, header`, { skip }, async () => {
      const pdf = (await renderDocument(content, JSON.parse(data) as unknown, { now: FIXED_NOW, title: "Invoice 2026-001", pdfStandards: [standard] })).pdf;
      // Header and binary comment
      assert.match(Buffer.from(pdf.subarray(0, 16)).toString("latin1"), /^%PDF-1\.[4-7]\n%[\x80-\xff]{4}/);
      // XMP through pdf.js, and Info beside it
      const { info, xmp } = await pdfjsMetadata(pdf);
      assert.equal(xmp.get("pdfaid:part"), part);
      assert.equal(xmp.get("pdfaid:conformance"), conformance);
      assert.equal(xmp.get("pdfuaid:part"), undefined);
      assert.equal(xmp.get("dc:title"), info["Title"]);
      assert.equal(xmp.get("dc:title"), "Invoice 2026-001");
      assert.equal(xmp.get("pdf:producer"), info["Producer"]);
      assert.equal(xmp.get("xmp:creatortool"), info["Creator"]);
      assert.equal(xmp.get("xmp:createdate"), "2026-11-21T12:00:00Z");
      assert.equal(info["CreationDate"], "D:20261121120000Z");
      assert.equal(xmp.get("xmp:modifydate"), "2026-11-21T12:00:00Z");
      assert.equal(xmp.get("xmp:metadatadate"), "2026-11-21T12:00:00Z");
      // Objects through qpdf
      const objects = await readObjects(pdf);
      const id = objects.trailer["/ID"] as string[];
      assert.equal(id.length, 2);
      assert.match(id[0]!, /^b:[0-9a-f]{32}$/);
      assert.equal(xmp.get("xmpmm:documentid"), `uuid:${id[0]!.slice(2, 10)}-${id[0]!.slice(10, 14)}-${id[0]!.slice(14, 18)}-${id[0]!.slice(18, 22)}-${id[0]!.slice(22)}`);
      assert.equal(objects.trailer["/Encrypt"], undefined);
      const metadata = objects.get(objects.catalog["/Metadata"]);
      assert.equal(metadata["/Type"], "/Metadata");
      assert.equal(metadata["/Subtype"], "/XML");
      assert.equal(metadata["/Filter"], undefined, "the packet stays uncompressed");
      const packet = (await streamData(pdf, objects.catalog["/Metadata"])).toString("utf8");
      assert.match(packet, /^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
      assert.match(packet, /<\?xpacket end="w"\?>$/);
      const intents = objects.catalog["/OutputIntents"] as string[];
      assert.equal(intents.length, 1);
      const intent = objects.get(intents[0]);
      assert.equal(intent["/S"], "/GTS_PDFA1");
      assert.equal(intent["/OutputConditionIdentifier"], "u:sRGB IEC61966-2.1");
      const profileRef = intent["/DestOutputProfile"];
      assert.equal(objects.get(profileRef)["/N"], 3);
      const icc = await streamData(pdf, profileRef);
      assert.equal(icc.readUInt32BE(0), icc.length, "the profile's own size field");
      assert.equal(icc.toString("latin1", 12, 20), "mntrRGB ");
      assert.equal(icc.toString("latin1", 36, 40), "acsp");
      assert.ok(icc[8]! <= 4, "ICC version below 5");
      // Fonts: every Type0 font has an embedded program and a ToUnicode CMap
      const fonts = objects.all().filter((o) => o["/Type"] === "/Font" && o["/Subtype"] === "/Type0");
      assert.ok(fonts.length >= 2);
      for (const font of fonts) {
        assert.ok(font["/ToUnicode"] !== undefined);
        const descendant = objects.get((font["/DescendantFonts"] as string[])[0]);
        assert.ok(objects.get(descendant["/FontDescriptor"])["/FontFile2"] !== undefined);
      }
      // And our checker finds nothing
      assert.deepEqual((await checkPdf(pdf)).findings, []);
    });
  }

  test("without pdfStandards nothing changes: no XMP, no output intent, the same file as before", { skip }, async () => {
    const plain = await renderPdf(template("Plain"), {}, { now: FIXED_NOW });
    const objects = await readObjects(plain);
    assert.equal(objects.catalog["/Metadata"], undefined);
    assert.equal(objects.catalog["/OutputIntents"], undefined);
    assert.deepEqual(await renderPdf(template("Plain"), {}, { now: FIXED_NOW, pdfStandards: [] }), plain);
  });

  test("fixed clock, same bytes: identifiers and dates do not move", async () => {
    const a = await renderPdf(template("Same"), {}, { now: FIXED_NOW, pdfStandards: ["a-2u"] });
    const b = await renderPdf(template("Same"), {}, { now: FIXED_NOW, pdfStandards: ["a-2u"] });
    assert.deepEqual(a, b);
  });

  test("links get an appearance under PDF/A (6.3.3) and keep their print flag", { skip }, async () => {
    const { pdf } = await renderHtml('<p>See <a href="https://example.com/terms">the terms</a>.</p>', {}, { now: FIXED_NOW, title: "Terms", pdfStandards: ["a-3b"] });
    const objects = await readObjects(pdf);
    const links = objects.all().filter((o) => o["/Subtype"] === "/Link");
    assert.equal(links.length, 1);
    assert.equal(links[0]!["/F"], 4);
    assert.deepEqual(Object.keys(links[0]!["/AP"] as object), ["/N"]);
    assert.deepEqual((await checkPdf(pdf)).findings, []);
    const plain = await renderHtml('<p>See <a href="https://example.com/terms">the terms</a>.</p>', {}, { now: FIXED_NOW });
    assert.equal((await readObjects(plain.pdf)).all().find((o) => o["/Subtype"] === "/Link")?.["/AP"], undefined);
  });
});

describe("pdfStandards: PDF/UA-1, alone and with a PDF/A level", async () => {
  const skip = await qpdfMissing;

  test("a-3u + ua-1: both identifications, pdfuaid described by an extension schema, DisplayDocTitle", { skip }, async () => {
    const pdf = await renderPdf(template("Accessible", { locale: "de-DE" }), {}, { now: FIXED_NOW, title: "Rechnung", pdfStandards: ["a-3u", "ua-1"] });
    const { xmp } = await pdfjsMetadata(pdf);
    assert.equal(xmp.get("pdfaid:part"), "3");
    assert.equal(xmp.get("pdfaid:conformance"), "U");
    assert.equal(xmp.get("pdfuaid:part"), "1");
    assert.match(xmp.get("pdfaextension:schemas") ?? "", /http:\/\/www\.aiim\.org\/pdfua\/ns\/id\/pdfuaidpartInteger/);
    const objects = await readObjects(pdf);
    assert.equal(objects.get(objects.catalog["/ViewerPreferences"])["/DisplayDocTitle"], true);
    const report = await checkPdf(pdf);
    assert.deepEqual(report.standards, ["a-3u", "ua-1"]);
    // PDF/A holds; of PDF/UA only what the tagging painter brings is missing (structure tree, MarkInfo; see docs/archiving.md).
    assert.deepEqual(report.findings.filter((f) => f.standard !== "ua-1"), []);
    assert.deepEqual(report.findings.map((f) => f.rule).filter((r) => !["7.1-11", "7.1-12", "7.2-34"].includes(r)), []);
  });

  test("ua-1 alone: pdfuaid and a title even for an untitled render, no pdfaid and no output intent", { skip }, async () => {
    const pdf = await renderPdf(template("Untitled"), {}, { now: FIXED_NOW, pdfStandards: ["ua-1"] });
    const { info, xmp } = await pdfjsMetadata(pdf);
    assert.equal(xmp.get("pdfuaid:part"), "1");
    assert.equal(xmp.get("pdfaid:part"), undefined);
    assert.equal(info["Title"], "Untitled document");
    assert.equal(xmp.get("dc:title"), "Untitled document");
    assert.equal(xmp.get("pdfaextension:schemas"), undefined, "no PDF/A, no extension schema needed");
    assert.equal((await readObjects(pdf)).catalog["/OutputIntents"], undefined);
  });

  test("a right-to-left document keeps /Direction beside DisplayDocTitle", { skip }, async () => {
    const pdf = await renderPdf(template("שלום", { direction: "rtl" }), {}, { now: FIXED_NOW, title: "RTL", pdfStandards: ["ua-1"] });
    const objects = await readObjects(pdf);
    const preferences = objects.get(objects.catalog["/ViewerPreferences"]);
    assert.equal(preferences["/Direction"], "/R2L");
    assert.equal(preferences["/DisplayDocTitle"], true);
  });
});

describe("pdfStandards: the template's default and the errors", async () => {
  test("the template's pdfStandards key applies unless the render names its own", async () => {
    const content = template("Archived", { pdfStandards: ["a-2b"] });
    assert.equal((await pdfjsMetadata(await renderPdf(content, {}, { now: FIXED_NOW }))).xmp.get("pdfaid:part"), "2");
    const overridden = (await pdfjsMetadata(await renderPdf(content, {}, { now: FIXED_NOW, pdfStandards: ["a-3u"] }))).xmp;
    assert.equal(overridden.get("pdfaid:part"), "3");
    assert.equal(overridden.get("pdfaid:conformance"), "U");
    const none = await pdfjsMetadata(await renderPdf(content, {}, { now: FIXED_NOW, pdfStandards: [] }));
    assert.equal(none.xmp.size, 0);
  });

  test("the template key is validated with the document", async () => {
    await assert.rejects(renderPdf(template("x", { pdfStandards: ["a-2b", "a-3b"] }), {}), /pdfStandards: holds one PDF\/A level at most/);
    await assert.rejects(renderPdf(template("x", { pdfStandards: ["a-1b"] }), {}), /pdfStandards\[0\]: expected one of: a-2b, a-2u, a-3b, a-3u, ua-1/);
  });

  test("a character with no glyph shows .notdef: every PDF/A level refuses it naming rule 6.2.11.8-1", async () => {
    for (const standard of ["a-2b", "a-3u"] as const) {
      await assert.rejects(renderPdf(template("a\u0378b"), {}, { pdfStandards: [standard] }), (error: unknown) => {
        assert.ok(error instanceof StandardsError);
        assert.equal(error.rule, "6.2.11.8-1");
        assert.match(error.message, new RegExp(`^PDF/A-${standard.slice(2)} rule 6\\.2\\.11\\.8-1: the text "a\u0378b" shows the \\.notdef glyph`));
        return true;
      });
    }
    // Without a standard the same text renders (with its diagnostic).
    assert.ok((await renderPdf(template("a\u0378b"), {})).length > 0);
  });

  test("a glyph with no Unicode value is refused under level u only (6.2.11.7.2-1)", async () => {
    await assert.rejects(renderPdf(template("x\uFFFDy"), {}, { pdfStandards: ["a-2u"] }), (error: unknown) => error instanceof StandardsError && error.rule === "6.2.11.7.2-1" && /U\+FFFD/.test(error.message));
    assert.ok((await renderPdf(template("x\uFFFDy"), {}, { pdfStandards: ["a-2b"] })).length > 0);
  });

  test("a PDF/A level with protect, two PDF/A levels, an unknown level: TypeErrors before any work", async () => {
    await assert.rejects(renderPdf(template("x"), {}, { pdfStandards: ["a-2b"], protect: { ownerPassword: "o" } }), { name: "TypeError", message: /rule 6\.1\.3 forbids encryption/ });
    await assert.rejects(renderPdf(template("x"), {}, { pdfStandards: ["a-2b", "a-3u"] }), { name: "TypeError", message: /one PDF\/A level only/ });
    await assert.rejects(renderPdf(template("x"), {}, { pdfStandards: ["a-1b" as PdfStandard] }), { name: "TypeError", message: /may hold only a-2b, a-2u, a-3b, a-3u, ua-1/ });
    // ua-1 alone may be encrypted.
    assert.ok((await renderPdf(template("x"), {}, { pdfStandards: ["ua-1"], protect: { ownerPassword: "o" } })).length > 0);
  });
});

describe("pdfStandards: merged output", async () => {
  const skip = await qpdfMissing;
  const { renderMerged } = await import("../../src/index.js");

  test("renderMerged declares and follows the standards (option or the template's own), and refuses .notdef", { skip }, async () => {
    const rows = [{}, {}, {}];
    const merged = await renderMerged(template("Row text"), rows, { now: FIXED_NOW, title: "Merged", pdfStandards: ["a-3u", "ua-1"] });
    assert.equal(merged.pageCount, 3);
    const report = await checkPdf(merged.pdf);
    assert.deepEqual(report.standards, ["a-3u", "ua-1"]);
    assert.deepEqual(report.findings.filter((f) => f.standard !== "ua-1"), []);
    const byDefault = await renderMerged(template("Row text", { pdfStandards: ["a-2b"] }), rows, { now: FIXED_NOW, title: "Merged" });
    assert.deepEqual(await checkPdf(byDefault.pdf), { standards: ["a-2b"], source: "declared", findings: [] });
    await assert.rejects(renderMerged(template("a\u0378b"), rows, { pdfStandards: ["a-2b"] }), (error: unknown) => error instanceof StandardsError && error.rule === "6.2.11.8-1");
  });
});
