// The optional CJK and emoji font packs (`pnpm fonts --with cjk,emoji`, fonts/optional/): a default install
// has none and renders without them (missing glyphs name the pack to install); an installed pack joins the
// fallback chain, and its glyphs print and read back. The pack tests skip, saying so, when a pack is absent.
import { describe, it, after } from "node:test";
import { skipUnlessCi } from "../support/ci.js";
import assert from "node:assert/strict";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TemplateDocument } from "@docsvc/layout";
import { renderDocument } from "../../src/index.js";
import { designerFontsDir, loadDesignerFonts } from "../../src/fonts/load.js";
import { readOptionalFamilies } from "../../src/fonts/optional.js";
import { textItems } from "../support/pdfjs.js";

const NOW = new Date("2026-11-21T12:00:00Z");
const temps: string[] = [];
after(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

function page(text: string): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "a6" },
    bands: [{ id: "b", kind: "report-header", height: 40, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 250, height: 30, text, fontSize: 14 }] }],
    schema: [],
  } as unknown as TemplateDocument;
}

/** A fonts directory with Inter only (and optionally a pack's files copied in), for load tests that must not depend on this machine's install. */
async function smallDir(optional?: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-packs-"));
  temps.push(dir);
  const real = JSON.parse(await readFile(join(designerFontsDir(), "fonts.json"), "utf8")) as { families: Record<string, { faces: { file: string }[] }> };
  const inter = real.families["Inter"]!;
  await mkdir(join(dir, "Inter"), { recursive: true });
  for (const face of inter.faces) await copyFile(join(designerFontsDir(), face.file), join(dir, face.file));
  await writeFile(join(dir, "fonts.json"), JSON.stringify({ version: 1, defaultFamily: "Inter", fallbackFamilies: ["Noto Sans SC"], families: { Inter: inter } }));
  if (optional) {
    await mkdir(join(dir, "optional"), { recursive: true });
    await writeFile(join(dir, "optional", "fonts.json"), JSON.stringify(optional));
  }
  return dir;
}

describe("optional font packs: loading", () => {
  it("a fonts directory without optional/ loads its designer families only", async () => {
    const registry = await loadDesignerFonts(await smallDir());
    assert.deepEqual(registry.families, ["Inter"]);
    assert.deepEqual(registry.fallbackFamilies, [], "a chain entry whose family is absent is skipped");
  });

  it("a pack manifest whose paths climb out of optional/ is refused", async () => {
    const bad = { version: 1, packs: { cjk: { families: { "Noto Sans SC": { scripts: [], faces: [{ file: "../../etc/passwd", weight: 400, italic: false }] } } } } };
    await assert.rejects(loadDesignerFonts(await smallDir(bad)), /relative path inside the fonts directory/);
  });

  it("without the CJK pack a Chinese character is reported with the pack to install", async () => {
    const fonts = await loadDesignerFonts(await smallDir());
    const report = await renderDocument(page("中文"), {}, { now: NOW, fonts });
    const missing = report.diagnostics.filter((d) => d.code === "glyph.missing");
    assert.ok(missing.length > 0);
    assert.ok(missing.every((d) => d.message.includes("pnpm fonts --with cjk")), JSON.stringify(missing));
  });
});

describe("optional font packs: installed", () => {
  const cases = [
    { pack: "cjk", family: "Noto Sans SC", text: "发票 日本語 ひらがな" },
    { pack: "emoji", family: "Noto Emoji", text: "Paid ✅ 😀" },
  ] as const;
  for (const { pack, family, text } of cases) {
    it(`the ${pack} pack draws ${text} with ${family}, and it reads back`, async (t) => {
      const optional = await readOptionalFamilies(designerFontsDir());
      if (!(family in optional)) return t.skip(skipUnlessCi(`the ${pack} font pack is not installed (pnpm fonts --with ${pack}); nothing to check`));
      const report = await renderDocument(page(text), {}, { now: NOW });
      assert.deepEqual(report.diagnostics, []);
      const [items] = await textItems(report.pdf);
      const read = items!.map((i) => i.str).join("").replace(/\s+/g, "");
      assert.equal(read.normalize("NFC"), text.replace(/\s+/g, "").normalize("NFC"));
      // The pack's face is embedded (its subset's name carries the family).
      assert.ok(Buffer.from(report.pdf).toString("latin1").includes(family.replace(/ /g, "")), `${family} is not embedded`);
    });
  }
});
