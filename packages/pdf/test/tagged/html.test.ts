// Tagged PDF from HTML templates, read back with pdf.js: the HTML invoice (title from <title>, /Lang from <html lang>,
// the logo's alt, the items table with THead/TBody/TFoot and column headers, margin boxes as artifacts), lists,
// links, aria-hidden and role="presentation", figures, and the outline from h1–h6 and bookmark-level.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { renderHtml } from "../../src/index.js";
import { FIXED_NOW, fixtureText } from "../render/fixtures.js";
import { documentInfo } from "../support/pdfjs.js";
import { byRole, readStructure, textOf, walk, type OutlineEntry, type StructNode } from "../support/structure.js";

function documentOf(tree: StructNode | null): StructNode {
  assert.ok(tree !== null, "the page has a structure tree");
  const document = tree.children[0];
  assert.equal(document?.role, "Document");
  return document;
}

const squash = (text: string): string => text.replace(/\s+/g, "");

test("the HTML invoice: title from <title>, /Lang from <html lang>, logo alt, the items table with its header, body and footer", async () => {
  const [html, json] = await Promise.all([fixtureText("invoice.html"), fixtureText("invoice-20.data.json")]);
  const data = JSON.parse(json) as { invoiceNumber: string; items: { description: string }[] };
  const { pdf, pageCount } = await renderHtml(html, data, { now: FIXED_NOW });
  const info = await documentInfo(pdf);
  assert.equal(info["Title"], `Invoice ${data.invoiceNumber}`, "<title> with its tokens resolved");
  assert.equal(info["Language"], "en-US");
  const { pages, outline } = await readStructure(pdf);
  const document = documentOf(pages[0]!.tree);
  const [figure] = byRole(document, "Figure");
  assert.equal(figure?.alt, "logo");
  assert.deepEqual(byRole(document, "H1").map((h) => h.text), ["INVOICE"]);
  const [table] = byRole(document, "Table");
  assert.deepEqual(table!.children.map((c) => c.role), ["THead", "TBody", "TFoot"]);
  const headers = byRole(table!, "TH");
  assert.ok(headers.length >= 5);
  const description = headers.map((h) => squash(textOf(h))).indexOf("Description");
  assert.ok(description >= 0);
  const rows = byRole(byRole(table!, "TBody")[0]!, "TR");
  assert.ok(rows.length > 5);
  assert.equal(rows[0]!.children.length, headers.length, "one cell per column");
  assert.ok(squash(textOf(rows[0]!.children[description]!)).startsWith(squash(data.items[0]!.description).slice(0, 20)));
  // The margin boxes (running title, page numbers) are artifacts.
  assert.match(pages[0]!.artifactText, new RegExp(`Page 1 of ${pageCount}`));
  assert.ok(!walk(document).some((n) => /Page 1 of/.test(n.text)));
  // Later pages: the repeated header row is an artifact, the footer (totals) closes the same table.
  const last = documentOf(pages[pageCount - 1]!.tree);
  assert.match(pages[pageCount - 1]!.artifactText, /Description/);
  assert.ok(byRole(last, "TFoot").length === 1, "the totals are the table's TFoot");
  assert.deepEqual(outline?.map((e) => e.title), ["INVOICE"]);
});

const CASES = `<!doctype html><html lang="de"><head><title>  Tagged
  cases </title><style>
  .deco { background: #eee; border: 1pt solid #999 }
  .skip { bookmark-level: none }
  .mark { bookmark-level: 2 }
</style></head><body>
<h1>Guide</h1>
<p class="deco">Intro with <a href="https://example.com/docs">a link</a>.</p>
<ul><li>First</li><li>Second</li></ul>
<ol><li>One</li></ol>
<div aria-hidden="true">Hidden ornament</div>
<div role="presentation">Layout only</div>
<h2>Details</h2>
<div>Loose text</div>
<h3 class="skip">Not in the outline</h3>
<div class="mark">Marked section</div>
<figure><img alt="A red square" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="><figcaption>The square</figcaption></figure>
<table><tr><th>Name</th><th>Value</th></tr><tr><th scope="row">a</th><td>1</td></tr></table>
</body></html>`;

test("HTML elements map to their structure: lists, links with their annotation, artifacts, loose text, figures, header scope", async () => {
  const { pdf } = await renderHtml(CASES, {}, { now: FIXED_NOW });
  const info = await documentInfo(pdf);
  assert.equal(info["Title"], "Tagged cases");
  const catalog = (await PDFDocument.load(pdf)).catalog;
  assert.equal(catalog.lookup(PDFName.of("Lang"), PDFString).decodeText(), "de");
  const { pages } = await readStructure(pdf);
  const document = documentOf(pages[0]!.tree);
  // Lists: L > LI > Lbl (the marker) + LBody.
  const lists = byRole(document, "L");
  assert.equal(lists.length, 2);
  const items = byRole(lists[0]!, "LI");
  assert.equal(items.length, 2);
  assert.deepEqual(items[0]!.children.map((c) => c.role), ["Lbl", "LBody"]);
  assert.equal(squash(textOf(items[1]!.children[1]!)), "Second");
  assert.equal(squash(textOf(byRole(lists[1]!, "Lbl")[0]!)), "1.");
  // The link: a Link element holding its annotation, inside the paragraph.
  const [paragraph] = byRole(document, "P");
  assert.equal(squash(textOf(paragraph!)), "Introwithalink.");
  const [link] = byRole(paragraph!, "Link");
  assert.equal(link?.annotations, 1);
  // aria-hidden and role="presentation": artifacts; the paragraph's background and border too.
  assert.match(pages[0]!.artifactText, /Hidden ornament/);
  assert.match(pages[0]!.artifactText, /Layout only/);
  assert.ok(!walk(document).some((n) => /Hidden|Layout only/.test(n.text)));
  // Loose text in a div reads as a paragraph.
  assert.ok(byRole(document, "P").some((p) => squash(p.text) === "Loosetext"));
  // A figure with an image: the image is the Figure (its alt), the caption a Caption.
  const figures = byRole(document, "Figure");
  assert.deepEqual(figures.map((f) => f.alt), ["A red square"]);
  assert.deepEqual(byRole(document, "Caption").map((c) => squash(textOf(c))), ["Thesquare"]);
  // Header cells: the column headers and the row header, each with its scope (pdf.js does not read /A, so the
  // scope is checked in the file below).
  assert.deepEqual(byRole(document, "TH").map((c) => squash(textOf(c))), ["Name", "Value", "a"]);
  const text = Buffer.from(await PDFDocument.load(pdf).then((d) => d.save({ useObjectStreams: false }))).toString("latin1");
  assert.equal(text.match(/\/Scope \/Column/g)?.length, 2);
  assert.equal(text.match(/\/Scope \/Row/g)?.length, 1);
});

test("the outline from h1–h6 and bookmark-level: none leaves a heading out, a number puts any element in", async () => {
  const { pdf } = await renderHtml(CASES, {}, { now: FIXED_NOW });
  const { outline } = await readStructure(pdf);
  const shape = (entries: readonly OutlineEntry[]): unknown => entries.map((e) => ({ [e.title]: shape(e.items) }));
  assert.deepEqual(shape(outline ?? []), [{ Guide: [{ Details: [] }, { "Marked section": [] }] }]);
});
