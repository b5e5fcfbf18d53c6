// Embeds one face per document as a subset: a Type0 font with Identity-H encoding over a CIDFontType2
// (TrueType outlines) or CIDFontType0 (CFF outlines), where CID = glyph id in the subset. The glyphs are the
// ones layout chose; nothing is shaped here. Modelled on pdfkit's EmbeddedFont (embed, toUnicodeCmap), but
// working from the fontkit object layout already parsed, with the glyph set known before painting so the
// CIDs are canonical (sorted by glyph id) and an encoded subset can be reused by the next document.
import { deflateSync } from "node:zlib";
import type { FontFace } from "@docsvc/layout";
import { pdfNumberArraySyntax, pdfRaw, pdfString, type PdfRef, type PdfWriter } from "./pdfkit.js";
import { advanceWidthOf, readPostHeader, readTrueType, subsetTrueType, type TrueTypeFont } from "./truetype.js";

type Font = FontFace["font"];

/** What is fixed per face (per process): metrics for the descriptor and designed glyph widths. */
interface FaceInfo {
  readonly baseName: string;
  readonly numGlyphs: number;
  readonly unitsPerEm: number;
  /** The file's tables when it is a static TrueType font (subset from bytes); otherwise fontkit subsets. */
  readonly truetype: TrueTypeFont | undefined;
  /** CFF outlines: CIDs come from the program's charset, so a glyph cannot have a second CID. */
  readonly cff: boolean;
  readonly descriptor: Readonly<Record<string, unknown>>;
  /** Designed advance per glyph id, in 1/1000 em, rounded (to 0.001) as written into `W`. */
  readonly widths: Map<number, number>;
  /** Encoded + deflated subsets by glyph list, most recent last (bounded). */
  readonly encoded: Map<string, EncodedSubset>;
  /**
   * A zeroed glyph → CID table (one entry per glyph of the face) a finished subset handed back, for the next
   * document's subset of this face: the table is looked up for every glyph painted, and allocating one per
   * document (5 KB for Inter, 128 KB for a CJK face) would cost more than clearing the few entries used.
   */
  spareCids: Uint16Array | undefined;
  /** Likewise an emptied glyph → texts table (collecting reads it for every glyph of every run). */
  spareTexts: (string[] | undefined)[] | undefined;
}

interface EncodedSubset {
  readonly file: Uint8Array;
  readonly length1: number;
  readonly cff: boolean;
  /**
   * The last ToUnicode CMap written for this glyph set, deflated, with the texts it maps CIDs 1… to (glyph
   * texts rarely change): the CMap is a function of those texts, so equal texts reuse it unbuilt.
   */
  toUnicode?: { readonly texts: readonly string[]; readonly file: Uint8Array };
  /** The CIDFont's `W` array as written (a function of the glyph set when no glyph has further CIDs). */
  widthsSyntax?: string;
  /** The subset tag (a function of the face and the glyph set). */
  tag?: string;
}

/** The parts of fontkit's table objects the descriptor reads (absent in @types/fontkit). */
interface FontTables {
  readonly head?: { readonly macStyle?: { readonly italic?: boolean } };
  readonly post?: { readonly isFixedPitch?: number | boolean };
  readonly "OS/2"?: { readonly sFamilyClass?: number };
}

const ENCODED_PER_FACE = 16;
/** The CID table of a subset not sealed yet (or already written): every glyph is .notdef. */
const EMPTY_CIDS = new Uint16Array(0);
const faceInfos = new WeakMap<Font, FaceInfo>();

