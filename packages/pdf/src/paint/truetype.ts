// A TrueType (glyf) subsetter working on the font file's bytes: the tables a PDF font program needs (head,
// hhea, maxp, loca, glyf, hmtx, cvt, fpgm, prep — the set fontkit's TTFSubset writes too), with glyphs copied
// byte for byte and composite glyphs' component ids renumbered. It does what fontkit's subsetter does at a
// fraction of its cost (no table decoding/re-encoding), which matters because a subset is built for every
// document whose glyph set differs from the last ones. Fonts it does not handle (CFF, collections, WOFF,
// variable fonts) are left to fontkit by the caller.

/** Where a plain TrueType font's tables are, read once per face. */
export interface TrueTypeFont {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly tables: ReadonlyMap<string, { readonly offset: number; readonly length: number }>;
  readonly numGlyphs: number;
  readonly numberOfHMetrics: number;
  readonly longLoca: boolean;
}

const REQUIRED = ["head", "hhea", "maxp", "loca", "glyf", "hmtx"];
const OPTIONAL = ["cvt ", "fpgm", "prep"];

/**
 * The `post` fields a font descriptor needs, as fontkit decodes them (italicAngle a 16.16 fixed-point number,
 * isFixedPitch a uint32), without decoding the rest of the table (a version 2 table names every glyph: ~20 ms
 * for Inter in a fresh process); undefined without a post table.
 */
export function readPostHeader(font: TrueTypeFont): { italicAngle: number; isFixedPitch: number } | undefined {
  const post = font.tables.get("post");
  if (!post || post.length < 16) return undefined;
  return { italicAngle: font.view.getInt32(post.offset + 4) / 65536, isFixedPitch: font.view.getUint32(post.offset + 12) };
}

/**
 * A glyph's advance width in font units, as fontkit's `advanceWidth` gives it for a static font (its hmtx entry, or
 * the last entry's past the end), without fontkit working out the glyph's vertical metrics from its outline.
 */
export function advanceWidthOf(font: TrueTypeFont, glyph: number): number {
  const metric = glyph < font.numberOfHMetrics ? glyph : font.numberOfHMetrics - 1;
  return font.view.getUint16(font.tables.get("hmtx")!.offset + metric * 4);
}

/** Reads the table directory; undefined when the bytes are not a static TrueType font this module handles. */
export function readTrueType(bytes: Uint8Array): TrueTypeFont | undefined {
  if (bytes.length < 12) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return undefined;
  const numTables = view.getUint16(4);
  if (12 + numTables * 16 > bytes.length) return undefined;
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const tag = String.fromCharCode(bytes[entry]!, bytes[entry + 1]!, bytes[entry + 2]!, bytes[entry + 3]!);
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    if (offset + length > bytes.length) return undefined;
    tables.set(tag, { offset, length });
  }
  if (!REQUIRED.every((tag) => tables.has(tag)) || tables.has("fvar") || tables.has("gvar")) return undefined;
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const maxp = tables.get("maxp")!;
  if (head.length < 54 || hhea.length < 36 || maxp.length < 6) return undefined;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const numberOfHMetrics = view.getUint16(hhea.offset + 34);
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const loca = tables.get("loca")!;
  if (numberOfHMetrics === 0 || loca.length < (numGlyphs + 1) * (longLoca ? 4 : 2)) return undefined;
  if (tables.get("hmtx")!.length < numberOfHMetrics * 4 + (numGlyphs - numberOfHMetrics) * 2) return undefined;
  return { bytes, view, tables, numGlyphs, numberOfHMetrics, longLoca };
}

function glyphRange(font: TrueTypeFont, glyph: number): [number, number] {
  const loca = font.tables.get("loca")!.offset;
  const glyf = font.tables.get("glyf")!;
  const [start, end] = font.longLoca
    ? [font.view.getUint32(loca + glyph * 4), font.view.getUint32(loca + glyph * 4 + 4)]
    : [font.view.getUint16(loca + glyph * 2) * 2, font.view.getUint16(loca + glyph * 2 + 2) * 2];
  if (end < start || end > glyf.length) throw new RangeError(`Glyph ${glyph} lies outside the glyf table`);
  return [glyf.offset + start, glyf.offset + end];
}

// Composite glyph flags (OpenType spec, 'glyf' table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/**
 * Builds a font program holding .notdef (new id 0), then `glyphs` in the given order (new ids 1…n), then
 * any composite components they need. Throws on a malformed glyph (the caller falls back to fontkit).
 */
