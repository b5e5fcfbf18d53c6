// @font-face (issue #26 item 1): data: URL faces (TTF, WOFF) filed under their family, weight and style,
// used by the text, listed in the result's faces for embedding; unicode-range picks the face per character;
// a licence forbidding embedding and remote sources are refused with diagnostics.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { brotliCompressSync, deflateSync } from "node:zlib";
import { layoutHtml, type FrameItem, type TextRunItem } from "../../src/index.js";
import { parseUnicodeRange } from "../../src/html/web-fonts.js";
import { FONTS_DIR } from "../support/paths.js";
import { registry } from "../text/helpers.js";

const font = (dir: string, style: string): Buffer => readFileSync(join(FONTS_DIR, dir, `${dir}-${style}.ttf`));
const dataUrl = (bytes: Uint8Array, mime = "font/ttf"): string => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;

const flat = (items: readonly FrameItem[]): FrameItem[] => items.flatMap((i) => (i.kind === "group" ? flat(i.items) : [i]));
function render(html: string) {
  const result = layoutHtml(html, {}, { fonts: registry, now: new Date(0) });
  const runs = result.pages.flatMap((p) => flat(p.items)).filter((i): i is TextRunItem => i.kind === "text");
  return { result, runs, codes: result.diagnostics.map((d) => `${d.code}: ${d.message}`) };
}
const faceOf = (runs: readonly TextRunItem[], text: string): string => {
  const run = runs.find((r) => r.glyphs.map((g) => g.text).join("").includes(text));
  assert.ok(run, `a run with ${text}`);
  return run.face;
};

/** A WOFF 1.0 file wrapping a TTF (zlib-compressed tables), as font tools write it. */
function toWoff(ttf: Uint8Array): Uint8Array {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const count = view.getUint16(4);
  const tables: { tag: number; checksum: number; data: Uint8Array; compressed: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const data = ttf.subarray(offset, offset + length);
    const z = new Uint8Array(deflateSync(data));
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 4), data, compressed: z.length < data.length ? z : data });
  }
  const pad = (n: number): number => (n + 3) & ~3;
  let offset = 44 + 20 * count;
  const size = tables.reduce((s, t) => s + pad(t.compressed.length), offset);
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  o.setUint32(0, 0x774f4646); // wOFF
  o.setUint32(4, view.getUint32(0));
  o.setUint32(8, size);
  o.setUint16(12, count);
  o.setUint32(16, tables.reduce((s, t) => s + pad(t.data.length), 12 + 16 * count));
  tables.forEach((t, i) => {
    const at = 44 + 20 * i;
    o.setUint32(at, t.tag);
    o.setUint32(at + 4, offset);
    o.setUint32(at + 8, t.compressed.length);
    o.setUint32(at + 12, t.data.length);
    o.setUint32(at + 16, t.checksum);
    out.set(t.compressed, offset);
    offset += pad(t.compressed.length);
  });
  return out;
}

/** A WOFF 2.0 file wrapping a TTF: every table untransformed (glyf/loca with transform version 3), one brotli stream. */
function toWoff2(ttf: Uint8Array): Uint8Array {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const count = view.getUint16(4);
  const base128 = (n: number): number[] => {
    const out = [n & 0x7f];
    for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) out.unshift((n & 0x7f) | 0x80);
    return out;
  };
  const directory: number[] = [];
  const datas: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...ttf.subarray(at, at + 4));
    const data = ttf.subarray(view.getUint32(at + 8), view.getUint32(at + 8) + view.getUint32(at + 12));
    directory.push(0x3f | (tag === "glyf" || tag === "loca" ? 0xc0 : 0), ...ttf.subarray(at, at + 4), ...base128(data.length));
    datas.push(data);
  }
  const stream = Buffer.concat(datas);
  const compressed = brotliCompressSync(stream);
  const length = 48 + directory.length + compressed.length;
  const out = new Uint8Array(length + 3 & ~3);
  const o = new DataView(out.buffer);
  o.setUint32(0, 0x774f4632); // wOF2
  o.setUint32(4, view.getUint32(0));
  o.setUint32(8, out.length);
  o.setUint16(12, count);
  o.setUint32(16, ttf.length);
  o.setUint32(20, compressed.length);
  out.set(directory, 48);
  out.set(compressed, 48 + directory.length);
  return out;
}

/** The TTF with its OS/2 fsType set (2: restricted licence, embedding forbidden). */
function withFsType(ttf: Uint8Array, fsType: number): Uint8Array {
  const copy = new Uint8Array(ttf);
  const view = new DataView(copy.buffer);
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + i * 16;
    if (String.fromCharCode(...copy.subarray(at, at + 4)) === "OS/2") view.setUint16(view.getUint32(at + 8) + 8, fsType);
  }
  return copy;
}

