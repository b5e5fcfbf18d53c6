// The XMP builder and its extension hook (what the e-invoice writer passes: Factur-X's fx: properties and their
// PDF/A extension schema), read back through a render by pdf.js and by our checker.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { buildXmp, checkPdf, renderPdf, xmlEscape } from "../../src/index.js";
import { qpdfMissing } from "../support/qpdf.js";

const FX_DESCRIPTION = `<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>`;
const FX_SCHEMA = `<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML invoice file</pdfaProperty:description></rdf:li></rdf:Seq></pdfaSchema:property>
</rdf:li>`;

describe("buildXmp", () => {
  const base = { created: new Date("2026-01-02T03:04:05.678Z"), modified: new Date("2026-01-02T03:04:05Z"), producer: "docsvc", documentId: "uuid:1", instanceId: "uuid:1" };

  test("escapes text, writes UTC dates to the second, and one extension-schema bag for pdfuaid and the caller's schemas", () => {
    const xmp = buildXmp({ ...base, title: `Q&A <"draft">`, pdfa: { part: 3, conformance: "B" }, pdfua: 1, extensions: [FX_DESCRIPTION], extensionSchemas: [FX_SCHEMA] });
    assert.match(xmp, /<rdf:li xml:lang="x-default">Q&amp;A &lt;&quot;draft&quot;&gt;<\/rdf:li>/);
    assert.match(xmp, /<xmp:CreateDate>2026-01-02T03:04:05Z<\/xmp:CreateDate>/);
    assert.equal(xmp.match(/<pdfaExtension:schemas>/g)?.length, 1);
    assert.match(xmp, /<pdfaSchema:prefix>pdfuaid<\/pdfaSchema:prefix>[\s\S]*<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/);
    assert.ok(xmp.includes(FX_DESCRIPTION));
    assert.equal(xmlEscape(`a'b`), "a&apos;b");
  });

  test("no PDF/A: no extension bag unless the caller brings schemas", () => {
    assert.doesNotMatch(buildXmp({ ...base, pdfua: 1 }), /pdfaExtension/);
    assert.match(buildXmp({ ...base, extensionSchemas: [FX_SCHEMA] }), /pdfaExtension:schemas/);
  });
});

describe("xmpExtensions through a render", async () => {
  const skip = await qpdfMissing;
  test("the fx: properties reach the packet next to pdfaid, and the file still passes the PDF/A checks", { skip }, async () => {
    const content = JSON.stringify({ version: 4, pageSize: { id: "custom", width: 200, height: 80 }, margins: { top: 10, right: 10, bottom: 10, left: 10 }, bands: [{ id: "h", kind: "report-header", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 150, height: 14, text: "Invoice" }] }], schema: [] });
    const pdf = await renderPdf(content, {}, { now: new Date("2026-01-02T00:00:00Z"), title: "Invoice", pdfStandards: ["a-3b"], xmpExtensions: [FX_DESCRIPTION], xmpExtensionSchemas: [FX_SCHEMA] });
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
    try {
      const { metadata } = await doc.getMetadata();
      assert.equal(metadata?.get("fx:documentfilename"), "factur-x.xml");
      assert.equal(metadata?.get("fx:conformancelevel"), "EN 16931");
      assert.equal(metadata?.get("pdfaid:part"), "3");
    } finally {
      await doc.destroy();
    }
    assert.deepEqual((await checkPdf(pdf)).findings, []);
  });
});