export function subsetTrueType(font: TrueTypeFont, glyphs: readonly number[]): Uint8Array {
  const order: number[] = [0];
  const newId = new Map<number, number>([[0, 0]]);
  const include = (glyph: number): number => {
    let id = newId.get(glyph);
    if (id === undefined) {
      if (glyph >= font.numGlyphs) throw new RangeError(`Glyph ${glyph} is not in the font`);
      id = order.length;
      order.push(glyph);
      newId.set(glyph, id);
    }
    return id;
  };
  for (const glyph of glyphs) include(glyph);

  // glyf + loca (long offsets, glyphs 4-byte aligned); components appended to `order` while walking it.
  const pieces: Uint8Array[] = [];
  const offsets: number[] = [];
  let glyfLength = 0;
  for (let i = 0; i < order.length; i++) {
    const [start, end] = glyphRange(font, order[i]!);
    let data = font.bytes.subarray(start, end);
    if (data.length >= 10 && font.view.getInt16(start) < 0) {
      data = copyOf(data);
      const view = new DataView(data.buffer);
      let at = 10;
      for (;;) {
        if (at + 4 > data.length) throw new RangeError(`Composite glyph ${order[i]} is truncated`);
        const flags = view.getUint16(at);
        view.setUint16(at + 2, include(view.getUint16(at + 2)));
        at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
        if (flags & WE_HAVE_A_SCALE) at += 2;
        else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
        else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
        if (!(flags & MORE_COMPONENTS)) break;
      }
    }
    offsets.push(glyfLength);
    pieces.push(data);
    glyfLength += (data.length + 3) & ~3;
  }
  offsets.push(glyfLength);

  const count = order.length;
  const glyf = new Uint8Array(glyfLength);
  pieces.forEach((piece, i) => glyf.set(piece, offsets[i]!));
  const loca = new Uint8Array(offsets.length * 4);
  const locaView = new DataView(loca.buffer);
  offsets.forEach((offset, i) => locaView.setUint32(i * 4, offset));

  // hmtx: a full metric (advance, left side bearing) per glyph.
  const hmtxOffset = font.tables.get("hmtx")!.offset;
  const hmtx = new Uint8Array(count * 4);
  const hmtxView = new DataView(hmtx.buffer);
  order.forEach((glyph, i) => {
    const metric = Math.min(glyph, font.numberOfHMetrics - 1);
    const advance = font.view.getUint16(hmtxOffset + metric * 4);
    const bearing =
      glyph < font.numberOfHMetrics
        ? font.view.getInt16(hmtxOffset + glyph * 4 + 2)
        : font.view.getInt16(hmtxOffset + font.numberOfHMetrics * 4 + (glyph - font.numberOfHMetrics) * 2);
    hmtxView.setUint16(i * 4, advance);
    hmtxView.setInt16(i * 4 + 2, bearing);
  });

  const copy = (tag: string, length?: number): Uint8Array => {
    const table = font.tables.get(tag)!;
    return copyOf(font.bytes.subarray(table.offset, table.offset + (length ?? table.length)));
  };
  const head = copy("head", 54);
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, set below
  headView.setInt16(50, 1); // indexToLocFormat: long
  const hhea = copy("hhea", 36);
  new DataView(hhea.buffer).setUint16(34, count);
  const maxp = copy("maxp");
  new DataView(maxp.buffer).setUint16(4, count);

  const tables = new Map<string, Uint8Array>([
    ["head", head],
    ["hhea", hhea],
    ["maxp", maxp],
    ["loca", loca],
    ["glyf", glyf],
    ["hmtx", hmtx],
  ]);
  for (const tag of OPTIONAL) if (font.tables.has(tag)) tables.set(tag, copy(tag));
  const out = assemble(tables);
  const outView = new DataView(out.buffer);
  const headAt = outView.getUint32(tableRecord(out, "head") + 8);
  outView.setUint32(headAt + 8, (0xb1b0afba - wordSum(outView, 0, out.length)) >>> 0);
  return out;
}

/** A copy in a buffer of its own (a Node Buffer's `slice` would share, and writes would reach the font). */
function copyOf(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

/** Writes an sfnt: offset table, table records sorted by tag, tables 4-byte aligned with checksums. */
function assemble(tables: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const numTables = tags.length;
  let offset = 12 + numTables * 16;
  const placed = tags.map((tag) => {
    const data = tables.get(tag)!;
    const at = offset;
    offset += (data.length + 3) & ~3;
    return { tag, data, at };
  });
  const out = new Uint8Array(offset);
  const view = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  view.setUint32(0, 0x00010000);
  view.setUint16(4, numTables);
  view.setUint16(6, searchRange);
  view.setUint16(8, entrySelector);
  view.setUint16(10, numTables * 16 - searchRange);
  placed.forEach(({ tag, data, at }, i) => {
    out.set(data, at);
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) out[record + c] = tag.charCodeAt(c);
    // The table is zero-padded in `out`, so its checksum is a sum of whole words there.
    view.setUint32(record + 4, wordSum(view, at, (data.length + 3) & ~3));
    view.setUint32(record + 8, at);
    view.setUint32(record + 12, data.length);
  });
  return out;
}

function tableRecord(out: Uint8Array, tag: string): number {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (String.fromCharCode(out[record]!, out[record + 1]!, out[record + 2]!, out[record + 3]!) === tag) return record;
  }
  throw new Error(`No ${tag} table`);
}

/** The sfnt checksum of `length` bytes (a multiple of 4) from `start`: the sum of big-endian uint32s, modulo 2^32. */
function wordSum(view: DataView, start: number, length: number): number {
  let sum = 0;
  for (let i = start, end = start + length; i < end; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}
