// Typography end to end: soft hyphens and automatic hyphenation print a hyphen only where a line breaks (read
// back with pdf.js and pdftotext), underlines skip descenders, right-to-left lists put `.1` on the right,
// italic Arabic is not slanted, and `→` in a family without it comes from Inter. One golden page shows them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";
import { goldenDir } from "../support/paths.js";

const NOW = new Date("2026-11-21T12:00:00Z");
const SHY = "\u00ad";

const GERMAN = `Die Um${SHY}satz${SHY}steu${SHY}er wird mit dem Rech${SHY}nungs${SHY}be${SHY}trag aus${SHY}ge${SHY}wie${SHY}sen.`;
const ENGLISH =
  "Internationalization considerations notwithstanding, typographically sophisticated documentation " +
  "requires hyphenation: narrow justified columns otherwise gape between their words.";

function doc(elements: Record<string, unknown>[], extra: Record<string, unknown> = {}): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: 420, height: 330 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [{ id: "b", kind: "report-header", height: 290, elements }],
    schema: [],
    ...extra,
  } as unknown as TemplateDocument;
}

const el = (id: string, x: number, y: number, width: number, height: number, rest: Record<string, unknown>) =>
  ({ id, x, y, width, height, ...rest });

const PAGE = doc([
  el("shy", 0, 0, 110, 70, { type: "text", text: GERMAN, fontSize: 10 }),
  el("auto", 130, 0, 120, 120, { type: "text", text: ENGLISH, fontSize: 9, align: "justify" }),
  el("none", 270, 0, 110, 120, { type: "text", text: ENGLISH, fontSize: 9, align: "justify", hyphens: "none" }),
  el("under", 0, 130, 250, 30, { type: "text", text: "Typography: gypsy quays, jolly puppy", fontSize: 16, underline: true }),
  el("list", 0, 170, 180, 60, { type: "markdown", direction: "rtl", text: "1. שלום עולם\n2. תודה רבה", fontSize: 12 }),
  el("arabic", 200, 170, 180, 30, { type: "text", text: "فاتورة ضريبية", fontFamily: "Noto Sans Arabic", italic: true, direction: "rtl", fontSize: 16 }),
  el("arrow", 200, 210, 180, 30, { type: "text", text: "Lato: A → B", fontFamily: "Lato", fontSize: 16 }),
  el("mdshy", 0, 240, 110, 50, { type: "markdown", text: `**Rech${SHY}nungs${SHY}be${SHY}trag** und *Um${SHY}satz${SHY}steu${SHY}er*`, fontSize: 10 }),
], { locale: "en-US" });

test("typography: soft hyphens, hyphenation, skip-ink underline, RTL list markers, upright Arabic, Inter fallback match their golden", async () => {
  const report = await renderDocument(PAGE, {}, { now: NOW });
  assert.deepEqual(report.diagnostics, []);
  await compareWithGolden("typography", await rasterise(report.pdf, { scale: 2 }), { dir: join(goldenDir, "rich") });
});

/** The lines of the element whose text starts with `first` and ends with `last`, as an extractor reads them. */
function block(lines: readonly string[], first: string, last: string): string[] {
  const from = lines.findIndex((l) => l.includes(first));
  const to = lines.findIndex((l, i) => i >= from && l.includes(last));
  assert.ok(from >= 0 && to >= from, `no block ${first}…${last} in ${JSON.stringify(lines)}`);
  return lines.slice(from, to + 1);
}

/** pdf.js text of a one-element page, its line ends kept (items more than 2 pt apart vertically start a line). */
async function pdfjsLines(pdf: Uint8Array): Promise<string[]> {
  const [items] = await textItems(pdf);
  const lines: { y: number; text: string }[] = [];
  for (const item of items!) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - item.y) < 2) last.text += item.str;
    else lines.push({ y: item.y, text: item.str });
  }
  return lines.map((l) => l.text.trim()).filter((l) => l !== "");
}

/** Joins lines as a reader does: a line ending in a letter and a hyphen continues the word on the next line. */
const dehyphenate = (lines: readonly string[]): string =>
  lines.reduce((text, line) => (/\p{L}-$/u.test(text) ? text.slice(0, -1) + line : text ? `${text} ${line}` : line), "");

test("soft hyphens print a hyphen at a line break only: pdf.js reads it there; pdftotext rejoins the words", async (t) => {
  const report = await renderDocument(doc([el("shy", 0, 0, 110, 70, { type: "text", text: GERMAN, fontSize: 10 })]), {}, { now: NOW });
  const lines = await pdfjsLines(report.pdf);
  assert.ok(lines.length >= 3, JSON.stringify(lines));
  assert.ok(lines.slice(0, -1).some((l) => /\p{L}-$/u.test(l)), `no line ends in a hyphen: ${JSON.stringify(lines)}`);
  // No hyphen but at line ends, and the soft hyphens themselves print and extract as nothing.
  for (const line of lines) assert.ok(!/-\p{L}/u.test(line) && !line.includes(SHY), line);
  assert.equal(dehyphenate(lines), GERMAN.split(SHY).join(""));
  const missing = await pdftotextMissing;
  if (missing) return t.skip(missing);
  // poppler joins a word hyphenated at a line end: search and copy-paste see whole words.
  const [popplerLines] = await pdftotextLines(report.pdf);
  assert.equal(block(popplerLines!, "Die", "sen.").join(" "), GERMAN.split(SHY).join(""));
});

test("automatic hyphenation reads back (pdf.js and pdftotext): hyphens at line ends, words whole once rejoined", async (t) => {
  const report = await renderDocument(doc([
    el("auto", 0, 0, 120, 160, { type: "text", text: ENGLISH, fontSize: 9, align: "justify" }),
  ], { locale: "en-US" }), {}, { now: NOW });
  const lines = await pdfjsLines(report.pdf);
  assert.ok(lines.filter((l) => /\p{L}-$/u.test(l)).length >= 2, JSON.stringify(lines));
  assert.equal(dehyphenate(lines), ENGLISH);

  // hyphens: none never adds one.
  const none = await renderDocument(doc([
    el("none", 0, 0, 120, 200, { type: "text", text: ENGLISH, fontSize: 9, align: "justify", hyphens: "none" }),
  ], { locale: "en-US" }), {}, { now: NOW });
  const noneLines = await pdfjsLines(none.pdf);
  assert.ok(noneLines.every((l) => !/\p{L}-$/u.test(l)), JSON.stringify(noneLines));
  assert.equal(noneLines.join(" "), ENGLISH);

  const missing = await pdftotextMissing;
  if (missing) return t.skip(missing);
  const [popplerLines] = await pdftotextLines(report.pdf);
  assert.equal(block(popplerLines!, "Internation", "words.").join(" "), ENGLISH);
});
