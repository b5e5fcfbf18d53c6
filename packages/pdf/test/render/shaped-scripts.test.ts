// Arabic and Hebrew read back exactly as written, with pdf.js and with poppler's pdftotext: glyphs shared by
// several letters (Noto Sans Arabic's dotless forms) and letters carrying points (Hebrew niqqud) each map to
// their own text, cluster by cluster; and Hebrew points are placed by the font's own composition and marks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderPdf } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise, textItems, type TextItem } from "../support/pdfjs.js";
import { pdftotextLines, pdftotextMissing } from "../support/pdftotext.js";
import { goldenDir } from "../support/paths.js";
import { FIXED_NOW } from "./fixtures.js";

// Words whose glyphs are shared with other letters, ligatures, harakat, and every kind of Hebrew point.
const LINES = [
  "فاتورة الرقم",
  "قفق فقف نبت",
  "لا إله",
  "مُحَمَّد مَدْرَسَةٌ",
  "שָׁלוֹם עוֹלָם",
  "בְּרֵאשִׁית שָׂרָה",
  "כֹּל שֻׁלְחָן",
] as const;

function page(lines: readonly string[], direction: "rtl" | undefined): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "a5" },
    ...(direction ? { direction } : {}),
    bands: [{ id: "b", kind: "report-header", height: 30 * lines.length, elements: lines.map((text, i) => ({
      id: `t${i}`, type: "text" as const, x: 0, y: 30 * i, width: 300, height: 24, text, fontSize: 16,
    })) }],
    schema: [],
  };
}

/**
 * pdf.js items per line (lines are 30 pt apart; a cursive word's item may sit a little off the baseline),
 * each line's words read right to left, as a right-to-left reader does.
 */
function pdfjsLines(items: readonly TextItem[]): string[] {
  const lines = new Map<number, TextItem[]>();
  for (const item of items) {
    const line = Math.round(item.y / 30);
    if (item.str.trim() !== "") lines.set(line, [...(lines.get(line) ?? []), item]);
  }
  return [...lines.entries()].sort((a, b) => a[0] - b[0])
    .map(([, line]) => line.sort((a, b) => b.x - a.x).map((item) => item.str.trim()).join(" "));
}

for (const direction of ["rtl", undefined] as const) {
  test(`Arabic and Hebrew extract as written with pdf.js (${direction ?? "ltr"} document)`, async () => {
    const pdf = await renderPdf(page(LINES, direction), {}, { now: FIXED_NOW });
    const [items] = await textItems(pdf);
    assert.deepEqual(pdfjsLines(items!), LINES);
  });

  test(`Arabic and Hebrew extract as written with pdftotext (${direction ?? "ltr"} document)`, async (t) => {
    const missing = await pdftotextMissing;
    if (missing !== undefined) return t.skip(missing);
    const pdf = await renderPdf(page(LINES, direction), {}, { now: FIXED_NOW });
    const [lines] = await pdftotextLines(pdf);
    assert.deepEqual(lines, LINES);
  });
}

test("a Hebrew letter with niqqud matches its golden page (shin and sin dots on their sides)", async () => {
  const letter: TemplateDocument = {
    version: 4,
    pageSize: { id: "a6" },
    direction: "rtl",
    bands: [{ id: "b", kind: "report-header", height: 200, elements: [
      { id: "h", type: "text", x: 0, y: 0, width: 260, height: 30, text: "שָׁלוֹם רַב,", fontSize: 20, fontWeight: 700 },
      { id: "p", type: "text", x: 0, y: 36, width: 260, height: 120, fontSize: 14, lineHeight: 1.6,
        text: "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ. שָׂרָה כָּתְבָה מִכְתָּב לְכָל הַמִּשְׁפָּחָה." },
    ] }],
    schema: [],
  };
  const pdf = await renderPdf(letter, {}, { now: FIXED_NOW });
  await compareWithGolden("hebrew-letter-niqqud", await rasterise(pdf, { scale: 2 }), { dir: join(goldenDir, "render") });
  const [items] = await textItems(pdf);
  assert.ok(items!.some((item) => item.str.includes("בְּרֵאשִׁית")), "the points come back with their letters");
});
