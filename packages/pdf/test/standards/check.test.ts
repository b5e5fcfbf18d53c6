// checkPdf on deliberately broken PDFs, one or more per rule family (ours with a byte changed, or made with
// pdf-lib: any PDF, not only docsvc's), and on conforming output of ours, where it finds nothing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from "pdf-lib";
import { checkPdf, protectPdf, renderPdf, type CheckReport, type PdfStandard } from "../../src/index.js";
import { qpdfMissing } from "../support/qpdf.js";
import { fixtureText, FIXED_NOW } from "../render/fixtures.js";

const TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 240, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [{ id: "h", kind: "report-header", height: 30, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 200, height: 14, text: "Archived text" }] }],
  schema: [],
});

/** Replaces `from` by `to` (same length: the xref offsets stay right), once; throws when `from` is absent. */
function mutate(pdf: Uint8Array, from: string, to: string): Uint8Array {
  assert.equal(from.length, to.length);
  const text = Buffer.from(pdf).toString("latin1");
  const at = text.indexOf(from);
  assert.ok(at >= 0, `"${from}" is not in the file`);
  return new Uint8Array(Buffer.from(text.slice(0, at) + to + text.slice(at + from.length), "latin1"));
}

const rules = (report: CheckReport): string[] => report.findings.map((f) => `${f.standard} ${f.rule}`);

