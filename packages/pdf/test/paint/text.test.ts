import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { paintPdf } from "../../src/index.js";
import { loadFace, parseFont, runWidth, shape, textRun } from "../support/faces.js";
import { layoutOf, NOW } from "../support/frames.js";
import { pageContents, pdfObjects } from "../support/inspect.js";
import { repoRoot } from "../support/paths.js";
import { extractText, textItems } from "../support/pdfjs.js";

const lora = loadFace("Lora");
const hebrew = loadFace("NotoSansHebrew");
const arabic = loadFace("NotoSansArabic");
const inter = loadFace("Inter");

describe("text runs", () => {
  it("extract back as the same text, ligatures included", async () => {
    const run = textRun(lora, "office fine affine", { x: 10, y: 30 });
    assert.ok(run.glyphs.length < run.text.length, "Lora shapes fi/ffi as ligatures");
    assert.equal(run.glyphs.filter((g) => g.text === "fi").length, 3);
    const pdf = await paintPdf(layoutOf([[run]], { faces: [lora] }), { now: NOW });
    assert.deepEqual(await extractText(pdf), ["office fine affine"]);
  });

  it("extract Hebrew and Arabic in logical order", async () => {
    const pdf = await paintPdf(
      layoutOf(
        [[textRun(hebrew, "שלום עולם", { x: 10, y: 30 })], [textRun(arabic, "مرحبا بالعالم", { x: 10, y: 30 })]],
        { faces: [hebrew, arabic] },
      ),
      { now: NOW },
    );
    const [he, ar] = await extractText(pdf);
    assert.equal(he, "שלום עולם");
    assert.equal(ar?.normalize("NFKC"), "مرحبا بالعالم");
  });

  it("places runs at their baseline origin and measured width (within 0.5 pt)", async () => {
    const runs = [
      textRun(inter, "Invoice", { x: 20, y: 40, size: 18 }),
      textRun(inter, "Total due", { x: 120.25, y: 95.5, size: 9 }),
      textRun(lora, "Spaced out", { x: 33, y: 150, size: 11, letterSpacing: 0.8 }),
    ];
    const pdf = await paintPdf(layoutOf([runs], { faces: [inter, lora] }), { now: NOW });
    const [items] = await textItems(pdf);
    for (const run of runs) {
      const item = items?.find((i) => i.str.trim() === run.text);
      assert.ok(item, `pdfjs found "${run.text}"`);
      assert.ok(Math.abs(item.x - run.x) <= 0.5, `${run.text}: x ${item.x} vs ${run.x}`);
      assert.ok(Math.abs(item.y - run.y) <= 0.5, `${run.text}: y ${item.y} vs ${run.y}`);
      // pdfjs' width ends at the last glyph's designed advance; layout's includes its letter spacing.
      const last = run.glyphs[run.glyphs.length - 1]!;
      const expected = runWidth(run.glyphs) - last.advance + (inter.font.getGlyph(last.id).advanceWidth === 0 ? 0 : (run.face === inter.key ? inter : lora).font.getGlyph(last.id).advanceWidth * run.size / (run.face === inter.key ? inter : lora).font.unitsPerEm);
      assert.ok(Math.abs(item.width - expected) <= 0.5, `${run.text}: width ${item.width} vs ${expected}`);
    }
  });

  it("writes the glyphs as given: no re-shaping, per-glyph adjustments, dx/dy offsets", async () => {
    const glyphs = shape(inter, "AVA", 20);
    // Move the middle glyph 3 pt right and 4 pt down.
    const moved = glyphs.map((g, i) => (i === 1 ? { ...g, dx: 3, dy: 4 } : g));
    const run = { ...textRun(inter, "AVA", { x: 10, y: 50, size: 20 }), glyphs: moved };
    const pdf = await paintPdf(layoutOf([[run]], { faces: [inter] }), { now: NOW });
    const content = pageContents(pdf)[0]!;
    assert.match(content, /\/F1 20 Tf/);
    assert.match(content, /1 0 0 -1 10 50 Tm/);
    assert.match(content, /-4 Ts/, "dy 4 (down) is a text rise of -4");
    assert.match(content, /-4 Ts\n\[<0002> [-\d.]+ \] TJ\n0 Ts\n/);
    assert.equal((content.match(/TJ/g) ?? []).length, 3, "the TJ array is split around the raised glyph");
    const [items] = await textItems(pdf);
    assert.equal(items?.map((i) => i.str).join(""), "AVA");
  });

  it("writes uniform letter spacing as character spacing (Tc), reset for the next run", async () => {
    const spaced = textRun(inter, "TOTAL DUE", { x: 10, y: 30, size: 10, letterSpacing: 1.5 });
    const plain = textRun(inter, "Amount", { x: 10, y: 60, size: 10 });
    const pdf = await paintPdf(layoutOf([[spaced, plain]], { faces: [inter] }), { now: NOW });
    const content = pageContents(pdf)[0]!;
    assert.match(content, /1\.5 Tc\n1 0 0 -1 10 30 Tm/);
    assert.match(content, /0 Tc\n1 0 0 -1 10 60 Tm/);
    const [items] = await textItems(pdf);
    const last = spaced.glyphs[spaced.glyphs.length - 1]!;
    const width = runWidth(spaced.glyphs) - last.advance + (inter.font.getGlyph(last.id).advanceWidth * 10) / inter.font.unitsPerEm;
    const item = items!.find((i) => i.y === 30)!;
    assert.ok(Math.abs(item.x + item.width - (10 + width)) <= 0.5, `${item.x + item.width} vs ${10 + width}`);
  });

  it("uses the run colour and shears a synthesised italic", async () => {
    const pdf = await paintPdf(
      layoutOf([[textRun(inter, "Slanted", { x: 10, y: 40, color: "#336699", skew: 12 })]], { faces: [inter] }),
      { now: NOW },
    );
    const content = pageContents(pdf)[0]!;
    assert.match(content, /0\.2 0\.4 0\.6 rg/);
    assert.match(content, /1 0 0\.213 -1 10 40 Tm/);
    assert.deepEqual(await extractText(pdf), ["Slanted"]);
  });

  it("embeds each face once per document as a Type0/Identity-H subset with ToUnicode", async () => {
    const pdf = await paintPdf(
      layoutOf(
        [
          [textRun(inter, "Hello", { x: 10, y: 30 }), textRun(lora, "office", { x: 10, y: 60 })],
          [textRun(inter, "World", { x: 10, y: 30 })],
        ],
        { faces: [inter, lora] },
      ),
      { now: NOW },
    );
    const objects = pdfObjects(pdf);
    const type0 = objects.filter((o) => /\/Subtype \/Type0/.test(o.dict));
    assert.equal(type0.length, 2, "one font per face");
    for (const font of type0) {
      assert.match(font.dict, /\/BaseFont \/[A-Z]{6}\+(Inter-Regular|Lora-Regular)\n/);
      assert.match(font.dict, /\/Encoding \/Identity-H/);
      assert.match(font.dict, /\/ToUnicode \d+ 0 R/);
    }
    const cidFonts = objects.filter((o) => /\/Subtype \/CIDFontType2/.test(o.dict));
    assert.equal(cidFonts.length, 2);
    for (const cid of cidFonts) {
      assert.match(cid.dict, /\/CIDToGIDMap \/Identity/);
      assert.match(cid.dict, /\/W \[0 \[/);
    }
    // The Inter subset holds .notdef plus H e l o W r d (and no other glyph).
    const interDescriptor = objects.find((o) => /\/FontName \/[A-Z]{6}\+Inter-Regular/.test(o.dict))!;
    const fileId = Number(/\/FontFile2 (\d+) 0 R/.exec(interDescriptor.dict)![1]);
    const file = objects.find((o) => o.id === fileId)!;
    const program = Buffer.from(file.stream!, "latin1");
    assert.equal(Number(/\/Length1 (\d+)/.exec(file.dict)![1]), program.length);
    const original = readFileSync(join(repoRoot, "fonts/Inter/Inter-Regular.ttf"));
    assert.ok(program.length < original.length / 10, `subset ${program.length} B vs font ${original.length} B`);
    const subset = parseFont(program);
    assert.equal(subset.numGlyphs, 1 + new Set("HeloWrd").size);
    // ToUnicode maps every used CID back to its character.
    const cmapId = Number(/\/ToUnicode (\d+) 0 R/.exec(type0.find((o) => o.dict.includes("Inter"))!.dict)![1]);
    const cmap = objects.find((o) => o.id === cmapId)!.stream!;
    assert.match(cmap, /7 beginbfchar/);
    assert.match(cmap, /<0048>/); // H
  });

  it("shares one subset between face keys that resolve to the same font", async () => {
    const alias = { ...inter, key: "Inter-500" };
    const layout = layoutOf([[textRun(inter, "Hello", { x: 10, y: 30 }), { ...textRun(alias, "World", { x: 10, y: 60 }) }]], {
      faces: [inter, alias],
    });
    const pdf = await paintPdf(layout, { now: NOW });
    assert.equal(pdfObjects(pdf).filter((o) => /\/Subtype \/Type0/.test(o.dict)).length, 1);
    assert.deepEqual(await extractText(pdf), ["Hello World"]);
  });

  it("maps a ligature glyph to all its characters in the ToUnicode CMap", async () => {
    const pdf = await paintPdf(layoutOf([[textRun(lora, "fi", { x: 10, y: 30 })]], { faces: [lora] }), { now: NOW });
    const cmap = pdfObjects(pdf).find((o) => o.stream?.includes("begincmap"))!.stream!;
    assert.match(cmap, /<0001> <00660069>/);
  });

  it("rejects a run whose face is not in the layout (a layout bug, not content)", async () => {
    await assert.rejects(paintPdf(layoutOf([[textRun(inter, "x", { x: 0, y: 10 })]], {}), { now: NOW }), /not in LayoutResult\.faces/);
  });
});
