import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FONTS_DIR } from "../support/paths.js";
import { FontRegistry, familyLookupKey, type FaceSource } from "../../src/text/registry.js";
import { rankWeights, rankFaces, normaliseWeight } from "../../src/text/font-match.js";
import { FONT_PADDING_BYTES, faceKey, padFontBytes } from "../../src/text/font-parse.js";

// Tests may read files; the registry itself never does.
const FONTS = FONTS_DIR;
const bytesCache = new Map<string, Uint8Array>();
function bytes(file: string): Uint8Array {
  let b = bytesCache.get(file);
  if (!b) bytesCache.set(file, (b = new Uint8Array(readFileSync(join(FONTS, file)))));
  return b;
}
function src(family: string, weight: number, italic: boolean, file: string): FaceSource {
  return { family, weight, italic, bytes: bytes(file) };
}
const STYLE = (w: number, i: boolean) => (w >= 600 ? "Bold" : "Regular").replace("Regular", i ? "" : "Regular") + (i ? "Italic" : "");
function family(name: string, dir: string, faces: readonly (readonly [number, boolean])[]): FaceSource[] {
  return faces.map(([w, i]) => src(name, w, i, `${dir}/${dir}-${STYLE(w, i)}.ttf`));
}
const FOUR = [[400, false], [700, false], [400, true], [700, true]] as const;
const TWO = [[400, false], [700, false]] as const;

/** The product's set: Inter (default), Oswald (no italic), and the fallback chain. */
const registry = FontRegistry.fromSources([
  ...family("Inter", "Inter", FOUR),
  ...family("Oswald", "Oswald", TWO),
  ...family("Noto Sans", "NotoSans", FOUR),
  ...family("Noto Sans Arabic", "NotoSansArabic", TWO),
  ...family("Noto Sans Hebrew", "NotoSansHebrew", TWO),
]);

describe("rankWeights (CSS Fonts 4 §5.2 font-weight)", () => {
  const all = [100, 200, 300, 400, 500, 600, 700, 800, 900];
  it("400: 400, then 500, then lighter descending, then heavier ascending", () => {
    assert.deepEqual(rankWeights(all, 400), [400, 500, 300, 200, 100, 600, 700, 800, 900]);
  });
  it("500: 500, then 400 and lighter descending, then heavier ascending", () => {
    assert.deepEqual(rankWeights(all, 500), [500, 400, 300, 200, 100, 600, 700, 800, 900]);
  });
  it("450 (between 400 and 500): up to 500 first, then below descending, then above 500", () => {
    assert.deepEqual(rankWeights([300, 400, 500, 600], 450), [500, 400, 300, 600]);
  });
  it("below 400: lighter-or-equal descending first, then heavier ascending", () => {
    assert.deepEqual(rankWeights(all, 300), [300, 200, 100, 400, 500, 600, 700, 800, 900]);
    assert.deepEqual(rankWeights([400, 700], 300), [400, 700]);
  });
  it("above 500: heavier-or-equal ascending first, then lighter descending", () => {
    assert.deepEqual(rankWeights(all, 600), [600, 700, 800, 900, 500, 400, 300, 200, 100]);
    assert.deepEqual(rankWeights([400, 700], 900), [700, 400]);
  });
  it("on a family with 400 and 700: 500 → 400, 600 → 700, 300 → 400, 800 → 700", () => {
    assert.equal(rankWeights([400, 700], 500)[0], 400);
    assert.equal(rankWeights([400, 700], 600)[0], 700);
    assert.equal(rankWeights([400, 700], 300)[0], 400);
    assert.equal(rankWeights([400, 700], 800)[0], 700);
  });
  it("400 with no 400 or 500 goes lighter before heavier", () => {
    assert.deepEqual(rankWeights([300, 600], 400), [300, 600]);
  });
  it("normalises weights that are not numbers or out of range", () => {
    assert.equal(normaliseWeight(Number.NaN), 400);
    assert.equal(normaliseWeight(0), 1);
    assert.equal(normaliseWeight(5000), 1000);
  });
});