function faceInfo(face: FontFace): FaceInfo {
  const { font } = face;
  let info = faceInfos.get(font);
  if (info !== undefined) return info;
  const scale = 1000 / font.unitsPerEm;
  const tables = font as unknown as FontTables;
  const familyClass = (tables["OS/2"]?.sFamilyClass ?? 0) >> 8;
  const truetype = trueTypeOf(face);
  // From the file when it can (fontkit decodes the whole post table for these two fields: ~20 ms for Inter).
  const post = (truetype && readPostHeader(truetype)) ?? { italicAngle: font.italicAngle, isFixedPitch: tables.post?.isFixedPitch };
  let flags = 1 << 2; // symbolic: glyphs are addressed by CID, not a standard encoding
  if (post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1; // serif
  if (familyClass === 10) flags |= 1 << 3; // script
  if (tables.head?.macStyle?.italic) flags |= 1 << 6;
  const { bbox } = font;
  const baseName = (font.postscriptName || "Font").replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 56);
  info = {
    baseName,
    // fontkit's getters re-read these from the tables on every access.
    numGlyphs: font.numGlyphs,
    unitsPerEm: font.unitsPerEm,
    truetype,
    cff: hasCff(font),
    descriptor: {
      Type: "FontDescriptor",
      Flags: flags,
      FontBBox: [bbox.minX, bbox.minY, bbox.maxX, bbox.maxY].map((v) => Math.round(v * scale)),
      ItalicAngle: post.italicAngle || 0,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      XHeight: Math.round((font.xHeight || 0) * scale),
      StemV: 80,
    },
    widths: new Map(),
    encoded: new Map(),
    spareCids: undefined,
    spareTexts: undefined,
  };
  faceInfos.set(font, info);
  return info;
}

function hasCff(font: Font): boolean {
  const tables = (font as unknown as { directory?: { tables?: Record<string, unknown> } }).directory?.tables ?? {};
  return "CFF " in tables || "CFF2" in tables;
}

function trueTypeOf(face: FontFace): TrueTypeFont | undefined {
  const tables = readTrueType(face.bytes);
  // The bytes must be the parsed font's file (same glyph count); anything else goes through fontkit.
  return tables !== undefined && tables.numGlyphs === face.font.numGlyphs ? tables : undefined;
}

// Two hex digits per byte, made once: a 16-bit value's four digits are then one concatenation.
const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
function hex4(value: number): string {
  return HEX2[(value >> 8) & 255]! + HEX2[value & 255]!;
}

/** A deterministic six-letter subset tag (`ABCDEF+`) from the face name and its glyph set (FNV-1a). */
function subsetTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}

// A strong right-to-left letter, and a cluster made only of such letters (a lam-alef ligature).
const RTL_LETTER = /^[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ONLY_RTL_LETTERS = /^(?:(?=\p{L})[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}])+$/u;

/**
 * The text a right-to-left cluster's glyph maps to. Extractors read glyphs in visual order and reverse
 * right-to-left runs to get logical order, character by character; poppler first reverses a glyph's own
 * characters only when all of them are right-to-left letters (a ligature). So a cluster of a letter and its
 * marks (שָׁ, مُ) is written in visual order, reversed, for the run's reversal to put it back as written.
 */
function visualCluster(text: string): string {
  if (text.length < 2 || !RTL_LETTER.test(text) || ONLY_RTL_LETTERS.test(text)) return text;
  return [...text].reverse().join("");
}

/** One face's subset within one document: collect glyphs, seal, then paint with `cid`/`width`, then embed. */
export class FaceSubset {
  /**
   * The font's Type0 dictionary; registered in page resources while painting, written by `embed`. Absent in a
   * subset rebuilt from its glyphs to paint a merged batch's part in another thread (`planned`), which embeds nothing.
   */
  readonly ref: PdfRef;
  private readonly info: FaceInfo;
  /** Per glyph, every text it stands for in this document, in order of first use. */
  private texts: (string[] | undefined)[];
  /** The glyph ids that have texts, in order of first use. */
  private readonly usedGlyphs: number[] = [];
  /**
   * CID of each used glyph's own code, by glyph id (after `seal`; 0 = .notdef, as is an id out of range): a
   * typed array because painting looks every glyph up two or three times (letter spacing, CID, width).
   */
  private cidByGlyph: Uint16Array = EMPTY_CIDS;
  /** CIDs after the glyphs' own: one per further text a glyph stands for (see `use`). */
  private readonly variantCids = new Map<string, number>();
  private variants: { readonly glyph: number; readonly text: string }[] = [];
  /** The `W` width of each glyph's own CID (index = CID; CIDs are dense from 0). */
  private widthByCid = new Float64Array(1);
  private glyphs: number[] = [];

