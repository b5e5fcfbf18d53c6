// SVG <text> drawn with the designer fonts as real text: it reads back (pdf.js), sits at its anchor inside the
// drawing's transform, takes its fill, weight and family, and matches its golden page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { svgPage } from "../support/svg-page.js";
import { compareWithGolden } from "../support/golden.js";
import { near, raster } from "../support/inspect.js";
import { rasterise, textItems } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";

const NOW = new Date("2026-11-21T12:00:00Z");

const BADGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
  <rect width="200" height="100" rx="12" fill="#1e3a8a"/>
  <text x="100" y="45" text-anchor="middle" font-family="Georgia, 'Source Serif 4', serif" font-size="28" font-weight="bold" fill="#ffffff">ACME</text>
  <g transform="translate(100 80)" style="font-family: Inter; font-size: 14px">
    <text text-anchor="middle" fill="#fbbf24">Since <tspan font-style="italic">1999</tspan></text>
  </g>
</svg>`;

const page = (): TemplateDocument => svgPage(BADGE);

test("SVG <text> prints with the designer fonts, reads back, and sits at its anchor", async () => {
  const report = await renderDocument(page(), {}, { now: NOW });
  // The italic tspan is drawn in its text's style, and says so.
  assert.deepEqual(report.diagnostics.map((d) => [d.code, d.message]), [["svg.dropped", "styled <tspan>s in SVG text take the style of their <text>"]]);
  const [items] = await textItems(report.pdf);
  const acme = items!.find((i) => i.str.includes("ACME"));
  const since = items!.filter((i) => /Since|1999/.test(i.str));
  assert.ok(acme, JSON.stringify(items));
  assert.equal(since.map((i) => i.str).join("").replace(/\s+/g, " ").trim(), "Since 1999");
  // Centred on x = 100 of the viewBox, which maps 1:1 onto the box at x = 20: the word's middle is at 120.
  assert.ok(Math.abs(acme.x + acme.width / 2 - 120) < 1.5, `ACME centred at ${acme.x + acme.width / 2}`);
  assert.ok(Math.abs(acme.y - 65) < 1, `ACME baseline at ${acme.y}`);
  assert.match(acme.fontName + JSON.stringify(Buffer.from(report.pdf).toString("latin1").match(/SourceSerif4-Bold/)), /SourceSerif4-Bold/);
  const [png] = await rasterise(report.pdf, { scale: 2 });
  const img = await raster(png!);
  // White letters on the navy badge: some pixel in the ACME box is white.
  let white = false;
  for (let x = acme.x; x < acme.x + acme.width && !white; x += 0.5) {
    for (let y = acme.y - 18; y < acme.y && !white; y += 0.5) white = near(img.at(x * 2, y * 2), [255, 255, 255], 30);
  }
  assert.ok(white, "the text is painted in its fill");
  await compareWithGolden("svg-text", [png!], { dir: join(goldenDir, "rich") });
});
