// Generated content and paged media, printed: the pages of test/html/paged/ rendered through renderHtml,
// rasterised by pdf.js and compared (1) with our own goldens in test/golden/html-paged (the usual tolerance,
// UPDATE_GOLDEN=1 rewrites them; each was checked by eye) and (2) with Chromium's print of the same page in
// test/golden/html-chromium (made by scripts/chromium-html-reference.mjs, by hand): the same page count and,
// per page, a comparison that forgives shifts of up to CHROMIUM_RADIUS pixels (support/shift-diff.ts): two
// engines place lines of text a pixel or two apart, which the strict diff counts on every glyph (4 % of a
// text page). Unmatched pixels must stay under CHROMIUM_MAX_FRACTION of the page and CHROMIUM_MAX_TILE in any
// 12 × 12 square; the pages as printed measure at most 0.11 % and 20 (contract-clauses), and the mutation
// test below shows that dropping the clause numbers or the quotes fails it (a lone small glyph, say a
// greek marker drawn as a digit, is left to our own goldens and the text checks).
// The text is read back too. report-toc uses what Chromium does not print (string-set, running elements,
// target-counter(), leader()), so it has our golden only.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { renderHtml } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { shiftTolerantDiff } from "../support/shift-diff.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { goldenDir, packageRoot } from "../support/paths.js";

/** How far (pixels) a pixel may have moved between Chromium's print and ours and still match. */
const CHROMIUM_RADIUS = 3;
/** Per page, the most of its pixels that may have no match in Chromium's print. */
const CHROMIUM_MAX_FRACTION = 0.0015;
/** Per page, the most unmatched pixels in one 12 × 12 square. */
const CHROMIUM_MAX_TILE = 22;

const CASES: Record<string, { readonly chromium: boolean; readonly text: readonly (readonly string[])[] }> = {
  "contract-clauses": {
    chromium: true,
    text: [["Northwind Ltd (the Client)", "1. Scope", "1.1 The Provider", "1.2 The Client calls this \u201Cthe service\u201D, or \u201Cthe \u2018managed\u2019 service\u201D", "2. Terms", "1.1 Invoices", "1.2 Late fees", "2 Either party", "\u2713", "\u03B1.", "\u03B3.", "IV.", "Signed: Northwind"]],
  },
  "book-spreads": {
    chromium: true,
    // Right pages (odd) have the book's title, left pages the section's; chapter openers (the named page
    // `opener`) neither, and their own page number; the first page none.
    text: [["Field notes"], ["Chapter I: Meadows", "\u2014 2 \u2014"], ["Field notes", "Notes from the second walk", "3"], ["Chapter II: Wetlands", "\u2014 4 \u2014"], ["Field notes", "Water levels", "5"]],
  },
  "report-toc": {
    chromium: false,
    text: [["Quarterly report", "1. Sales", "2", "2. Costs and margins", "3", "3. Outlook", "5", "Northwind Ltd \u00B7 Confidential", "1 / 5"], ["1. Sales", "1. Sales", "2 / 5"], ["2. Costs and margins", "3 / 5"], ["2. Costs and margins", "Energy costs rose.", "4 / 5"], ["3. Outlook", "We expect steady growth.", "Northwind Ltd \u00B7 Confidential", "5 / 5"]],
  },
};

CASES["chapter-footnotes"] = {
  // float: footnote, ::footnote-call/-marker and @footnote: Chromium prints footnotes inline, so our golden only.
  chromium: false,
  text: [["1 · The river trade", "centuries.1", "1 Toll records survive", "2 The chest is now", "3 Two ferries"], ["wheel.4", "4 Open from April"]],
};

const dir = join(packageRoot, "test", "html", "paged");

async function render(name: string): Promise<{ pdf: Uint8Array; codes: string[] }> {
  const report = await renderHtml(readFileSync(join(dir, `${name}.html`), "utf8"), {}, { now: new Date("2026-11-23T12:00:00Z") });
  return { pdf: report.pdf, codes: [...new Set(report.diagnostics.map((d) => d.code))] };
}

describe("generated content and paged media, printed", () => {
  for (const [name, expected] of Object.entries(CASES)) {
    test(`${name}: its text, and its pages match our goldens`, async () => {
      const { pdf, codes } = await render(name);
      assert.deepEqual(codes, []);
      const pages = await textItems(pdf);
      assert.equal(pages.length, expected.text.length, "page count");
      expected.text.forEach((wanted, i) => {
        // Compared without white space: pdf.js splits runs where a generated piece meets the element's text.
        const text = (pages[i] ?? []).map((t) => t.str).join("").replace(/\s+/g, "");
        for (const w of wanted) assert.ok(text.includes(w.replace(/\s+/g, "")), `page ${i + 1} has ${JSON.stringify(w)}: ${text}`);
      });
      await compareWithGolden(name, await rasterise(pdf, { scale: 1 }), { dir: join(goldenDir, "html-paged") });
    });

    if (!expected.chromium) continue;
    test(`${name}: as Chromium prints it (same pages, each within the shift-tolerant bounds)`, async () => {
      const { pdf } = await render(name);
      assert.deepEqual(await chromiumMismatches(name, pdf), []);
    });
  }

  test("the Chromium comparison fails a page whose clause numbers or quotes are missing", async () => {
    const html = readFileSync(join(dir, "contract-clauses.html"), "utf8");
    for (const [from, to] of [['content: counter(clause) "." counter(sub) " "', 'content: ""'], ["q::before { content: open-quote }", ""]] as const) {
      assert.ok(html.includes(from));
      const report = await renderHtml(html.replace(from, to), {}, {});
      assert.notDeepEqual(await chromiumMismatches("contract-clauses", report.pdf), [], `without ${from}`);
    }
  });
});

/** How each page differs from Chromium's print beyond the bounds (empty: it matches). */
async function chromiumMismatches(name: string, pdf: Uint8Array): Promise<string[]> {
  const pngs = await rasterise(pdf, { scale: 1 });
  const reference = (i: number): string => join(goldenDir, "html-chromium", `${name}-p${i + 1}.png`);
  let count = 0;
  while (existsSync(reference(count))) count++;
  if (pngs.length !== count) return [`${pngs.length} pages, Chromium ${count}`];
  const out: string[] = [];
  for (const [i, png] of pngs.entries()) {
    const { fraction, worstTile, worstAt } = await shiftTolerantDiff(png, readFileSync(reference(i)), CHROMIUM_RADIUS);
    if (fraction > CHROMIUM_MAX_FRACTION || worstTile > CHROMIUM_MAX_TILE) out.push(`page ${i + 1}: ${(fraction * 100).toFixed(3)}% unmatched, ${worstTile} in the square at ${worstAt.x},${worstAt.y}`);
  }
  return out;
}

