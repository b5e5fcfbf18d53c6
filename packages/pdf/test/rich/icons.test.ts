// Icons end to end: Lucide icons by name in the element's colour, inline SVG sanitised once per distinct
// string, unknown names reported; goldens in test/golden/rich.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { join } from "node:path";
import { compareWithGolden } from "../support/golden.js";
import { pdfObjects, raster } from "../support/inspect.js";
import { goldenDir } from "../support/paths.js";
import { rasterise } from "../support/pdfjs.js";
import { page, render } from "./image-samples.js";

const GOLDEN = join(goldenDir, "rich");
const NAMES = ["check", "mail", "phone", "map-pin", "info", "star", "calendar", "user", "circle-alert", "house"];

test("Lucide icons by name, in colour, with opacity and rotation", async () => {
  const elements = NAMES.map((name, i) => ({ type: "icon", name, x: (i % 5) * 36, y: Math.floor(i / 5) * 36, width: 28, height: 28, color: i % 2 ? "#2563eb" : "@primary" }));
  elements.push({ type: "icon", name: "star", x: 0, y: 72, width: 28, height: 28, color: "#f59e0b", opacity: 0.4 } as never);
  elements.push({ type: "icon", name: "phone", x: 36, y: 72, width: 28, height: 28, color: "#000000", rotation: 90 } as never);
  const report = await render(page(elements, { width: 200, height: 130 }));
  assert.deepEqual(report.diagnostics, []);
  assert.ok(!pdfObjects(report.pdf).some((o) => /\/Subtype \/Image/.test(o.dict)), "icons are vectors");
  const pngs = await rasterise(report.pdf, { scale: 2 });
  await compareWithGolden("icons-by-name", pngs, { dir: GOLDEN });
});

test("inline SVG icons: sanitised, currentColor is the element colour, unknown names reported", async () => {
  const heart = `<svg viewBox="0 0 24 24" fill="currentColor" onload="alert(1)"><foreignObject><div>x</div></foreignObject>` +
    `<path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z"/></svg>`;
  const report = await render(page([
    { type: "icon", svg: heart, x: 0, y: 0, width: 40, height: 40, color: "#dc2626" },
    { type: "icon", svg: heart, x: 50, y: 0, width: 40, height: 40, color: "#16a34a" },
    { type: "icon", svg: "{{nothing}}", x: 100, y: 0, width: 40, height: 40 },
    { type: "icon", name: "definitely-not-an-icon", x: 150, y: 0, width: 40, height: 40 },
  ]));
  const codes = report.diagnostics.map((d) => `${d.code} ${d.path}`);
  assert.ok(codes.includes("icon.unknown bands[0].elements[3]"), codes.join("\n"));
  assert.ok(report.diagnostics.some((d) => /event handlers/.test(d.message)));
  assert.ok(report.diagnostics.some((d) => /foreignObject/.test(d.message)));
  const pngs = await rasterise(report.pdf, { scale: 2 });
  const pixels = await raster(pngs[0]!);
  const red = [...pixels.at(2 * (10 + 20), 2 * (10 + 24))].slice(0, 3);
  const green = [...pixels.at(2 * (60 + 20), 2 * (10 + 24))].slice(0, 3);
  assert.ok(red[0]! > 180 && red[1]! < 80, `red heart, got ${red}`);
  assert.ok(green[1]! > 120 && green[0]! < 80, `green heart, got ${green}`);
  await compareWithGolden("icons-inline", pngs, { dir: GOLDEN });
});
