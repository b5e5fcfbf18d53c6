// The 21-item invoice: with keepWithPrevious on its report footer, the totals page also carries the last
// item (under the repeated table header) instead of standing alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderPdf } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { FIXED_NOW, fixtureText } from "./fixtures.js";

test("the 21-item invoice keeps its last row with the totals and matches its golden pages", async () => {
  const template = JSON.parse(await fixtureText("invoice.template.json")) as TemplateDocument;
  const data = JSON.parse(await fixtureText("invoice-20.data.json")) as { items: unknown[] };
  const items = [...data.items, data.items[0]];
  const bands = template.bands.map((b) => (b.kind === "report-footer" ? { ...b, keepWithPrevious: true } : b));
  const pdf = await renderPdf({ ...template, bands }, { ...data, items }, { now: FIXED_NOW });
  const pages = await textItems(pdf);
  assert.equal(pages.length, 2);
  const last = pages[1]!.map((item) => item.str.trim());
  assert.ok(last.includes("Subtotal") && last.includes("21") && last.includes("Description"));
  await compareWithGolden("invoice-21", await rasterise(pdf, { scale: 1 }), { dir: join(goldenDir, "render") });
});