  constructor(
    readonly face: FontFace,
    /** Resource name, e.g. `F1`. */
    readonly name: string,
    writer: PdfWriter | undefined,
  ) {
    this.info = faceInfo(face);
    this.ref = writer === undefined ? (undefined as unknown as PdfRef) : writer.ref();
    this.texts = this.info.spareTexts ?? new Array<string[] | undefined>(this.info.numGlyphs);
    this.info.spareTexts = undefined;
  }

  /** Every glyph used and the texts it stands for, in `use` order: what `planned` rebuilds the same CIDs from. */
  glyphTexts(): [glyph: number, texts: string[]][] {
    return this.usedGlyphs.map((glyph) => [glyph, [...this.texts[glyph]!]]);
  }

  /** A sealed subset with the glyphs of another's `glyphTexts` (same CIDs and widths), for painting only. */
  static planned(face: FontFace, name: string, glyphs: readonly (readonly [number, readonly string[]])[]): FaceSubset {
    const subset = new FaceSubset(face, name, undefined);
    for (const [glyph, texts] of glyphs) {
      subset.texts[glyph] = [...texts];
      subset.usedGlyphs.push(glyph);
    }
    subset.seal();
    return subset;
  }

  /**
   * Records a glyph and the text it stands for. One glyph can stand for several texts (Noto Sans Arabic
   * draws ف and ق in initial form with one dotless glyph, the dots being marks; a Hebrew base carries its
   * points): each further text gets a CID of its own over the same glyph (a `CIDToGIDMap`), so the ToUnicode
   * map can say exactly what every occurrence means, glyph cluster by glyph cluster.
   */
  use(glyphId: number, text: string): void {
    const id = this.valid(glyphId) ? glyphId : 0;
    const known = this.texts[id];
    if (known === undefined) {
      this.texts[id] = [text];
      this.usedGlyphs.push(id);
    } else if (known[0] === text || known.includes(text)) return;
    else if (known[0] === "" && text !== "") known.unshift(text); // the glyph's own CID maps to a text when it has one
    else known.push(text);
  }

  /**
   * Whether `use(glyphId, texts.slice(start, start + length))` would change nothing (the glyph already stands for
   * that text), found without making the text's string: most glyphs of a batch's rows were seen many times.
   */
  knows(glyphId: number, texts: string, start: number, length: number): boolean {
    const known = this.texts[glyphId];
    if (known === undefined) return false;
    for (let i = 0; i < known.length; i++) {
      const text = known[i]!;
      if (text.length === length && texts.startsWith(text, start)) return true;
    }
    return false;
  }

  /** Fixes the CIDs: .notdef is 0, the used glyphs follow in glyph-id order, then the further texts. */
  seal(): void {
    this.glyphs = this.usedGlyphs.filter((glyph) => glyph !== 0).sort((a, b) => a - b);
    const widths = this.info.widths;
    this.widthByCid = new Float64Array(this.glyphs.length + 1);
    this.widthByCid[0] = this.designWidth(0, widths);
    // CIDs fit 16 bits: a face has at most 65,535 glyphs, and the used ones get 1….
    const cids = this.info.spareCids ?? new Uint16Array(this.info.numGlyphs);
    this.info.spareCids = undefined;
    this.cidByGlyph = cids;
    this.glyphs.forEach((glyph, index) => {
      cids[glyph] = index + 1;
      this.widthByCid[index + 1] = this.designWidth(glyph, widths);
    });
    // CFF CIDs are fixed by the font program's charset; only TrueType outlines can map two CIDs to one glyph.
    if (this.info.cff) return;
    for (const glyph of this.glyphs) {
      const texts = this.texts[glyph]!;
      for (let i = 1; i < texts.length && this.glyphs.length + this.variants.length < 0xfffe; i++) {
        const text = texts[i]!;
        this.variants.push({ glyph, text });
        this.variantCids.set(`${glyph}:${text}`, this.glyphs.length + this.variants.length);
      }
    }
  }

