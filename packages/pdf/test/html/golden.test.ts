// PNG goldens of HTML templates (test/html/cases/<name>.html with <name>.data.json), rendered through
// renderHtml, rasterised by pdfjs and compared with test/golden/html (UPDATE_GOLDEN=1 rewrites them; each
// was checked by eye). The diagnostics each case must raise are listed with it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderHtml } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir, packageRoot } from "../support/paths.js";

const CASES: Record<string, readonly string[]> = {
  "flex-header": [],
  "nested-lists": [],
  "table-colspan-striping": [],
  "margin-boxes": [],
  "absolute-address-window": [],
  "rtl-arabic": [],
  "receipt-roll": [],
  "letter-break-before": [],
  "inline-svg": ["html.dropped"],
  "image-token": ["html.remote"],
  typography: [],
  "first-page-margins": [],
  "sub-sup": [],
  "table-rowspan": [],
  "inline-image": [],
  "hyphens-justified": [],
};

const dir = join(packageRoot, "test", "html", "cases");

for (const [name, codes] of Object.entries(CASES)) {
  test(`HTML ${name} matches its golden pages`, async () => {
    const html = readFileSync(join(dir, `${name}.html`), "utf8");
    const data = JSON.parse(readFileSync(join(dir, `${name}.data.json`), "utf8")) as unknown;
    const report = await renderHtml(html, data, { now: new Date("2026-11-23T12:00:00Z") });
    assert.deepEqual([...new Set(report.diagnostics.map((d) => d.code))], codes, JSON.stringify(report.diagnostics));
    const pngs = await rasterise(report.pdf, { scale: 1 });
    await compareWithGolden(name, pngs, { dir: join(goldenDir, "html") });
  });
}
