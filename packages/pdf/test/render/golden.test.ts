// PNG goldens of whole renders: each fixture is rendered, rasterised by pdfjs and compared with the
// committed pages in test/golden/render (UPDATE_GOLDEN=1 rewrites them; check new ones by eye).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { compareWithGolden } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { RENDER_CASES, renderFixture } from "./fixtures.js";

for (const { name, template, data } of RENDER_CASES) {
  test(`${name} matches its golden pages`, async () => {
    const report = await renderFixture(template, data);
    assert.deepEqual(report.diagnostics, [], "a reference fixture renders without content problems");
    const pngs = await rasterise(report.pdf, { scale: 1 });
    await compareWithGolden(name, pngs, { dir: join(goldenDir, "render") });
  });
}
