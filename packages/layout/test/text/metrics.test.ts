import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { faceMetrics } from "../../src/text/metrics.js";
import { parseFace } from "../../src/text/font-parse.js";
import { manifestFaces } from "../support/faces.js";

describe("face metrics", () => {
  it("reads post's underline position and thickness from the font bytes as fontkit decodes them, for every designer face", () => {
    let checked = 0;
    for (const f of manifestFaces()) {
      const family = f.family;
      const bytes = f.bytes();
      // Two parses: the metrics must not depend on fontkit having decoded `post` already.
      const metrics = faceMetrics(parseFace(family, f.weight, f.italic, bytes));
      const reference = parseFace(family, f.weight, f.italic, bytes).font;
      const upm = reference.unitsPerEm;
      const where = `${family} ${f.weight}${f.italic ? " italic" : ""}`;
      assert.equal(metrics.underlinePosition, reference.underlinePosition < 0 ? reference.underlinePosition : -upm / 10, where);
      assert.equal(metrics.underlineThickness, reference.underlineThickness > 0 ? reference.underlineThickness : upm / 20, where);
      checked++;
    }
    assert.ok(checked > 20, `${checked} faces`);
  });
});
