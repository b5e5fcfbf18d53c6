// SVG gradients painted as real PDF shadings (axial and radial), not flat or missing: pixels sampled along a
// linear gradient and out from a radial one follow the stops, the shading objects are in the PDF, and a
// gradient logo matches its golden page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { near, raster } from "../support/inspect.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";

const NOW = new Date("2026-11-21T12:00:00Z");

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
  <defs>
    <linearGradient id="bar" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#ffff00"/><stop offset="1" stop-color="#0000ff"/>
    </linearGradient>
    <radialGradient id="ball" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="#000080"/></radialGradient>
  </defs>
  <rect x="0" y="0" width="120" height="40" fill="url(#bar)"/>
  <circle cx="160" cy="50" r="40" fill="url(#ball)" stroke="#000" stroke-width="1"/>
  <path d="M0 60 L120 60 L120 100 L0 100 Z" fill="url(#bar)" transform="translate(0 0) scale(1 1)"/>
</svg>`;

function page(): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: 240, height: 140 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [{ id: "b", kind: "report-header", height: 100, elements: [
      { id: "logo", type: "image", src: `data:image/svg+xml,${encodeURIComponent(LOGO)}`, x: 0, y: 0, width: 200, height: 100 },
    ] }],
    schema: [],
  } as unknown as TemplateDocument;
}

test("SVG linear and radial gradients are painted as shadings that follow their stops", async () => {
  const report = await renderDocument(page(), {}, { now: NOW });
  assert.deepEqual(report.diagnostics, []);
  const pdf = Buffer.from(report.pdf).toString("latin1");
  assert.match(pdf, /\/ShadingType 2/, "an axial shading");
  assert.match(pdf, /\/ShadingType 3/, "a radial shading");
  const [png] = await rasterise(report.pdf, { scale: 2 });
  const img = await raster(png!);
  // Page points → pixels at scale 2; the logo's viewBox maps 1:1 onto the 200×100 box at (20, 20).
  const at = (x: number, y: number) => img.at((20 + x) * 2, (20 + y) * 2);
  // The bar: red at its left end, yellow in the middle, blue at its right end, orange a quarter of the way.
  assert.ok(near(at(2, 20), [255, 0, 0], 40), `left ${at(2, 20)}`);
  assert.ok(near(at(60, 20), [255, 255, 0], 40), `middle ${at(60, 20)}`);
  assert.ok(near(at(118, 20), [0, 0, 255], 40), `right ${at(118, 20)}`);
  assert.ok(near(at(30, 20), [255, 128, 0], 48), `quarter ${at(30, 20)}`);
  // The same gradient on a path uses the path's own box.
  assert.ok(near(at(2, 80), [255, 0, 0], 40) && near(at(118, 80), [0, 0, 255], 40), `path ${at(2, 80)} ${at(118, 80)}`);
  // The ball: white at the centre, darkening outwards to navy near the rim; nothing outside the circle.
  const centre = at(160, 50);
  const half = at(180, 50);
  const rim = at(198, 50);
  assert.ok(near(centre, [255, 255, 255], 40), `centre ${centre}`);
  assert.ok(half[0] < centre[0] - 60 && half[0] > rim[0], `half ${half}`);
  assert.ok(near(rim, [0, 0, 128], 48), `rim ${rim}`);
  assert.ok(near(at(125, 10), [255, 255, 255], 8), "outside the circle stays white");
  await compareWithGolden("svg-gradients", [png!], { dir: join(goldenDir, "rich") });
});
