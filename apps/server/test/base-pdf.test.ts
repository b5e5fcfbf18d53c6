import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { renderDocument } from "@docsvc/pdf";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { PNG_1PX } from "./batch/helpers.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

/** A template with `rows.length` rows of 300 pt each, on A4 (or another preset). */
const template = (pageSize = "a4") =>
  JSON.stringify({
    version: 4,
    pageSize: { id: pageSize },
    bands: [{ id: "d", kind: "detail", bindingField: "rows", height: 300, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 20, text: "Row {{n}}" }] }],
    schema: [],
  });

async function basePdf(sizes: [number, number][], labels = sizes.map((_, i) => `BASE MARKER ${i + 1}`)): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  sizes.forEach((size, i) => doc.addPage(size).drawText(labels[i] ?? "", { x: 40, y: size[1] - 60, size: 20, font }));
  return doc.save();
}

async function createTemplate(content = template(), token = owner.token): Promise<string> {
  const res = await t.call("POST", "/api/templates", { token, body: { name: "Letterhead", content } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id as string;
}

async function upload(id: string, bytes: Uint8Array | string, token = owner.token, name = "base.pdf") {
  const form = new FormData();
  form.set("file", new Blob([typeof bytes === "string" ? bytes : Buffer.from(bytes)]), name);
  const res = await t.app.request(`/api/templates/${id}/base-pdf`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out.push(content.items.map((item) => ("str" in item ? item.str : "")).join("|"));
  }
  await doc.destroy();
  return out;
}

const A4: [number, number] = [595.28, 841.89];

describe("base PDFs", () => {
  test("upload answers page count and sizes; each page has a PNG raster; out of range is 404", async () => {
    const id = await createTemplate();
    const res = await upload(id, await basePdf([A4, A4]));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.pageCount, 2);
    assert.deepEqual(res.body.pages[1], { index: 1, width: 595.28, height: 841.89 });
    const info = await t.call("GET", `/api/templates/${id}/base-pdf`, { token: owner.token });
    assert.deepEqual(info.body.pages, res.body.pages);
    const png = await t.call("GET", `/api/templates/${id}/base-pdf/pages/1`, { token: owner.token });
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("Content-Type"), "image/png");
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(Buffer.from(png.bytes).readUInt32BE(16), Math.ceil(595.28 * 1.5), "PNG width: 1.5 px per point");
    assertProblem(await t.call("GET", `/api/templates/${id}/base-pdf/pages/2`, { token: owner.token }), 404);
    assertProblem(await t.call("GET", `/api/templates/${id}/base-pdf/pages/x`, { token: owner.token }), 404);
  });

  test("renders draw the base page as vectors behind each page, the last repeating; text stays extractable", async () => {
    const id = await createTemplate();
    await upload(id, await basePdf([A4, A4]));
    const rows = Array.from({ length: 7 }, (_, n) => ({ n }));
    const res = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { rows } } });
    assert.equal(res.status, 200);
    const texts = await pageTexts(res.bytes);
    assert.equal(texts.length, 3);
    assert.match(texts[0]!, /BASE MARKER 1.*Row 0/);
    assert.match(texts[1]!, /BASE MARKER 2/);
    assert.match(texts[2]!, /BASE MARKER 2/, "the last base page repeats");
    assert.match(Buffer.from(res.bytes).toString("latin1"), /\/Subtype \/Form/);
  });

  test("a base page of another size is scaled to the template's page", async () => {
    const id = await createTemplate(template("a5"));
    await upload(id, await basePdf([[612, 792]]));
    const res = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { rows: [{ n: 1 }] } } });
    const doc = await pdfjs.getDocument({ data: res.bytes.slice(), verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    assert.deepEqual(page.view.map(Math.round), [0, 0, 420, 595]);
    const items = (await page.getTextContent()).items.filter((i) => "str" in i && i.str.startsWith("BASE"));
    assert.equal(items.length, 1);
    // Drawn at 40 pt from the left on Letter: 40 × 419.53 / 612 ≈ 27 on A5.
    const x = (items[0] as { transform: number[] }).transform[4]!;
    assert.ok(Math.abs(x - 27.4) < 1, `x = ${x}`);
    await doc.destroy();
  });

  test("inline renders reuse a stored template's base PDF with baseTemplateId; 404 without one or across workspaces", async () => {
    const id = await createTemplate();
    await upload(id, await basePdf([A4], ["INLINE BASE"]));
    const body = { content: template(), data: { rows: [{ n: 1 }] }, baseTemplateId: id };
    const res = await t.call("POST", "/api/render", { token: owner.token, body });
    assert.equal(res.status, 200);
    assert.match((await pageTexts(res.bytes))[0]!, /INLINE BASE/);
    const bare = await createTemplate();
    assertProblem(await t.call("POST", "/api/render", { token: owner.token, body: { ...body, baseTemplateId: bare } }), 404);
    const other = await t.signup();
    assertProblem(await t.call("POST", "/api/render", { token: other.token, body }), 404);
  });

  test("refusals name the reason: encrypted, XFA, corrupt, not a PDF, mixed page sizes; over 20 MB is 413", async () => {
    const id = await createTemplate();
    const encrypted = [
      "%PDF-1.4",
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
      "4 0 obj << /Filter /Standard /V 1 /R 2 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /P -44 >> endobj",
      "trailer << /Root 1 0 R /Size 5 /Encrypt 4 0 R /ID [<01> <01>] >>",
      "%%EOF",
    ].join("\n");
    const cases: [string, Uint8Array | string, RegExp][] = [
      ["encrypted", encrypted, /encrypted or password-protected/],
      ["xfa", await (async () => {
        const doc = await PDFDocument.load(await basePdf([A4]));
        doc.catalog.set(PDFName.of("AcroForm"), doc.context.obj({ Fields: [], XFA: [] }));
        return doc.save();
      })(), /XFA form/],
      ["corrupt", "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage without an end", /corrupt/],
      ["not a pdf", "hello, world", /not a PDF/],
      ["mixed", await basePdf([A4, [612, 792]]), /mixed sizes \(page 1 is 595\.28 × 841\.89 pt, page 2 is 612 × 792 pt\)/],
    ];
    for (const [what, bytes, reason] of cases) {
      const res = await upload(id, bytes);
      assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.detail, reason, what);
      assert.ok(res.body.errors.file, what);
    }
    assertProblem(await t.call("GET", `/api/templates/${id}/base-pdf`, { token: owner.token }), 404);
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(Buffer.from("%PDF-1.4\n"));
    assert.equal((await upload(id, big)).status, 413);
  });

  test("delete removes the base PDF (renders lose the background); Viewers cannot upload; other workspaces 404", async () => {
    const id = await createTemplate();
    await upload(id, await basePdf([A4], ["GONE SOON"]));
    const del = await t.call("DELETE", `/api/templates/${id}/base-pdf`, { token: owner.token });
    assert.equal(del.status, 200);
    assertProblem(await t.call("GET", `/api/templates/${id}/base-pdf`, { token: owner.token }), 404);
    assertProblem(await t.call("GET", `/api/templates/${id}/base-pdf/pages/0`, { token: owner.token }), 404);
    assertProblem(await t.call("DELETE", `/api/templates/${id}/base-pdf`, { token: owner.token }), 404);
    const res = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { rows: [{ n: 1 }] } } });
    assert.doesNotMatch((await pageTexts(res.bytes))[0]!, /GONE SOON/);
    const other = await t.signup();
    assert.equal((await upload(id, await basePdf([A4]), other.token)).status, 404);
    const viewer = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: viewer.email, role: "Viewer" } });
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: viewer.token });
    assert.equal((await upload(id, await basePdf([A4]), accepted.body.accessToken as string)).status, 403);
  });
  test("a base page that cannot be imported as vectors falls back to its raster", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage(A4);
    // A content stream in a filter pdf-lib cannot decode: the import fails, the raster is drawn instead.
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(new Uint8Array([1, 2, 3]), { Filter: "JBIG2Decode" })));
    const png = Buffer.from(PNG_1PX.split(",")[1]!, "base64");
    const report = await renderDocument(template(), { rows: [{ n: 1 }] }, { basePdf: await doc.save(), basePdfRasters: [png] });
    const text = Buffer.from(report.pdf).toString("latin1");
    assert.doesNotMatch(text, /\/Subtype \/Form/);
    // The 1×1 raster is the only image in the document (page content streams are compressed).
    assert.match(text, /\/Subtype \/Image\s+\/BitsPerComponent 8\s+\/Width 1\s+\/Height 1/);
  });
});