  /** The 4-hex-digit CID of a glyph standing for `text` (after `seal`); unknown or invalid glyphs are .notdef. */
  cid(glyphId: number, text: string): string {
    return hex4(this.cidCode(glyphId, text));
  }

  /** The CID of a glyph standing for `text` as a number (after `seal`): `cid` without making its string. */
  cidCode(glyphId: number, text: string): number {
    if (this.variants.length > 0) {
      const variant = this.variantCids.get(`${glyphId}:${text}`);
      if (variant !== undefined) return variant;
    }
    return this.cidByGlyph[glyphId] ?? 0;
  }

  /** The glyph's advance as the PDF viewer knows it (the `W` entry), in 1/1000 em. */
  width(glyphId: number): number {
    return this.widthByCid[this.cidByGlyph[glyphId] ?? 0] ?? 0;
  }

  /** Writes the font program, descriptor, CID font, ToUnicode CMap and the Type0 dictionary. */
  embed(writer: PdfWriter): void {
    const glyphKey = this.glyphs.join(",");
    const encoded = this.encode(glyphKey);
    const tag = (encoded.tag ??= subsetTag(`${this.info.baseName}:${glyphKey}`));
    const baseFont = `${tag}+${this.info.baseName}`;

    const fontFile = writer.ref(
      encoded.cff
        ? { Subtype: "CIDFontType0C", Filter: "FlateDecode" }
        : { Length1: encoded.length1, Filter: "FlateDecode" },
    );
    fontFile.end(encoded.file);

    // Object.assign, not a spread: V8 11 (Node 20) makes a new hidden class (and descriptor array, in the old generation) every time an object
    // spread gains a property its source lacks; Object.assign onto a fresh literal follows the cached transitions.
    const descriptor = writer.ref(Object.assign({}, this.info.descriptor, {
      FontName: baseFont,
      [encoded.cff ? "FontFile3" : "FontFile2"]: fontFile,
    }));
    descriptor.end();

    const cidFont = writer.ref({
      Type: "Font",
      Subtype: encoded.cff ? "CIDFontType0" : "CIDFontType2",
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: pdfString("Adobe"), Ordering: pdfString("Identity"), Supplement: 0 },
      FontDescriptor: descriptor,
      W: pdfRaw(this.widthsSyntax(encoded)),
      ...(encoded.cff ? {} : { CIDToGIDMap: this.cidToGidMap(writer) }),
    });
    cidFont.end();

    const texts = this.cidTexts();
    let cmap = encoded.toUnicode;
    if (cmap === undefined || !sameTexts(cmap.texts, texts)) cmap = encoded.toUnicode = { texts, file: deflateSync(toUnicodeCMap(texts)) };
    const toUnicode = writer.ref({ Filter: "FlateDecode" });
    toUnicode.end(cmap.file);

