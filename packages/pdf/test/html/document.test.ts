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
  // A tagged PDF has viewer preferences (/DisplayDocTitle), but no reading direction for left-to-right text.
  assert.equal(plain.lookup(PDFName.of("ViewerPreferences"), PDFDict).get(PDFName.of("Direction")), undefined);
  const odd = await catalogOf(`<html lang="en) /Evil (x"><p>x</p></html>`);
  assert.equal(odd.get(PDFName.of("Lang")), undefined);
});

test("@page :first margins move the first page's body down and right; later pages keep the page margins", async () => {
  const { layoutHtml } = await import("@docsvc/layout");
  const { loadDesignerFonts } = await import("../../src/index.js");
  const mm = 72 / 25.4;
  const html = `<style>@page { size: A6; margin: 10mm } @page :first { margin-top: 40mm; margin-left: 20mm }
    body { margin: 0 } p { margin: 0; height: 30mm }</style>${Array.from({ length: 8 }, (_, i) => `<p>P${i + 1}</p>`).join("")}`;
  const result = layoutHtml(html, {}, { fonts: await loadDesignerFonts(), now: NOW });
  const firstText = (page: number) => {
    const item = result.pages[page]?.items.find((i) => i.kind === "text");
    assert.ok(item && item.kind === "text");
    return item;
  };
  // A6 is 148 mm tall: the first body holds 98 mm (three 30 mm paragraphs), the others 128 mm (four).
  assert.equal(firstText(0).text, "P1");
  assert.equal(firstText(1).text, "P4");
  assert.equal(firstText(2).text, "P8");
  assert.ok(Math.abs(firstText(0).x - 20 * mm) < 1 && firstText(0).y > 40 * mm && firstText(0).y < 46 * mm, `page 1 at ${firstText(0).x}, ${firstText(0).y}`);
  assert.ok(Math.abs(firstText(1).x - 10 * mm) < 1 && firstText(1).y > 10 * mm && firstText(1).y < 16 * mm, `page 2 at ${firstText(1).x}, ${firstText(1).y}`);
  assert.deepEqual(result.diagnostics, []);
});

test("<sup> raises its text by a third of the parent's size and <sub> lowers it by a fifth; nested shifts add up", async () => {
  const { layoutHtml } = await import("@docsvc/layout");
  const { loadDesignerFonts } = await import("../../src/index.js");
  const result = layoutHtml(`<p style="font-size: 12pt">x<sup>a<sup>b</sup></sup>y<sub>c</sub></p>`, {}, { fonts: await loadDesignerFonts(), now: NOW });
  const y = (text: string): number => {
    const item = result.pages[0]?.items.find((i) => i.kind === "text" && i.text === text);
    assert.ok(item && item.kind === "text", text);
    return item.y;
  };
  assert.ok(Math.abs(y("x") - y("y")) < 0.01);
  assert.ok(Math.abs(y("x") - y("a") - 4) < 0.01, `sup: ${y("x") - y("a")}`);
  assert.ok(Math.abs(y("a") - y("b") - 10 / 3) < 0.01, `nested sup: ${y("a") - y("b")}`);
  assert.ok(Math.abs(y("c") - y("x") - 2.4) < 0.01, `sub: ${y("c") - y("x")}`);
});

test("rowspan: later rows' cells start right of the columns a cell above still covers; the spanning cell is as tall as its rows", async () => {
  const { layoutHtml } = await import("@docsvc/layout");
  const { loadDesignerFonts } = await import("../../src/index.js");
  const html = `<style>td { border: 1pt solid black; padding: 2pt }</style><table style="border-collapse: collapse">
    <tr><td rowspan="2">Span</td><td>A1</td><td>B1</td></tr><tr><td>A2</td><td>B2</td></tr><tr><td>C</td><td>A3</td><td>B3</td></tr></table>`;
  const result = layoutHtml(html, {}, { fonts: await loadDesignerFonts(), now: NOW });
  const items = result.pages[0]?.items ?? [];
  const at = (text: string) => {
    const item = items.find((i) => i.kind === "text" && i.text === text);
    assert.ok(item && item.kind === "text", text);
    return item;
  };
  assert.ok(Math.abs(at("A2").x - at("A1").x) < 0.01 && Math.abs(at("B2").x - at("B1").x) < 0.01, "row 2 starts in column 2");
  assert.ok(Math.abs(at("A3").x - at("A1").x) < 0.01 && Math.abs(at("C").x - at("Span").x) < 0.01, "row 3 is whole again");
  // The spanning cell's left border runs from row 1's top to row 3's top.
  const verticals = items.flatMap((i) => (i.kind === "shape" && i.geometry.type === "line" && i.geometry.x1 === i.geometry.x2 ? [i.geometry] : []));
  const tallest = Math.max(...verticals.map((g) => Math.abs(g.y2 - g.y1)));
  assert.ok(tallest > (at("A3").y - at("A1").y) - 0.5, `spanning border ${tallest}`);
  assert.deepEqual(result.diagnostics, []);
});

test("word-spacing widens every space between words, inherited, and lines wrap with it", async () => {
  const { layoutHtml } = await import("@docsvc/layout");
  const { loadDesignerFonts } = await import("../../src/index.js");
  const fonts = await loadDesignerFonts();
  const advance = (html: string): { width: number } => {
    const texts = layoutHtml(html, {}, { fonts, now: NOW }).pages[0]?.items.filter((i) => i.kind === "text") ?? [];
    return { width: texts.reduce((s, i) => s + (i.kind === "text" ? i.glyphs.reduce((w, g) => w + g.advance, 0) : 0), 0) };
  };
  const plain = advance(`<p>one two three four</p>`);
  const spaced = advance(`<div style="word-spacing: 5pt"><p>one two three four</p></div>`);
  assert.ok(Math.abs(spaced.width - plain.width - 15) < 0.01, `three spaces, 5 pt each: ${spaced.width - plain.width}`);
  const firstLine = (html: string): string => {
    const item = layoutHtml(html, {}, { fonts, now: NOW }).pages[0]?.items.find((i) => i.kind === "text");
    return item?.kind === "text" ? item.text.trim() : "";
  };
  assert.equal(firstLine(`<p style="width: 70pt; font-size: 10pt">one two three four</p>`), "one two three");
  assert.equal(firstLine(`<p style="width: 70pt; font-size: 10pt; word-spacing: 20pt">one two three four</p>`), "one two", "wider spaces wrap sooner");
});
