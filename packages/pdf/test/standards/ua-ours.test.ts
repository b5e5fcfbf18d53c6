// Our own tagged output declared as PDF/A-3u and PDF/UA-1 together, checked by checkPdf: the shared invoice,
// the Arabic invoice (right-to-left) and the HTML invoice find nothing; and an e-invoice render (PDF/A-3 with the
// Factur-X XMP and its XML attached) is also clean. The UA rules (structure tree, /MarkInfo, /Lang, figures'
// alt, table headers, tagged links) only pass because the painter tags: with `tagged: false` they are found.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkPdf, renderHtml, renderPdf, type CheckReport } from "../../src/index.js";
import { qpdfMissing } from "../support/qpdf.js";
import { fixtureText, FIXED_NOW } from "../render/fixtures.js";

const rules = (report: CheckReport): string[] => report.findings.map((f) => `${f.standard} ${f.rule}`);

describe("PDF/A-3u + PDF/UA-1 on our tagged output", async () => {
  const skip = await qpdfMissing;
  const invoice = await fixtureText("invoice.template.json");
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as unknown;

  test("the shared invoice: nothing found, declared a-3u and ua-1", { skip }, async () => {
    const report = await checkPdf(await renderPdf(invoice, data, { now: FIXED_NOW, title: "Invoice", pdfStandards: ["a-3u", "ua-1"] }));
    assert.deepEqual(report.standards, ["a-3u", "ua-1"]);
    assert.deepEqual(rules(report), []);
    // The invoice names no locale: the default the numbers were formatted in is its /Lang.
    assert.match(Buffer.from(await renderPdf(invoice, data, { now: FIXED_NOW, pdfStandards: ["ua-1"] })).toString("latin1"), /\/Lang \(en-US\)/);
  });

  test("the Arabic invoice and the HTML invoice: nothing found", { skip }, async () => {
    const [arabic, arabicData, html] = await Promise.all([fixtureText("render/invoice-arabic.template.json"), fixtureText("render/invoice-arabic.data.json"), fixtureText("invoice.html")]);
    const fromArabic = await renderPdf(arabic, JSON.parse(arabicData) as unknown, { now: FIXED_NOW, title: "فاتورة", pdfStandards: ["a-3u", "ua-1"] });
    assert.deepEqual(rules(await checkPdf(fromArabic)), []);
    const fromHtml = await renderHtml(html, data, { now: FIXED_NOW, pdfStandards: ["a-3u", "ua-1"] });
    assert.deepEqual(rules(await checkPdf(fromHtml.pdf)), []);
  });

  test("ua-1 refuses what cannot conform: an untagged render, a figure without alt (rule 7.3-1); the same file is found wanting by the checker", { skip }, async () => {
    await assert.rejects(renderPdf(invoice, data, { now: FIXED_NOW, pdfStandards: ["ua-1"], tagged: false }), (e: Error) => e.name === "StandardsError" && /7\.1-11/.test(e.message));
    const noAlt = JSON.parse(invoice) as { bands: { elements: { type: string; alt?: string }[] }[] };
    for (const band of noAlt.bands) for (const element of band.elements) if (element.type === "image") delete element.alt;
    await assert.rejects(renderPdf(JSON.stringify(noAlt), data, { now: FIXED_NOW, pdfStandards: ["ua-1"] }), (e: Error) => e.name === "StandardsError" && /7\.3-1/.test(e.message) && /page 1/.test(e.message));
    // Without ua-1 the same documents render, and the checker names what UA would miss.
    const found = rules(await checkPdf(await renderPdf(invoice, data, { now: FIXED_NOW, title: "Invoice", tagged: false }), { standards: ["ua-1"] }));
    for (const rule of ["ua-1 7.1-11", "ua-1 7.1-12"]) assert.ok(found.includes(rule), `${rule} in ${found.join(", ")}`);
  });

  test("a Factur-X render is PDF/A-3b with the fx: XMP properties, and nothing is found", { skip }, async () => {
    const pdf = await renderPdf(invoice, data, { now: FIXED_NOW, title: "Invoice", einvoice: { format: "factur-x", profile: "en16931" } });
    const report = await checkPdf(pdf);
    assert.deepEqual(report.standards, ["a-3b"]);
    assert.deepEqual(rules(report), []);
    const text = Buffer.from(pdf).toString("latin1");
    assert.match(text, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    assert.match(text, /<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/);
    assert.equal((text.match(/<pdfaExtension:schemas>/g) ?? []).length, 1, "one extension-schema bag");
  });

  test("an e-invoice with a PDF/A-2 level is refused before any work", async () => {
    await assert.rejects(renderPdf(invoice, data, { now: FIXED_NOW, pdfStandards: ["a-2b"], einvoice: { format: "factur-x" } }), /a-2b cannot carry an e-invoice/);
  });
});
