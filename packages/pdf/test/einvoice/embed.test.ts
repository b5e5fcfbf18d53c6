// The e-invoice inside the PDF: the XML read back with qpdf and pdf.js equals what was built; the file
// specification is an associated file (/AF) with /AFRelationship /Alternative, MIME text/xml and dated /Params.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { EinvoiceError } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { FIXED_NOW, fixtureText } from "../render/fixtures.js";
import { qpdf, qpdfMissing } from "../support/qpdf.js";
import { xmllintMissing } from "./support.js";

async function render(options: Parameters<typeof renderDocument>[2], template?: string) {
  const [content, json] = await Promise.all([template ?? fixtureText("invoice.template.json"), fixtureText("invoice-20.data.json")]);
  return renderDocument(content, JSON.parse(json) as unknown, { now: FIXED_NOW, ...options });
}

async function attachments(pdf: Uint8Array): Promise<Record<string, { filename: string; content: Uint8Array }> | null> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    return (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
  } finally {
    await doc.destroy();
  }
}

test("factur-x: the embedded factur-x.xml equals the XML built (qpdf --show-attachment and pdf.js)", { skip: await qpdfMissing }, async () => {
  const report = await render({ einvoice: { format: "factur-x", profile: "en16931" } });
  assert.ok(report.einvoice);
  assert.equal(report.einvoice.fileName, "factur-x.xml");
  const listed = await qpdf(report.pdf, ["--list-attachments"]);
  assert.match(listed.stdout, /^factur-x\.xml -> /m);
  const shown = await qpdf(report.pdf, ["--show-attachment=factur-x.xml"]);
  assert.equal(shown.code, 0, shown.stderr);
  assert.equal(shown.stdout, report.einvoice.xml);
  const viaPdfjs = await attachments(report.pdf);
  assert.ok(viaPdfjs);
  const entries = Object.values(viaPdfjs);
  assert.equal(entries.length, 1);
  assert.equal(entries[0]!.filename, "factur-x.xml");
  assert.equal(new TextDecoder().decode(entries[0]!.content), report.einvoice.xml);
});

test("the file specification: /AF in the catalog, /AFRelationship /Alternative, text/xml, /Params dates and size", { skip: await qpdfMissing }, async () => {
  const report = await render({ einvoice: { format: "factur-x" } });
  const json = JSON.parse((await qpdf(report.pdf, ["--json=2", "--json-key=qpdf"])).stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>] };
  const objects = json.qpdf[1];
  const get = (ref: unknown) => objects[`obj:${String(ref)}`];
  const catalog = Object.values(objects).find((o) => o.value?.["/Type"] === "/Catalog")!.value!;
  const af = catalog["/AF"] as string[];
  assert.equal(af.length, 1);
  const spec = get(af[0])!.value!;
  assert.equal(spec["/Type"], "/Filespec");
  assert.equal(spec["/AFRelationship"], "/Alternative");
  assert.equal(spec["/F"], "u:factur-x.xml");
  assert.equal(spec["/UF"], "u:factur-x.xml");
  const stream = get((spec["/EF"] as Record<string, string>)["/F"])!.stream!.dict;
  assert.equal(stream["/Type"], "/EmbeddedFile");
  assert.equal(stream["/Subtype"], "/text/xml");
  const params = stream["/Params"] as Record<string, unknown>;
  assert.equal(params["/Size"], new TextEncoder().encode(report.einvoice!.xml).length);
  assert.match(String(params["/ModDate"]), /^u:D:20261121120000Z/);
  assert.match(String(params["/CreationDate"]), /^u:D:20261121120000Z/);
  // Listed by name as well, for viewers' attachment panes.
  const names = get(catalog["/Names"])!.value!;
  assert.ok(names["/EmbeddedFiles"]);
});

