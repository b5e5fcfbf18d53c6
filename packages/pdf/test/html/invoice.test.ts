// The shared HTML invoice (fixtures/invoice.html: flex header, a table whose <thead> repeats, @page margin
// boxes) with 20 and 500 rows: every row once and in order, the header row at the top of every continued
// page, "Page i of N" on every page, the totals never on a page without the table's last row.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { compileHtml, layoutHtml, type FrameItem, type LayoutResult } from "@docsvc/layout";
import { loadDesignerFonts } from "../../src/index.js";
import { repoRoot } from "../support/paths.js";

const html = readFileSync(join(repoRoot, "fixtures", "invoice.html"), "utf8");

// Pages Chromium prints for the same invoice with the same data: `node scripts/chromium-page-count.mjs` with
// Debian's Chromium 156.0.8078.79 (playwright-core page.pdf, preferCSSPageSize), the template expanded with
// our own expandTemplate and served as static HTML, the designer fonts given to Chromium through fontconfig
// (so Inter is the same Inter). Recorded on 2026-11-23; no browser runs in the tests.
const CHROMIUM_PAGES: Readonly<Record<20 | 500, number>> = { 20: 2, 500: 26 };
// How far our count may be from Chromium's: the bar, one page. At 500 rows we print 25 where Chromium
// prints 26; like Chromium, no column is narrower than its widest unbreakable content (the Amount column
// widens to the 11pt bold total, so Description wraps more). Within 0 at 20 rows.
const CHROMIUM_TOLERANCE: Readonly<Record<20 | 500, number>> = { 20: 0, 500: 1 };
const compiled = compileHtml(html);

interface Run {
  readonly text: string;
  readonly y: number;
}

function runs(items: readonly FrameItem[], out: Run[] = []): Run[] {
  for (const item of items) {
    if (item.kind === "text") out.push({ text: item.text, y: item.y });
    else if (item.kind === "group") runs(item.items, out);
  }
  return out;
}

async function layout(rows: 20 | 500): Promise<{ result: LayoutResult; data: { items: { sku: string }[] } }> {
  const data = JSON.parse(readFileSync(join(repoRoot, "fixtures", `invoice-${rows}.data.json`), "utf8")) as { items: { sku: string }[] };
  const result = layoutHtml(compiled, data, { fonts: await loadDesignerFonts(), now: new Date("2026-01-01T00:00:00Z") });
  return { result, data };
}

for (const rows of [20, 500] as const) {
  describe(`HTML invoice, ${rows} rows`, () => {
    test("renders without content problems", async () => {
      const { result } = await layout(rows);
      assert.deepEqual(result.diagnostics, []);
      assert.ok(result.pages.length >= (rows === 20 ? 2 : 20), `pages: ${result.pages.length}`);
    });

    test("every row once and in order; the header row heads every page the table continues on", async () => {
      const { result, data } = await layout(rows);
      const seen: string[] = [];
      result.pages.forEach((page, i) => {
        const texts = runs(page.items);
        for (const r of texts) if (/^SKU-\d+$/.test(r.text)) seen.push(r.text);
        if (!texts.some((r) => /^SKU-\d+$/.test(r.text))) return;
        const header = texts.find((r) => r.text === "Unit price");
        assert.ok(header, `page ${i + 1} has the table header`);
        if (i > 0) {
          // Above the header there is only the top margin box.
          const above = texts.filter((r) => r.y < header.y - 12 && !r.text.startsWith("Invoice "));
          assert.deepEqual(above.map((r) => r.text), [], `page ${i + 1}: nothing above the repeated header`);
        }
      });
      assert.deepEqual(seen, data.items.map((item) => item.sku));
    });

    test(`the page count is Chromium's (${CHROMIUM_PAGES[rows]}) within ${CHROMIUM_TOLERANCE[rows]}`, async () => {
      const { result } = await layout(rows);
      assert.ok(Math.abs(result.pages.length - CHROMIUM_PAGES[rows]) <= CHROMIUM_TOLERANCE[rows], `ours ${result.pages.length}, Chromium ${CHROMIUM_PAGES[rows]}`);
    });

    test("Page i of N on every page; the totals share their page with the last row", async () => {
      const { result, data } = await layout(rows);
      const n = result.pages.length;
      const lastSku = data.items[data.items.length - 1]?.sku as string;
      const texts = result.pages.map((page) => runs(page.items).map((r) => r.text));
      texts.forEach((page, i) => assert.ok(page.includes(`Page ${i + 1} of ${n}`), `page ${i + 1}: ${page.filter((t) => t.startsWith("Page")).join("|")}`));
      const totals = texts.findIndex((page) => page.includes("Total EUR"));
      assert.ok(totals >= 0, "the totals are printed");
      assert.equal(totals, texts.findIndex((page) => page.includes(lastSku)), "the totals share their page with the last row");
    });
  });
}