describe("@font-face", () => {
  test("a data: URL TTF is used by the family name, per weight and style, and listed for embedding", () => {
    const { result, runs, codes } = render(`<style>
      @font-face { font-family: "Brand Serif"; src: url(${dataUrl(font("Lora", "Regular"))}) format("truetype"); }
      @font-face { font-family: "Brand Serif"; font-weight: 700; src: url("${dataUrl(font("Lora", "Bold"))}"); }
      @font-face { font-family: "Brand Serif"; font-style: italic; src: local("Brand Serif Italic"), url(${dataUrl(font("Lora", "Italic"))}); }
      body { font: 11pt "Brand Serif", serif }
    </style><p>Regular words <b>strong words</b> <i>slanted words</i></p>`);
    const regular = faceOf(runs, "Regular");
    const bold = faceOf(runs, "strong");
    const italic = faceOf(runs, "slanted");
    assert.match(regular, /^Brand Serif-400~/);
    assert.match(bold, /^Brand Serif-700~/);
    assert.match(italic, /^Brand Serif-400-italic~/);
    for (const key of [regular, bold, italic]) {
      const face = result.faces.get(key);
      assert.ok(face, `${key} is in the result's faces`);
      assert.equal(face.font.familyName, "Lora");
    }
    assert.ok(!codes.some((c) => c.startsWith("font.fallback")), codes.join("\n"));
    assert.ok(codes.some((c) => c.includes("local(")), "a local() source is reported and skipped");
  });

  test("WOFF and WOFF2 sources are read; a format() not understood is skipped for the next source", () => {
    const { runs, result, codes } = render(`<style>
      @font-face { font-family: Packed; src: url(${dataUrl(toWoff(font("Merriweather", "Regular")), "font/woff")}) format("woff") }
      @font-face { font-family: Packed2; src: url(data:font/x;base64,AAAA) format("embedded-opentype"), url(${dataUrl(toWoff2(font("Lora", "Regular")), "font/woff2")}) format("woff2") }
      p { font-family: Packed } b { font-family: Packed2; font-weight: normal }</style><p>Packed text <b>Brotli</b></p>`);
    assert.deepEqual(codes, []);
    const key = faceOf(runs, "Packed");
    assert.match(key, /^Packed-400~/);
    assert.equal(result.faces.get(key)?.font.familyName, "Merriweather");
    const key2 = faceOf(runs, "Brotli");
    assert.match(key2, /^Packed2-400~/);
    const face = result.faces.get(key2);
    assert.equal(face?.font.familyName, "Lora");
    assert.ok((face?.font.glyphForCodePoint(0x42).advanceWidth ?? 0) > 0, "glyphs read through the brotli stream");
  });

  test("unicode-range sends each character to the face that covers it", () => {
    const { runs } = render(`<style>
      @font-face { font-family: Split; src: url(${dataUrl(font("Lora", "Regular"))}); unicode-range: U+0000-007F; }
      @font-face { font-family: Split; src: url(${dataUrl(font("Merriweather", "Regular"))}); unicode-range: U+0080-024F; }
      p { font-family: Split }
    </style><p>abc éèê</p>`);
    const latin = runs.find((r) => r.text?.includes("abc") || r.glyphs.some((g) => g.text === "a"));
    const accented = runs.find((r) => r.glyphs.some((g) => g.text === "é"));
    assert.ok(latin && accented);
    assert.notEqual(latin.face, accented.face);
    assert.match(accented.face, /^Split-400~/);
    assert.match(latin.face, /^Split-400~/);
    assert.deepEqual(parseUnicodeRange("U+0000-00FF, U+0131, U+4??"), [[0, 0xff], [0x131, 0x131], [0x400, 0x4ff]]);
  });

  test("a font whose licence forbids embedding is refused; remote sources are never fetched", () => {
    const { runs, codes } = render(`<style>
      @font-face { font-family: Locked; src: url(${dataUrl(withFsType(font("Lora", "Regular"), 2))}); }
      @font-face { font-family: Far; src: url(https://fonts.example.com/far.woff2) format("woff2"); }
      .l { font-family: Locked } .f { font-family: Far }
    </style><p class="l">Locked text</p><p class="f">Far text</p>`);
    assert.ok(codes.some((c) => c.startsWith("font.license")), codes.join("\n"));
    assert.ok(codes.some((c) => c.startsWith("font.remote")), codes.join("\n"));
    assert.match(faceOf(runs, "Locked"), /^Inter-/);
    assert.match(faceOf(runs, "Far"), /^Inter-/);
  });

  test("bounded: a face past the byte limit and faces past the count are skipped with diagnostics", () => {
    const html = `<style>
      @font-face { font-family: A; src: url(${dataUrl(font("Lora", "Regular"))}) }
      @font-face { font-family: B; src: url(${dataUrl(font("Lora", "Bold"))}) }
      p { font-family: A } b { font-family: B }</style><p>a <b>b</b></p>`;
    const small = layoutHtml(html, {}, { fonts: registry, now: new Date(0), limits: { maxWebFontBytes: 1024 } });
    assert.equal(small.diagnostics.filter((d) => d.code === "font.face" && d.message.includes("larger than 1024 bytes")).length, 2);
    const few = layoutHtml(html, {}, { fonts: registry, now: new Date(0), limits: { maxWebFonts: 1 } });
    assert.ok(few.diagnostics.some((d) => d.message.includes("more than 1 @font-face faces")));
    assert.ok([...few.faces.keys()].some((k) => k.startsWith("A-400~")));
    assert.ok(![...few.faces.keys()].some((k) => k.startsWith("B-")));
  });

  test("garbage is a diagnostic, not an error", () => {
    const { codes } = render(`<style>@font-face { font-family: Bad; src: url(data:font/ttf;base64,AAAAAAAA) } p { font-family: Bad }</style><p>x</p>`);
    assert.ok(codes.some((c) => c.startsWith("font.face")), codes.join("\n"));
    // a font cut short: its directory reads, its tables do not (found before the render, not during it)
    const full = font("Lora", "Regular");
    const cut = render(`<style>@font-face { font-family: Cut; src: url(${dataUrl(full.subarray(0, Math.floor(full.length * 0.3)))}) } p { font-family: Cut }</style><p>Cut text</p>`);
    assert.ok(cut.codes.some((c) => c.startsWith("font.face")), cut.codes.join("\n"));
    assert.match(faceOf(cut.runs, "Cut"), /^Inter-/);
  });
});