test("xrechnung is embedded as xrechnung.xml; without einvoice a render has no attachment (as before)", { skip: await qpdfMissing }, async () => {
  const x = await render({ einvoice: { format: "xrechnung" } });
  assert.match((await qpdf(x.pdf, ["--list-attachments"])).stdout, /^xrechnung\.xml -> /m);
  assert.match(x.einvoice!.xml, /xrechnung_3\.0/);
  const plain = await render({});
  assert.equal(plain.einvoice, undefined);
  assert.equal(await attachments(plain.pdf), null);
});

test("the template's default format applies; the render's einvoice overrides it and false turns it off", async () => {
  const template = JSON.parse(await fixtureText("invoice.template.json")) as { einvoice: Record<string, unknown> };
  template.einvoice = { ...template.einvoice, format: "zugferd", profile: "basic" };
  const content = JSON.stringify(template);
  const byDefault = await render({}, content);
  assert.equal(byDefault.einvoice?.format, "zugferd");
  assert.equal(byDefault.einvoice?.profile, "basic");
  assert.match(byDefault.einvoice!.xml, /urn:factur-x\.eu:1p0:basic</);
  const overridden = await render({ einvoice: { format: "factur-x", profile: "minimum" } }, content);
  assert.match(overridden.einvoice!.xml, /urn:factur-x\.eu:1p0:minimum</);
  const off = await render({ einvoice: false }, content);
  assert.equal(off.einvoice, undefined);
  assert.equal(await attachments(off.pdf), null);
});

test("a data error is thrown before the render (EinvoiceError naming the rule); HTML has no mapping", async () => {
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as Record<string, unknown>;
  await assert.rejects(renderDocument(await fixtureText("invoice.template.json"), { ...data, total: 1 }, { einvoice: { format: "factur-x" } }), (e: unknown) => e instanceof EinvoiceError && e.rule === "BR-CO-15");
  await assert.rejects(renderDocument("{ \"version\": 4, \"pageSize\": {\"id\":\"a4\"}, \"bands\": [], \"schema\": [] }", data, { einvoice: { format: "factur-x" } }), (e: unknown) => e instanceof EinvoiceError && /no einvoice\.mapping/.test(e.message));
});

test("the Factur-X XMP fragment is well-formed XMP with the fx properties of the profile", { skip: await xmllintMissing }, async () => {
  const report = await render({ einvoice: { format: "factur-x", profile: "basic-wl" } });
  const xmp = report.einvoice!.xmp;
  assert.match(xmp, /<fx:ConformanceLevel>BASIC WL<\/fx:ConformanceLevel>/);
  assert.match(xmp, /<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/);
  assert.match(xmp, /<fx:DocumentType>INVOICE<\/fx:DocumentType>/);
  assert.match(xmp, /<fx:Version>1\.0<\/fx:Version>/);
  const packet = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${xmp}</rdf:RDF></x:xmpmeta>`;
  const dir = await mkdtemp(join(tmpdir(), "docsvc-xmp-"));
  try {
    await writeFile(join(dir, "x.xml"), packet);
    const code = await new Promise<number>((resolve) => execFile("xmllint", ["--noout", join(dir, "x.xml")], (error) => resolve(error ? 1 : 0)));
    assert.equal(code, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const x = await render({ einvoice: { format: "xrechnung" } });
  assert.match(x.einvoice!.xmp, /<fx:ConformanceLevel>XRECHNUNG<\/fx:ConformanceLevel>/);
  assert.match(x.einvoice!.xmp, /<fx:DocumentFileName>xrechnung\.xml<\/fx:DocumentFileName>/);
});

test("the invoice's lines are bounded like the table rows (the layout's row cap): past it, a LayoutLimitError", async () => {
  const { LayoutLimitError } = await import("@docsvc/layout");
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as { items: unknown[] };
  await assert.rejects(renderDocument(await fixtureText("invoice.template.json"), data, { einvoice: { format: "factur-x" }, limits: { maxRows: 10 } }), (e: unknown) => e instanceof LayoutLimitError && /more than 10 lines \(20\)/.test(e.message));
});
