// A laid-out row of a merged batch as bytes: what the row's render worker keeps so the merged PDF is painted
// from it later (in another thread, after a restart) without laying the row out again. Glyphs are the bulk of
// a page (an invoice page holds ~2,000), so the runs' glyphs are packed into a few typed arrays per row
// (about 13 bytes a glyph instead of ~45 for cloned objects); numbers stay float64, so a decoded layout paints
// exactly as the original. Faces travel as keys (resolved in the painting thread's registry); images whole.
import type { FontRegistry, FrameImage, FrameItem, LayoutResult, Page, PositionedGlyph, TextRunItem } from "@docsvc/layout";
import { deserialize, serialize } from "node:v8";

/** A text run as stored: the glyphs are `count` entries from `start` in the row's glyph arrays. */
type PackedRun = Omit<TextRunItem, "glyphs"> & { readonly start: number; readonly count: number };
type PackedItem = Exclude<FrameItem, TextRunItem | { kind: "group" }> | PackedRun | PackedGroup;
interface PackedGroup {
  readonly kind: "group";
  readonly transform?: readonly number[];
  readonly clip?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly radius?: number };
  readonly opacity?: number;
  readonly items: readonly PackedItem[];
}

interface PackedRow {
  readonly version: 1;
  readonly pages: readonly { readonly width: number; readonly height: number; readonly items: readonly PackedItem[] }[];
  readonly images: readonly (readonly [string, FrameImage])[];
  readonly language?: string;
  readonly direction?: "ltr" | "rtl";
  readonly ids: Uint32Array;
  readonly advances: Float64Array;
  /** Glyphs with an offset (rare: marks, superscripts): their indexes, and dx, dy pairs. */
  readonly offsetIndexes: Uint32Array;
  readonly offsets: Float64Array;
  /** Every glyph's text, concatenated, and each one's length in UTF-16 units. */
  readonly texts: string;
  readonly textLengths: Uint16Array;
}

/** A row's layout decoded for painting: pages, the faces and images they name, language and direction. */
export type RowLayout = Pick<LayoutResult, "pages" | "faces" | "images" | "language" | "direction">;

/** Encodes a layout's pages, images, language and direction (diagnostics are the row's own business). */
export function encodeRowLayout(layout: LayoutResult): Uint8Array {
  let glyphCount = 0;
  const count = (items: readonly FrameItem[]): void => {
    for (const item of items) {
      if (item.kind === "text") glyphCount += item.glyphs.length;
      else if (item.kind === "group") count(item.items);
    }
  };
  for (const page of layout.pages) count(page.items);
  const ids = new Uint32Array(glyphCount);
  const advances = new Float64Array(glyphCount);
  const textLengths = new Uint16Array(glyphCount);
  const offsetIndexes: number[] = [];
  const offsets: number[] = [];
  let texts = "";
  let next = 0;
  const pack = (items: readonly FrameItem[]): PackedItem[] =>
    items.map((item): PackedItem => {
      if (item.kind === "group") return { ...item, items: pack(item.items) };
      if (item.kind !== "text") return item;
      const { glyphs, ...run } = item;
      const start = next;
      for (const glyph of glyphs) {
        ids[next] = glyph.id;
        advances[next] = glyph.advance;
        textLengths[next] = glyph.text.length;
        texts += glyph.text;
        if (glyph.dx !== 0 || glyph.dy !== 0) {
          offsetIndexes.push(next);
          offsets.push(glyph.dx, glyph.dy);
        }
        next++;
      }
      return { ...run, start, count: glyphs.length };
    });
  const row: PackedRow = {
    version: 1,
    pages: layout.pages.map((page) => ({ width: page.width, height: page.height, items: pack(page.items) })),
    images: [...layout.images],
    ...(layout.language !== undefined ? { language: layout.language } : {}),
    ...(layout.direction !== undefined ? { direction: layout.direction } : {}),
    ids,
    advances,
    offsetIndexes: Uint32Array.from(offsetIndexes),
    offsets: Float64Array.from(offsets),
    texts,
    textLengths,
  };
  const bytes = serialize(row);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Decodes encodeRowLayout's bytes; faces are looked up by key in `fonts` (the registry the row was laid out with). */
export function decodeRowLayout(bytes: Uint8Array, fonts: FontRegistry): RowLayout {
  const row = deserialize(bytes) as PackedRow;
  if (row?.version !== 1) throw new Error("Not an encoded row layout.");
  const { ids, advances, offsetIndexes, offsets, texts, textLengths } = row;
  // Text start of each glyph, and the offsets by glyph index.
  const textStarts = new Uint32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) textStarts[i + 1] = textStarts[i]! + textLengths[i]!;
  const offsetAt = new Map<number, number>();
  offsetIndexes.forEach((glyph, i) => offsetAt.set(glyph, i * 2));
  const faces = new Map<string, NonNullable<ReturnType<FontRegistry["face"]>>>();
  const unpack = (items: readonly PackedItem[]): FrameItem[] =>
    items.map((item): FrameItem => {
      if (item.kind === "group") return { ...item, items: unpack(item.items) } as FrameItem;
      if (item.kind !== "text") return item;
      const { start, count, ...run } = item;
      const glyphs: PositionedGlyph[] = new Array(count);
      for (let k = 0; k < count; k++) {
        const i = start + k;
        const offset = offsetAt.get(i);
        glyphs[k] = {
          id: ids[i]!,
          advance: advances[i]!,
          dx: offset === undefined ? 0 : offsets[offset]!,
          dy: offset === undefined ? 0 : offsets[offset + 1]!,
          text: texts.slice(textStarts[i], textStarts[i + 1]),
        };
      }
      if (!faces.has(run.face)) {
        const face = fonts.face(run.face);
        if (face !== undefined) faces.set(run.face, face);
      }
      return { ...run, glyphs };
    });
  const pages: Page[] = row.pages.map((page) => ({ width: page.width, height: page.height, items: unpack(page.items) }));
  return {
    pages,
    faces,
    images: new Map(row.images),
    ...(row.language !== undefined ? { language: row.language } : {}),
    ...(row.direction !== undefined ? { direction: row.direction } : {}),
  };
}