describe("rankFaces (style narrows first, then weight)", () => {
  const faces = [
    { weight: 400, italic: false },
    { weight: 700, italic: false },
    { weight: 300, italic: true },
  ];
  it("italic wanted: an italic face of any weight beats an upright of the exact weight", () => {
    assert.deepEqual(rankFaces(faces, 700, true)[0], { weight: 300, italic: true });
  });
  it("upright wanted: upright faces first", () => {
    assert.deepEqual(rankFaces(faces, 300, false)[0], { weight: 400, italic: false });
  });
  it("a family with only italic faces serves upright requests from them", () => {
    assert.deepEqual(rankFaces([{ weight: 400, italic: true }], 400, false)[0], { weight: 400, italic: true });
  });
});

describe("FontRegistry.match", () => {
  it("exact faces by weight and italic, with frame keys `<Family>-<weight>[-italic]`", () => {
    assert.equal(registry.match("Inter", 400, false).face.key, "Inter-400");
    assert.equal(registry.match("Inter", 700, true).face.key, "Inter-700-italic");
    assert.equal(registry.match("Noto Sans", 400, false).face.key, "Noto Sans-400");
  });
  it("500 on a 400/700 family takes 400; 600 takes 700 (CSS rule)", () => {
    assert.equal(registry.match("Inter", 500, false).face.weight, 400);
    assert.equal(registry.match("Inter", 600, false).face.weight, 700);
    assert.equal(registry.match("Inter", 100, false).face.weight, 400);
    assert.equal(registry.match("Inter", 900, true).face.key, "Inter-700-italic");
  });
  it("true italic when the family has one: no synthesis", () => {
    const m = registry.match("Inter", 400, true);
    assert.equal(m.face.italic, true);
    assert.equal(m.syntheticItalic, false);
  });
  it("synthesised italic only when the family has no italic face", () => {
    const m = registry.match("Oswald", 700, true);
    assert.equal(m.face.key, "Oswald-700");
    assert.equal(m.syntheticItalic, true);
    assert.equal(registry.match("Oswald", 700, false).syntheticItalic, false);
  });
  it("family names match case-insensitively, ignoring extra spaces and quotes", () => {
    assert.equal(registry.match("inter", 400, false).face.key, "Inter-400");
    assert.equal(registry.match("  NOTO   sans ", 700, false).face.key, "Noto Sans-700");
    assert.equal(registry.match("'Noto Sans'", 400, false).familyFound, true);
    assert.equal(familyLookupKey('"Open  Sans"'), "open sans");
  });
  it("an unknown family falls back to Inter with familyFound: false", () => {
    const m = registry.match("Comic Sans MS", 700, true);
    assert.equal(m.face.key, "Inter-700-italic");
    assert.equal(m.familyFound, false);
    assert.equal(m.syntheticItalic, false);
  });
  it("no family (undefined or empty) means the default family, found", () => {
    assert.deepEqual(
      [registry.match(undefined, 400, false).face.key, registry.match(undefined, 400, false).familyFound],
      ["Inter-400", true],
    );
    assert.equal(registry.match("", 700, false).face.key, "Inter-700");
  });
  it("returns the same result object for the same request (cached)", () => {
    assert.equal(registry.match("Inter", 500, false), registry.match("INTER", 500, false));
  });
  it("a weight with no face of its own still matches (weights need not be 400/700)", () => {
    const light = FontRegistry.fromSources([
      src("Lato", 300, false, "Lato/Lato-Regular.ttf"),
      src("Lato", 500, false, "Lato/Lato-Regular.ttf"),
      src("Lato", 900, false, "Lato/Lato-Bold.ttf"),
    ]);
    assert.equal(light.defaultFamily, "Lato", "without Inter, the first family is the default");
    assert.equal(light.match("Lato", 400, false).face.weight, 500);
    assert.equal(light.match("Lato", 450, false).face.weight, 500);
    assert.equal(light.match("Lato", 200, false).face.weight, 300);
    assert.equal(light.match("Lato", 600, false).face.weight, 900);
    assert.equal(light.match("Lato", 400, true).syntheticItalic, true);
  });
});

