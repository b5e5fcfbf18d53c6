// Every shipped family: loads through the registry (fontkit), has the glyphs it promises, and embeds via pdfkit.
import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import PDFDocument from "pdfkit";
import type { FontFace, FontRegistry } from "@docsvc/layout";
import { designerFontsDir, loadDesignerFonts, readFontManifest } from "../../src/fonts/load.js";
import { readOptionalFamilies } from "../../src/fonts/optional.js";
import type { FontManifest } from "../../src/fonts/manifest.js";

const FAMILIES = [
  "Inter", "Roboto", "Open Sans", "Lato", "Montserrat", "Poppins", "Nunito", "Oswald", "Noto Sans", "Noto Serif",
  "Source Serif 4", "Merriweather", "Playfair Display", "Lora", "IBM Plex Mono", "JetBrains Mono",
  "Noto Sans Arabic", "Noto Sans Hebrew",
];
/** One sample letter per script named in fonts.json's `scripts`. */
const SCRIPT_SAMPLES: Readonly<Record<string, string>> = {
  Latin: "Aa",
  "Latin Extended": "ŁąŇőğș", // Polish, Czech, Hungarian, Turkish, Romanian
  Greek: "Ωα",
  Cyrillic: "Жж",
  Vietnamese: "ạỹ",
  Arabic: "بسم",
  Hebrew: "אשל",
  Devanagari: "क",
};
const ARABIC = "بسم الله الرحمن الرحيم";
const HEBREW = "שלום עולם";
const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0) ?? 0);

let registry: FontRegistry;
let manifest: FontManifest;
before(async () => {
  [registry, manifest] = await Promise.all([loadDesignerFonts(), readFontManifest()]);
});

/** Renders `text` with the face's (padded) bytes through pdfkit and resolves with the PDF. */
function embed(face: FontFace, text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A6", compress: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font(Buffer.from(face.bytes.buffer, face.bytes.byteOffset, face.bytes.byteLength)).fontSize(12).text(text);
    doc.end();
  });
}

const sampleFor = (family: string) => (family === "Noto Sans Arabic" ? ARABIC : family === "Noto Sans Hebrew" ? HEBREW : "Hello 123");

describe("designer families", () => {
  it("all 18 families are in the manifest and the registry (with the optional packs' when installed), Inter first and default", async () => {
    const optional = Object.keys(await readOptionalFamilies(designerFontsDir()));
    assert.deepEqual([...registry.families].sort(), [...FAMILIES, ...optional].sort());
    assert.deepEqual(Object.keys(manifest.families).sort(), [...FAMILIES].sort());
    assert.equal(registry.defaultFamily, "Inter");
    // The chain names the packs' families too; the registry keeps those it has.
    assert.deepEqual(manifest.fallbackFamilies, ["Noto Sans", "Inter", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans SC", "Noto Emoji"]);
    assert.deepEqual(registry.fallbackFamilies, manifest.fallbackFamilies!.filter((f) => FAMILIES.includes(f) || optional.includes(f)));
  });

  it("each family has Regular and Bold, and Italic + Bold Italic unless it has no italics", () => {
    const uprightOnly = new Set(["Oswald", "Noto Sans Arabic", "Noto Sans Hebrew"]);
    for (const family of FAMILIES) {
      const keys = registry.facesOf(family).map((f) => f.key).sort();
      const expected = uprightOnly.has(family)
        ? [`${family}-400`, `${family}-700`]
        : [`${family}-400`, `${family}-400-italic`, `${family}-700`, `${family}-700-italic`];
      assert.deepEqual(keys, expected.sort(), family);
    }
  });

  for (const family of FAMILIES) {
    it(`${family}: every face parses in fontkit and has the glyphs for its sample text`, () => {
      const faces = registry.facesOf(family);
      assert.ok(faces.length >= 2);
      for (const face of faces) {
        // The manifest's labels agree with the file: family name, italic style, weight class (within one step:
        // the Hebrew Bold file says 600).
        assert.equal(face.font.familyName, family, face.key);
        assert.equal(/italic/i.test(face.font.subfamilyName), face.italic, `${face.key} italic`);
        assert.ok(Math.abs(face.font["OS/2"].usWeightClass - face.weight) <= 100, `${face.key} weight`);
        assert.ok(face.font.unitsPerEm > 0, face.key);
        const text = sampleFor(family);
        for (const cp of codePoints(text)) assert.ok(registry.hasGlyph(face, cp), `${face.key} lacks U+${cp.toString(16)}`);
        const run = face.font.layout(text);
        assert.ok(run.advanceWidth > 0, `${face.key} lays out "${text}"`);
        assert.ok(run.glyphs.every((g) => g.id !== 0), `${face.key} has no .notdef in "${text}"`);
      }
    });

    it(`${family}: every face covers the scripts fonts.json lists`, () => {
      const scripts = manifest.families[family]?.scripts ?? [];
      assert.ok(scripts.length > 0);
      for (const face of registry.facesOf(family)) {
        for (const script of scripts) {
          const sample = SCRIPT_SAMPLES[script];
          assert.ok(sample, `no sample for script ${script}`);
          for (const cp of codePoints(sample)) {
            assert.ok(registry.hasGlyph(face, cp), `${face.key} (${script}) lacks U+${cp.toString(16)}`);
          }
        }
      }
    });

    it(`${family}: every face embeds through pdfkit`, async () => {
      for (const face of registry.facesOf(family)) {
        const pdf = await embed(face, sampleFor(family));
        assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-", face.key);
        assert.match(pdf.toString("latin1"), /\/FontFile2/, `${face.key} is embedded as a TrueType subset`);
      }
    });
  }

  it("Arabic letters come from Noto Sans Arabic, Hebrew letters from Noto Sans Hebrew", () => {
    const inter = registry.match("Inter", 400, false).face;
    for (const cp of codePoints("بتثجحخ")) {
      assert.equal(registry.hasGlyph(inter, cp), false);
      assert.equal(registry.fallbackFor(cp, 400, false)?.family, "Noto Sans Arabic");
    }
    for (const cp of codePoints("אבגדהוזחטיכלמנסעפצקרשת")) {
      assert.equal(registry.fallbackFor(cp, 700, false)?.key, "Noto Sans Hebrew-700");
    }
  });
});