/** A pdf-lib document with one page of Helvetica text (not embedded), to break further. */
async function foreignPdf(build?: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([200, 100]);
  page.drawText("Foreign", { x: 10, y: 50, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  await build?.(doc);
  return doc.save({ useObjectStreams: true });
}

describe("checkPdf", async () => {
  const skip = await qpdfMissing;
  const a2b = await renderPdf(TEMPLATE, {}, { now: FIXED_NOW, title: "Archive", pdfStandards: ["a-2b"] });
  const a2u = await renderPdf(TEMPLATE, {}, { now: FIXED_NOW, title: "Archive", pdfStandards: ["a-2u"] });

  test("our output: nothing found for every level, in fixtures with images, opacity, shapes, marks and right-to-left text", { skip }, async () => {
    for (const name of ["watermark", "shapes", "invoice-arabic", "label"]) {
      const [content, data] = await Promise.all([fixtureText(`render/${name}.template.json`), fixtureText(`render/${name}.data.json`)]);
      for (const standard of ["a-2u", "a-3b"] as const) {
        const report = await checkPdf(await renderPdf(content, JSON.parse(data) as unknown, { now: FIXED_NOW, title: name, pdfStandards: [standard] }));
        assert.deepEqual(report.standards, [standard]);
        assert.equal(report.source, "declared");
        assert.deepEqual(report.findings, [], `${name} ${standard}`);
      }
    }
  });

  test("a file that declares nothing is checked against nothing unless standards are given", { skip }, async () => {
    const plain = await renderPdf(TEMPLATE, {}, { now: FIXED_NOW });
    assert.deepEqual(await checkPdf(plain), { standards: [], source: "declared", findings: [] });
    const asked = await checkPdf(plain, { standards: ["a-2b"] });
    assert.equal(asked.source, "requested");
    assert.deepEqual(rules(asked), ["a-2b 6.6.2.1-1", "a-2b 6.2.3-1"]);
  });

  test("file structure: header, binary comment, file identifier, encryption", { skip }, async () => {
    assert.deepEqual(rules(await checkPdf(mutate(a2b, "%PDF-1.4\n%\xff\xff\xff\xff", "%PDF-1.4\n%abcd"))), ["a-2b 6.1.2-2"]);
    assert.deepEqual(rules(await checkPdf(mutate(a2b, "%PDF-1.4", "%PDF-1.8"))), ["a-2b 6.1.2-1"]);
    assert.deepEqual(rules(await checkPdf(mutate(a2b, "/ID [", "/XD ["))), ["a-2b 6.1.3-1"]);
    // Encrypted with an owner password only: readable, and broken.
    const locked = await protectPdf(a2b, { ownerPassword: "owner" });
    assert.ok(rules(await checkPdf(locked, { standards: ["a-2b"] })).includes("a-2b 6.1.3-2"));
    // With a user password nothing else can be read: the encryption is the finding.
    const closed = await protectPdf(a2b, { ownerPassword: "owner", userPassword: "reader" });
    assert.deepEqual(rules(await checkPdf(closed, { standards: ["a-3b"] })), ["a-3b 6.1.3-2"]);
  });

  test("metadata: no XMP, pdfaid not the level checked, Info and XMP disagreeing", { skip }, async () => {
    assert.deepEqual(rules(await checkPdf(mutate(a2b, "/Metadata ", "/Metadatx "), { standards: ["a-2b"] })), ["a-2b 6.6.2.1-1"]);
    assert.deepEqual(rules(await checkPdf(a2b, { standards: ["a-3u"] })), ["a-3u 6.6.4-1", "a-3u 6.6.4-2"]);
    const producer = await checkPdf(mutate(a2b, "<pdf:Producer>docsvc<", "<pdf:Producer>docsvX<"));
    assert.deepEqual(rules(producer), ["a-2b 6.6.2.1-2"]);
    assert.match(producer.findings[0]!.message, /Producer "docsvc" vs XMP "docsvX"/);
    const date = await checkPdf(mutate(a2b, "<xmp:CreateDate>2026", "<xmp:CreateDate>2025"));
    assert.match(date.findings[0]!.message, /CreationDate D:20261121120000Z vs XMP xmp:CreateDate 2025-11-21T12:00:00Z/);
  });

  test("output intent: missing, an invalid ICC profile, device colour without a matching intent", { skip }, async () => {
    assert.deepEqual(rules(await checkPdf(mutate(a2b, "/OutputIntents", "/OutputIntentX"))), ["a-2b 6.2.3-1"]);
    // Our file with its profile swapped for bytes that are not an ICC profile (pdf-lib rewrites the file).
    const doc = await PDFDocument.load(a2b, { updateMetadata: false });
    const intent = doc.catalog.lookup(PDFName.of("OutputIntents"), (await import("pdf-lib")).PDFArray).lookup(0, (await import("pdf-lib")).PDFDict);
    intent.set(PDFName.of("DestOutputProfile"), doc.context.register(doc.context.flateStream(new Uint8Array(200), { N: 3 })));
    const badIcc = await checkPdf(await doc.save({ useObjectStreams: false }), { standards: ["a-2b"] });
    assert.ok(rules(badIcc).includes("a-2b 6.2.3-3"), rules(badIcc).join());
    // A foreign PDF with an RGB image and no intent at all.
    const png = await renderPng();
    const foreign = await foreignPdf(async (d) => {
      d.getPage(0).drawImage(await d.embedPng(png), { x: 0, y: 0, width: 10, height: 10 });
    });
    const colour = await checkPdf(foreign, { standards: ["a-3b"] });
    assert.ok(rules(colour).includes("a-3b 6.2.3-1"));
    assert.ok(rules(colour).includes("a-3b 6.2.4.3-2"), rules(colour).join());
  });

  test("fonts: a program not embedded (any level), a font with no ToUnicode (level u only)", { skip }, async () => {
    const foreign = await checkPdf(await foreignPdf(), { standards: ["a-2b"] });
    const embedding = foreign.findings.find((f) => f.rule === "6.2.11.4.1-1");
    assert.match(embedding?.message ?? "", /not embedded: Helvetica/);
    const unmapped = mutate(a2u, "/ToUnicode", "/ToUnicodX");
    assert.deepEqual(rules(await checkPdf(unmapped)), ["a-2u 6.2.11.7.2-1"]);
    assert.deepEqual(rules(await checkPdf(unmapped, { standards: ["a-2b"] })).filter((r) => !r.includes("6.6.4")), []);
  });

  test("transparency: allowed with the output intent, refused without one (6.2.10-1), odd blend modes (6.2.10-2)", { skip }, async () => {
    const translucent = await foreignPdf((d) => {
      d.getPage(0).drawRectangle({ x: 0, y: 0, width: 50, height: 50, color: rgb(1, 0, 0), opacity: 0.5 });
      d.context.register(d.context.obj({ Type: "ExtGState", BM: "Sparkle" }));
    });
    const report = await checkPdf(translucent, { standards: ["a-2b"] });
    assert.ok(rules(report).includes("a-2b 6.2.10-1"));
    assert.ok(rules(report).includes("a-2b 6.2.10-2"));
    // The watermark fixture (opacity) with our output intent: checked above, nothing found.
  });

  test("annotations, forms and actions: flags, appearances, types, NeedAppearances, JavaScript", { skip }, async () => {
    const broken = await foreignPdf((d) => {
      const ctx = d.context;
      const page = d.getPage(0);
      const appearance = ctx.register(ctx.stream("", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 1, 1] }));
      const annots = ctx.obj([
        ctx.register(ctx.obj({ Type: "Annot", Subtype: "Text", Rect: [0, 0, 10, 10], Contents: PDFString.of("note") })),
        ctx.register(ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [0, 0, 10, 10], F: 2, AP: { N: appearance, D: appearance } })),
        ctx.register(ctx.obj({ Type: "Annot", Subtype: "Movie", Rect: [0, 0, 0, 0], F: 4 })),
      ]);
      page.node.set(PDFName.of("Annots"), annots);
      d.catalog.set(PDFName.of("OpenAction"), ctx.register(ctx.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") })));
      d.catalog.set(PDFName.of("AcroForm"), ctx.register(ctx.obj({ Fields: [], NeedAppearances: true })));
    });
    const found = rules(await checkPdf(broken, { standards: ["a-3b"] }));
    for (const rule of ["6.3.1-1", "6.3.2-1", "6.3.2-2", "6.3.3-1", "6.3.3-2", "6.4.1-3", "6.5.1-1"]) assert.ok(found.includes(`a-3b ${rule}`), `${rule} in ${found.join(", ")}`);
  });

  test("embedded files: PDF/A-2 refuses them, PDF/A-3 wants MIME type, names, relationship and /AF", { skip }, async () => {
    const attached = await foreignPdf(async (d) => {
      await d.attach(new TextEncoder().encode("<xml/>"), "data.xml", {});
    });
    assert.ok(rules(await checkPdf(attached, { standards: ["a-2b"] })).includes("a-2b 6.8-1"));
    const a3 = rules(await checkPdf(attached, { standards: ["a-3b"] }));
    assert.ok(a3.includes("a-3b 6.8-2"), a3.join());
    assert.ok(a3.includes("a-3b 6.8-4"), a3.join());
    // pdf-lib lists the file in the catalog's /AF: that rule holds.
    assert.ok(!a3.includes("a-3b 6.8-5"), a3.join());
    const proper = await foreignPdf(async (d) => {
      await d.attach(new TextEncoder().encode("<xml/>"), "factur-x.xml", { mimeType: "text/xml", afRelationship: (await import("pdf-lib")).AFRelationship.Alternative });
    });
    const fine = rules(await checkPdf(proper, { standards: ["a-3b"] }));
    assert.deepEqual(fine.filter((r) => r.includes("6.8-")), []);
  });

  test("PDF/UA-1: identification, title, DisplayDocTitle, MarkInfo, Lang, Figures without Alt, tables without TH, untagged links", { skip }, async () => {
    const tagged = (withHeaders: boolean) => foreignPdf((d) => {
      const ctx = d.context;
      const cell = ctx.register(ctx.obj({ Type: "StructElem", S: withHeaders ? "TH" : "TD" }));
      const row = ctx.register(ctx.obj({ Type: "StructElem", S: "TR", K: [cell] }));
      const table = ctx.register(ctx.obj({ Type: "StructElem", S: "Table", K: [row] }));
      const bare = ctx.register(ctx.obj({ Type: "StructElem", S: "Picture" }));
      const described = ctx.register(ctx.obj({ Type: "StructElem", S: "Figure", Alt: PDFString.of("A chart") }));
      const document = ctx.register(ctx.obj({ Type: "StructElem", S: "Document", K: [bare, described, table] }));
      d.catalog.set(PDFName.of("StructTreeRoot"), ctx.register(ctx.obj({ Type: "StructTreeRoot", K: document, RoleMap: { Picture: "Figure" } })));
      d.catalog.set(PDFName.of("MarkInfo"), ctx.obj({ Marked: true }));
      d.catalog.set(PDFName.of("Lang"), PDFString.of("en"));
      d.catalog.set(PDFName.of("ViewerPreferences"), ctx.obj({ DisplayDocTitle: true }));
      d.getPage(0).node.set(PDFName.of("Annots"), ctx.obj([ctx.register(ctx.obj({ Type: "Annot", Subtype: "Link", Rect: [0, 0, 5, 5], F: 4 }))]));
    });
    const report = await checkPdf(await tagged(false), { standards: ["ua-1"] });
    assert.deepEqual(rules(report), ["ua-1 5-1", "ua-1 7.1-8", "ua-1 7.1-9", "ua-1 7.3-1", "ua-1 7.5-1", "ua-1 7.18.5-1"]);
    assert.equal(report.findings.find((f) => f.rule === "7.3-1")?.objects?.length, 1, "the role-mapped Picture, not the Figure with /Alt");
    assert.ok(!rules(await checkPdf(await tagged(true), { standards: ["ua-1"] })).includes("ua-1 7.5-1"));
    // Untagged, no preferences, no language:
    const untagged = rules(await checkPdf(await foreignPdf(), { standards: ["ua-1"] }));
    for (const rule of ["7.1-10", "7.1-11", "7.1-12", "7.2-34"]) assert.ok(untagged.includes(`ua-1 ${rule}`), rule);
  });

  test("images: a PNG with an alpha channel keeps its soft mask under PDF/A-2 (allowed); interpolation and alternates are found", { skip }, async () => {
    const sharp = (await import("sharp")).default;
    const rgba = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.4 } } }).png().toBuffer();
    const content = JSON.stringify({
      version: 4,
      pageSize: { id: "custom", width: 120, height: 80 },
      margins: { top: 10, right: 10, bottom: 10, left: 10 },
      bands: [{ id: "h", kind: "report-header", height: 40, elements: [{ id: "i", type: "image", x: 0, y: 0, width: 40, height: 40, src: `data:image/png;base64,${rgba.toString("base64")}` }] }],
      schema: [],
    });
    const pdf = await renderPdf(content, {}, { now: FIXED_NOW, title: "Alpha", pdfStandards: ["a-2b"] });
    assert.match(Buffer.from(pdf).toString("latin1"), /\/SMask \d+ 0 R/, "the alpha channel is a soft mask");
    assert.deepEqual((await checkPdf(pdf)).findings, []);
    const broken = await foreignPdf((d) => {
      d.context.register(d.context.stream(new Uint8Array([255, 0, 0]), { Type: "XObject", Subtype: "Image", Width: 1, Height: 1, ColorSpace: "DeviceRGB", BitsPerComponent: 8, Interpolate: true, Alternates: [] }));
    });
    const found = rules(await checkPdf(broken, { standards: ["a-2b"] }));
    assert.ok(found.includes("a-2b 6.2.8-1") && found.includes("a-2b 6.2.8-3"), found.join());
  });

  test("standards are validated; a file qpdf cannot read is a QpdfError", async () => {
    await assert.rejects(checkPdf(a2b, { standards: ["a-2b", "a-3b"] as PdfStandard[] }), /one PDF\/A level only/);
    if (skip === undefined) await assert.rejects(checkPdf(new TextEncoder().encode("not a pdf at all")), { name: "QpdfError" });
  });
});

/** A 2×2 RGB PNG (made by sharp, a dependency). */
async function renderPng(): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  return new Uint8Array(await sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer());
}
