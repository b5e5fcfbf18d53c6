// Declaring standards changes no pixel: PDF/A + UA renders of fixtures match the committed goldens of the plain
// renders (test/golden/render; the same pages, rasterised by pdf.js), and the form fields' and links' appearances
// are unchanged.
import { test } from "node:test";
import { join } from "node:path";
import { renderDocument } from "../../src/index.js";
import { compareWithGolden } from "../support/golden.js";
import { rasterise } from "../support/pdfjs.js";
import { goldenDir } from "../support/paths.js";
import { fixtureText, FIXED_NOW } from "../render/fixtures.js";

for (const [name, standards] of [["invoice-20", ["a-3u", "ua-1"]], ["watermark", ["a-2b"]], ["invoice-arabic", ["a-2u"]]] as const) {
  test(`${name} under ${standards.join(" + ")} matches the plain render's golden pages`, async () => {
    const template = name === "invoice-20" ? "invoice.template.json" : `render/${name}.template.json`;
    const data = name === "invoice-20" ? "invoice-20.data.json" : `render/${name}.data.json`;
    const [content, json] = await Promise.all([fixtureText(template), fixtureText(data)]);
    const report = await renderDocument(content, JSON.parse(json) as unknown, { now: FIXED_NOW, title: template, pdfStandards: [...standards] });
    await compareWithGolden(name, await rasterise(report.pdf, { scale: 1 }), { dir: join(goldenDir, "render") });
  });
}
