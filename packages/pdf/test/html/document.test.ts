// What an HTML template says about the whole document: <html lang> becomes the PDF's /Lang, and <html dir>
// (or CSS direction on the root) the viewer's reading direction, as report templates do with their locale.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { renderHtml } from "../../src/index.js";

const NOW = new Date("2026-11-23T12:00:00Z");

async function catalogOf(html: string) {
  return (await PDFDocument.load((await renderHtml(html, {}, { now: NOW })).pdf)).catalog;
}

test("<html lang dir> gives the PDF its /Lang and /Direction /R2L", async () => {
  const rtl = await catalogOf(`<html lang="ar-EG" dir="rtl"><body style="font-family: 'Noto Sans Arabic'"><p>مرحبا</p></body></html>`);
  assert.equal(rtl.lookup(PDFName.of("Lang"), PDFString).decodeText(), "ar-EG");
  assert.equal(rtl.lookup(PDFName.of("ViewerPreferences"), PDFDict).get(PDFName.of("Direction")), PDFName.of("R2L"));

  const css = await catalogOf(`<html lang="he"><style>html { direction: rtl }</style><p>שלום</p></html>`);
  assert.equal(css.lookup(PDFName.of("Lang"), PDFString).decodeText(), "he");
  assert.equal(css.lookup(PDFName.of("ViewerPreferences"), PDFDict).get(PDFName.of("Direction")), PDFName.of("R2L"));
});

test("no lang, or one that is not a language tag, writes no /Lang; left-to-right writes no direction", async () => {
  const plain = await catalogOf("<h1>Hello</h1>");
  assert.equal(plain.get(PDFName.of("Lang")), undefined);
  assert.equal(plain.get(PDFName.of("ViewerPreferences")), undefined);
  const odd = await catalogOf(`<html lang="en) /Evil (x"><p>x</p></html>`);
  assert.equal(odd.get(PDFName.of("Lang")), undefined);
});