describe("FontRegistry.fallbackFor and hasGlyph", () => {
  const inter = registry.match("Inter", 400, false).face;
  it("Inter lacks Arabic; the chain gives Noto Sans Arabic for ب", () => {
    assert.equal(registry.hasGlyph(inter, 0x0628), false);
    assert.equal(registry.fallbackFor(0x0628, 400, false)?.key, "Noto Sans Arabic-400");
    assert.equal(registry.fallbackFor(0x0628, 700, false)?.key, "Noto Sans Arabic-700");
  });
  it("italic Arabic comes from the upright face (the caller slants it)", () => {
    const face = registry.fallbackFor(0x0628, 400, true);
    assert.equal(face?.key, "Noto Sans Arabic-400");
    assert.equal(face?.italic, false);
  });
  it("Hebrew comes from Noto Sans Hebrew", () => {
    assert.equal(registry.fallbackFor(0x05d0, 400, false)?.key, "Noto Sans Hebrew-400");
  });
  it("a character Noto Sans has comes from Noto Sans first, matched to weight and italic", () => {
    assert.equal(registry.fallbackFor(0x0915, 700, true)?.family, "Noto Sans"); // Devanagari KA
    assert.equal(registry.fallbackFor(0x0041, 700, true)?.key, "Noto Sans-700-italic");
  });
  it("undefined when no family in the chain has the glyph", () => {
    assert.equal(registry.fallbackFor(0x4e2d, 400, false), undefined); // CJK: not shipped yet
  });
  it("hasGlyph answers per face and is stable across calls", () => {
    assert.equal(registry.hasGlyph(inter, 0x48), true);
    assert.equal(registry.hasGlyph(inter, 0x48), true);
    assert.equal(registry.hasGlyph(inter, 0x10ffff), false);
  });
  it("the fallback chain is configurable and skips families the registry lacks", () => {
    const r = FontRegistry.fromSources(family("Inter", "Inter", TWO), { fallbackFamilies: ["Noto Sans Arabic"] });
    assert.deepEqual(r.fallbackFamilies, []);
    assert.equal(r.fallbackFor(0x0628, 400, false), undefined);
    assert.deepEqual(registry.fallbackFamilies, ["Noto Sans", "Inter", "Noto Sans Arabic", "Noto Sans Hebrew"]);
  });
});

describe("FontRegistry construction", () => {
  it("lists families in source order and finds faces by key", () => {
    assert.deepEqual(registry.families, ["Inter", "Oswald", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"]);
    assert.equal(registry.defaultFamily, "Inter");
    assert.equal(registry.face("Oswald-400")?.family, "Oswald");
    assert.equal(registry.face("Oswald-400-italic"), undefined);
    assert.equal(registry.facesOf("oswald").length, 2);
  });
  it("pads every face's bytes with zeros and keeps the original bytes intact", () => {
    const face = registry.face("Inter-400");
    const raw = bytes("Inter/Inter-Regular.ttf");
    assert.ok(face);
    assert.equal(face.bytes.length, raw.length + FONT_PADDING_BYTES);
    assert.deepEqual(face.bytes.subarray(0, 16), raw.subarray(0, 16));
    assert.ok(face.bytes.subarray(raw.length).every((b) => b === 0));
    assert.equal(padFontBytes(new Uint8Array([1])).length, 1 + FONT_PADDING_BYTES);
    // Bytes a loader already padded are used as they are, not copied again.
    const prepadded = padFontBytes(raw);
    assert.equal(padFontBytes(prepadded), prepadded);
    assert.notEqual(padFontBytes(raw), raw);
    assert.equal(faceKey("Noto Sans", 700, true), "Noto Sans-700-italic");
  });
  it("measures text with the parsed face (IBM Plex Mono's space needs the padding)", () => {
    const r = FontRegistry.fromSources(family("IBM Plex Mono", "IBMPlexMono", FOUR));
    for (const key of ["IBM Plex Mono-400", "IBM Plex Mono-700-italic"]) {
      const run = r.face(key)?.font.layout("a b c");
      assert.ok(run && run.advanceWidth > 0);
    }
  });
  it("rejects programmer errors: no sources, duplicates, bad weights, unknown default, non-font bytes", () => {
    assert.throws(() => FontRegistry.fromSources([]), /no font sources/);
    assert.throws(() => FontRegistry.fromSources(family("Inter", "Inter", [[400, false], [400, false]])), /duplicate face Inter-400/);
    assert.throws(() => FontRegistry.fromSources([{ ...src("Inter", 400, false, "Inter/Inter-Regular.ttf"), weight: 0 }]), /weight/);
    assert.throws(() => FontRegistry.fromSources(family("Inter", "Inter", TWO), { defaultFamily: "Roboto" }), /default family Roboto/);
    assert.throws(
      () => FontRegistry.fromSources([{ family: "X", weight: 400, italic: false, bytes: new Uint8Array([1, 2, 3, 4]) }]),
      /cannot parse/,
    );
  });
});