    Object.assign(this.ref.data, {
      Type: "Font",
      Subtype: "Type0",
      BaseFont: baseFont,
      Encoding: "Identity-H",
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    });
    this.ref.end();
    this.releaseTables();
  }

  /** Hands the per-glyph tables back to the face, cleared, once the subset is written (nothing reads them after). */
  private releaseTables(): void {
    const cids = this.cidByGlyph;
    if (cids !== EMPTY_CIDS) {
      this.cidByGlyph = EMPTY_CIDS;
      for (const glyph of this.glyphs) cids[glyph] = 0;
      this.info.spareCids = cids;
    }
    const texts = this.texts;
    this.texts = [];
    for (const glyph of this.usedGlyphs) texts[glyph] = undefined;
    this.usedGlyphs.length = 0;
    this.info.spareTexts = texts;
  }

  /** `[0 [w0 w1 …]]`: the width of every CID from 0, built once per glyph set (pdfkit converts each number). */
  private widthsSyntax(encoded: EncodedSubset): string {
    if (this.variants.length === 0 && encoded.widthsSyntax !== undefined) return encoded.widthsSyntax;
    const widths = [this.width(0), ...this.glyphs.map((glyph) => this.width(glyph)), ...this.variants.map((v) => this.width(v.glyph))];
    const syntax = `[0 ${pdfNumberArraySyntax(widths)}]`;
    if (this.variants.length === 0) encoded.widthsSyntax = syntax;
    return syntax;
  }

  /** `Identity` unless some glyphs have further CIDs; then a stream of 2-byte subset glyph ids per CID. */
  private cidToGidMap(writer: PdfWriter): PdfRef | "Identity" {
    if (this.variants.length === 0) return "Identity";
    const count = 1 + this.glyphs.length + this.variants.length;
    const map = Buffer.alloc(count * 2);
    for (let cid = 1; cid <= this.glyphs.length; cid++) map.writeUInt16BE(cid, cid * 2);
    const subsetGid = new Map(this.glyphs.map((glyph, index) => [glyph, index + 1]));
    this.variants.forEach((variant, i) => map.writeUInt16BE(subsetGid.get(variant.glyph)!, (1 + this.glyphs.length + i) * 2));
    const stream = writer.ref({ Filter: "FlateDecode" });
    stream.end(deflateSync(map));
    return stream;
  }

  private valid(glyphId: number): boolean {
    return Number.isInteger(glyphId) && glyphId >= 0 && glyphId < this.info.numGlyphs;
  }

  private designWidth(glyph: number, cache: Map<number, number>): number {
    let width = cache.get(glyph);
    if (width === undefined) {
      const truetype = this.info.truetype;
      const advance = truetype ? advanceWidthOf(truetype, glyph) : this.face.font.getGlyph(glyph).advanceWidth;
      width = Math.round((advance * 1_000_000) / this.info.unitsPerEm) / 1000;
      cache.set(glyph, width);
    }
    return width;
  }

  /** The subset font program, deflated; reused across documents that use the same glyphs of this face. */
  private encode(key: string): EncodedSubset {
    const cache = this.info.encoded;
    const cached = cache.get(key);
    if (cached !== undefined) {
      cache.delete(key);
      cache.set(key, cached); // most recently used last
      return cached;
    }
    const encoded = this.encodeProgram();
    if (cache.size >= ENCODED_PER_FACE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, encoded);
    return encoded;
  }

  private encodeProgram(): EncodedSubset {
    const truetype = this.info.truetype;
    if (truetype !== undefined) {
      try {
        const program = subsetTrueType(truetype, this.glyphs);
        return { file: deflateSync(program), length1: program.length, cff: false };
      } catch {
        // A malformed glyph table: let fontkit try (it reports or works around more cases).
      }
    }
    const subset = this.face.font.createSubset();
    for (const glyph of this.glyphs) subset.includeGlyph(this.face.font.getGlyph(glyph));
    const program = subset.encode();
    return { file: deflateSync(program), length1: program.length, cff: (subset as unknown as { cff?: unknown }).cff != null };
  }

  /** The text each CID from 1 on stands for: the glyphs' own CIDs, then the further texts' ("" for marks). */
  private cidTexts(): string[] {
    const texts = new Array<string>(this.glyphs.length + this.variants.length);
    let at = 0;
    for (const glyph of this.glyphs) texts[at++] = this.texts[glyph]?.[0] ?? "";
    for (const variant of this.variants) texts[at++] = variant.text;
    return texts;
  }
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** CID → Unicode for extraction and search (CID i + 1 stands for texts[i]); ligatures map to several characters, marks to none. */
function toUnicodeCMap(texts: readonly string[]): string {
  const entries: string[] = [];
  texts.forEach((raw, index) => {
    if (raw === "") return;
    const text = visualCluster(raw);
    let utf16 = "";
    for (let i = 0; i < text.length && i < 64; i++) utf16 += hex4(text.charCodeAt(i));
    entries.push(`<${hex4(index + 1)}> <${utf16}>`);
  });
  let blocks = "";
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    blocks += `${block.length} beginbfchar\n${block.join("\n")}\nendbfchar\n`;
  }
  return (
    "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
    "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
    "1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n" +
    blocks +
    "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
  );
}
