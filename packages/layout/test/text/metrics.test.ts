import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { faceMetrics } from "../../src/text/metrics.js";
import { parseFace } from "../../src/text/font-parse.js";
import { FONTS_DIR } from "../support/paths.js";

describe("face metrics", () => {
  it("reads post's underline position and thickness from the font bytes as fontkit decodes them, for every designer face", () => {
    const manifest = JSON.parse(readFileSync(join(FONTS_DIR, "fonts.json"), "utf8")) as {
      families: Record<string, { faces: { file: string; weight: number; italic: boolean }[] }>;
    };
    let checked = 0;
    for (const [family, entry] of Object.entries(manifest.families)) {
      for (const f of entry.faces) {
        const bytes = new Uint8Array(readFileSync(join(FONTS_DIR, f.file)));
        // Two parses: the metrics must not depend on fontkit having decoded `post` already.
        const metrics = faceMetrics(parseFace(family, f.weight, f.italic, bytes));
        const reference = parseFace(family, f.weight, f.italic, bytes).font;
        const upm = reference.unitsPerEm;
        const where = `${family} ${f.weight}${f.italic ? " italic" : ""}`;
        assert.equal(metrics.underlinePosition, reference.underlinePosition < 0 ? reference.underlinePosition : -upm / 10, where);
        assert.equal(metrics.underlineThickness, reference.underlineThickness > 0 ? reference.underlineThickness : upm / 20, where);
        checked++;
      }
    }
    assert.ok(checked > 20, `${checked} faces`);
  });
});
