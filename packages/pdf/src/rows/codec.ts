// A laid-out row of a merged batch as bytes: what the row's render worker keeps so the merged PDF is painted
// from it later (in another thread, after a restart) without laying the row out again.
//
// Glyphs are the bulk of a page (an invoice page holds ~2,000), so they live in typed arrays (id, advance, the
// length of their text; offsets only for the few glyphs that have one), float64 so a decoded layout paints
// exactly as the original. Everything else is JSON, which V8 parses faster than structured clone reads an
// object graph. The runs (face, first glyph, count) are also kept apart, in item order, so the merged
// painter's first pass (collect glyphs for the font subsets) reads them without rebuilding any page.
//
// Text items are most of a page's items (an invoice page: ~100 of ~120) and their places were nearly all the
// floats left in the JSON, and formatting floats and walking objects is JSON.stringify's time; so version 4 keeps
// text items out of the JSON altogether: each is a 0 in its items array (its place in item order), and its
// fields live with its run: x, y and size in a float64 array (exact, like the glyphs), its colour as an index
// into the header's colours, its text in the header, a skew (rare) in the header by run.
//
// Layout of the bytes: a header of five uint32 (magic, version, header JSON length, pages JSON length, glyph
// count), the two JSON texts (UTF-8), then the arrays, each at an 8-byte boundary, then the image bytes, then
// (version 4) at the next 8-byte boundary the runs' numbers (x, y, size: float64) and colours (uint16), the last
// `runs * 26` bytes.
import { flattenField } from "@docsvc/layout";
import type { FontRegistry, FrameImage, FrameItem, LayoutResult, Page, PositionedGlyph, TextRunItem } from "@docsvc/layout";

const MAGIC = 0x44525731; // "DRW1"
/**
 * Version 4 keeps text items' x and y in an array; version 3 left text items without a run index (runs follow
 * item order), version 2 named it. Both are still read (a batch may be stored across an upgrade).
 */
const VERSION = 4;
const VERSION_WITH_PLACES_IN_JSON = 3;
const VERSION_WITH_RUN_KEYS = 2;

/** What the header JSON holds. */
interface Header {
  readonly pages: number;
  readonly language?: string;
  readonly direction?: "ltr" | "rtl";
  /** Face keys, in order of first use; runs name them by index. */
  readonly faces: readonly string[];
  readonly runs: number;
  readonly offsets: number;
  /** Every glyph's text, concatenated (lengths in the arrays). */
  readonly texts: string;
  /** Image keys in order of first use, and the images themselves (bytes after the arrays). */
  readonly imageKeys: readonly string[];
  readonly images: readonly { readonly key: string; readonly format: FrameImage["format"]; readonly width: number; readonly height: number; readonly length: number }[];
  /** Version 4: the text items' colours (runs name them by index), their texts by run, and [run, skew] pairs. */
  readonly colors?: readonly string[];
  readonly runTexts?: readonly string[];
  readonly skews?: readonly (readonly [run: number, skew: number])[];
}

/** Bytes per run at the end of a version 4 row: x, y and size (float64), the colour index (uint16). */
const RUN_TAIL_BYTES = 26;

/**
 * A text item as stored in the pages JSON, without glyphs: its glyphs are the next run of the arrays (text items
 * in depth-first order), or, in version 2, run `run`.
 */
type StoredRun = Omit<TextRunItem, "glyphs"> & { readonly run?: number };

/** A decoded row: the header, the glyph arrays and the JSON of its pages (parsed only when painting). */
export class EncodedRow {
  private constructor(
    readonly header: Header,
    readonly ids: Uint32Array,
    readonly advances: Float64Array,
    readonly textLengths: Uint16Array,
    readonly runFaces: Uint16Array,
    readonly runStarts: Uint32Array,
    readonly runCounts: Uint32Array,
    readonly offsetIndexes: Uint32Array,
    readonly offsets: Float64Array,
    private readonly pagesJson: Uint8Array,
    private readonly imageBytes: Uint8Array,
    private readonly runKeys: boolean,
    /** x, y, size of each run's text item, and its colour (version 4); undefined when the JSON holds the items. */
    private readonly runTail: { readonly numbers: Float64Array; readonly colors: Uint16Array } | undefined,
  ) {}

  /** Reads encodeRowLayout's bytes (the arrays are views on them when aligned). */
  static read(input: Uint8Array): EncodedRow {
    const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = bytes.byteLength < 20 || view.getUint32(0, true) !== MAGIC ? 0 : view.getUint32(4, true);
    if (version !== VERSION && version !== VERSION_WITH_PLACES_IN_JSON && version !== VERSION_WITH_RUN_KEYS) throw new Error("Not an encoded row layout.");
    const headerLength = view.getUint32(8, true);
    const pagesLength = view.getUint32(12, true);
    const glyphs = view.getUint32(16, true);
    const decoder = new TextDecoder();
    const header = JSON.parse(decoder.decode(bytes.subarray(20, 20 + headerLength))) as Header;
    // Decoded when the pages are (the merged painter's first pass reads only the header and the arrays).
    const pagesJson = bytes.subarray(20 + headerLength, 20 + headerLength + pagesLength);
    let at = align(20 + headerLength + pagesLength);
    const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, length: number, size: number): T => {
      const array = make(bytes.buffer, bytes.byteOffset + at, length);
      at = align(at + length * size);
      return array;
    };
    const ids = take((b, o, l) => new Uint32Array(b, o, l), glyphs, 4);
    const advances = take((b, o, l) => new Float64Array(b, o, l), glyphs, 8);
    const textLengths = take((b, o, l) => new Uint16Array(b, o, l), glyphs, 2);
    const runFaces = take((b, o, l) => new Uint16Array(b, o, l), header.runs, 2);
    const runStarts = take((b, o, l) => new Uint32Array(b, o, l), header.runs, 4);
    const runCounts = take((b, o, l) => new Uint32Array(b, o, l), header.runs, 4);
    const offsetIndexes = take((b, o, l) => new Uint32Array(b, o, l), header.offsets, 4);
    const offsets = take((b, o, l) => new Float64Array(b, o, l), header.offsets * 2, 8);
    const tailLength = version === VERSION ? header.runs * RUN_TAIL_BYTES : 0;
    const tailAt = bytes.byteOffset + bytes.byteLength - tailLength;
    const runTail = version === VERSION
      ? { numbers: new Float64Array(bytes.buffer, tailAt, header.runs * 3), colors: new Uint16Array(bytes.buffer, tailAt + header.runs * 24, header.runs) }
      : undefined;
    const imageBytes = bytes.subarray(at, bytes.byteLength - tailLength);
    return new EncodedRow(header, ids, advances, textLengths, runFaces, runStarts, runCounts, offsetIndexes, offsets, pagesJson, imageBytes, version === VERSION_WITH_RUN_KEYS, runTail);
  }

  /** The row's images by key (copies of their bytes, so a kept image does not hold the whole row). */
  images(): Map<string, FrameImage> {
    const images = new Map<string, FrameImage>();
    let at = 0;
    for (const { key, format, width, height, length } of this.header.images) {
      images.set(key, { format, width, height, bytes: this.imageBytes.slice(at, at + length) });
      at += length;
    }
    return images;
  }

  private starts: Uint32Array | undefined;

  /** Where each glyph's text starts in `header.texts` (one more entry than glyphs). */
  textStarts(): Uint32Array {
    if (this.starts === undefined) {
      const starts = new Uint32Array(this.ids.length + 1);
      for (let i = 0; i < this.ids.length; i++) starts[i + 1] = starts[i]! + this.textLengths[i]!;
      this.starts = starts;
    }
    return this.starts;
  }

  /** The pages, glyph objects rebuilt. */
  pages(): Page[] {
    const { texts } = this.header;
    const textStarts = this.textStarts();
    const offsetAt = new Map<number, number>();
    this.offsetIndexes.forEach((glyph, i) => offsetAt.set(glyph, i * 2));
    const glyphsOf = (run: number): PositionedGlyph[] => {
      const start = this.runStarts[run]!;
      const count = this.runCounts[run]!;
      const glyphs: PositionedGlyph[] = new Array(count);
      for (let k = 0; k < count; k++) {
        const i = start + k;
        const offset = offsetAt.size === 0 ? undefined : offsetAt.get(i);
        glyphs[k] = {
          id: this.ids[i]!,
          advance: this.advances[i]!,
          dx: offset === undefined ? 0 : this.offsets[offset]!,
          dy: offset === undefined ? 0 : this.offsets[offset + 1]!,
          text: texts.slice(textStarts[i], textStarts[i + 1]),
        };
      }
      return glyphs;
    };
    const tail = this.runTail;
    const { faces, colors = [], runTexts = [], skews = [] } = this.header;
    const skewOf = new Map(skews);
    // A version 4 text item, rebuilt from its run (its keys in the order layout writes them).
    const textItemOf = (run: number): TextRunItem => {
      const numbers = tail!.numbers;
      const item = {
        kind: "text" as const,
        x: numbers[run * 3]!,
        y: numbers[run * 3 + 1]!,
        face: faces[this.runFaces[run]!]!,
        size: numbers[run * 3 + 2]!,
        color: colors[tail!.colors[run]!]!,
        glyphs: glyphsOf(run),
        text: runTexts[run]!,
      };
      const skew = skewOf.get(run);
      return skew === undefined ? item : { ...item, skew };
    };
    let nextRun = 0;
    const attach = (items: (FrameItem | StoredRun | 0)[]): FrameItem[] => {
      for (let n = 0; n < items.length; n++) {
        const item = items[n]!;
        if (item === 0) items[n] = textItemOf(nextRun++);
        else if (item.kind === "group") attach(item.items as (FrameItem | StoredRun | 0)[]);
        else if (item.kind === "text") {
          // In place, not a copy: the item was parsed from this row's JSON just now and is nobody else's.
          const stored = item as { run?: number; glyphs?: PositionedGlyph[] };
          if (this.runKeys) {
            // `run` is its last key (version 2 wrote it last): V8 deletes an object's last-added property cheaply.
            const run = stored.run!;
            delete stored.run;
            stored.glyphs = glyphsOf(run);
          } else stored.glyphs = glyphsOf(nextRun++);
        }
      }
      return items as FrameItem[];
    };
    const pages = JSON.parse(new TextDecoder().decode(this.pagesJson)) as { width: number; height: number; items: (FrameItem | StoredRun | 0)[] }[];
    return pages.map((page) => ({ width: page.width, height: page.height, items: attach(page.items) }));
  }
}

function align(at: number): number {
  return (at + 7) & ~7;
}

/** Encodes a layout's pages, images, language and direction (diagnostics are the row's own business). */
export function encodeRowLayout(layout: LayoutResult): Uint8Array {
  let glyphCount = 0;
  let runCount = 0;
  const count = (items: readonly FrameItem[]): void => {
    for (const item of items) {
      if (item.kind === "text") {
        glyphCount += item.glyphs.length;
        runCount += 1;
      } else if (item.kind === "group") count(item.items);
      else if (item.kind === "field") count([flattenField(item)]);
    }
  };
  for (const page of layout.pages) count(page.items);
  const ids = new Uint32Array(glyphCount);
  const advances = new Float64Array(glyphCount);
  const textLengths = new Uint16Array(glyphCount);
  const runFaces = new Uint16Array(runCount);
  const runStarts = new Uint32Array(runCount);
  const runCounts = new Uint32Array(runCount);
  const runNumbers = new Float64Array(runCount * 3);
  const runColors = new Uint16Array(runCount);
  const colors = new Map<string, number>();
  const runTexts: string[] = [];
  const skews: [run: number, skew: number][] = [];
  const offsetIndexes: number[] = [];
  const offsets: number[] = [];
  const faces = new Map<string, number>();
  const imageKeys = new Set<string>();
  let texts = "";
  let next = 0;
  let run = 0;
  // Items are written as they are but for text items, a 0 each (their fields go with their runs); groups are
  // copied with their items so written, other items are not copied.
  const pack = (items: readonly FrameItem[]): (FrameItem | 0)[] => {
    const written: (FrameItem | 0)[] = new Array(items.length);
    for (let n = 0; n < items.length; n++) {
      const stored = items[n]!;
      // A merged batch's fields are drawn as plain content (docs/forms.md): the row keeps their look only.
      const item = stored.kind === "field" ? flattenField(stored) : stored;
      if (item.kind === "group") {
        written[n] = { ...item, items: pack(item.items) as FrameItem[] };
        continue;
      }
      if (item.kind === "image") imageKeys.add(item.image);
      if (item.kind !== "text") {
        written[n] = item;
        continue;
      }
      written[n] = 0;
      const glyphs = item.glyphs;
      let face = faces.get(item.face);
      if (face === undefined) faces.set(item.face, (face = faces.size));
      let color = colors.get(item.color);
      if (color === undefined) colors.set(item.color, (color = colors.size));
      runFaces[run] = face;
      runStarts[run] = next;
      runCounts[run] = glyphs.length;
      runNumbers[run * 3] = item.x;
      runNumbers[run * 3 + 1] = item.y;
      runNumbers[run * 3 + 2] = item.size;
      runColors[run] = color;
      runTexts.push(item.text);
      if (item.skew !== undefined) skews.push([run, item.skew]);
      run++;
      for (let g = 0; g < glyphs.length; g++) {
        const glyph = glyphs[g]!;
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
    }
    return written;
  };
  const pagesJson = JSON.stringify(layout.pages.map((page) => ({ width: page.width, height: page.height, items: pack(page.items) })));
  const images = [...imageKeys].flatMap((key) => {
    const image = layout.images.get(key);
    return image === undefined ? [] : [{ key, image }];
  });
  const header: Header = {
    pages: layout.pages.length,
    ...(layout.language !== undefined ? { language: layout.language } : {}),
    ...(layout.direction !== undefined ? { direction: layout.direction } : {}),
    faces: [...faces.keys()],
    runs: runCount,
    offsets: offsetIndexes.length,
    texts,
    imageKeys: [...imageKeys],
    images: images.map(({ key, image }) => ({ key, format: image.format, width: image.width, height: image.height, length: image.bytes.byteLength })),
    colors: [...colors.keys()],
    runTexts,
    ...(skews.length > 0 ? { skews } : {}),
  };
  const encoder = new TextEncoder();
  const headerBytes = encoder.encode(JSON.stringify(header));
  const pagesBytes = encoder.encode(pagesJson);
  const arrays: Uint8Array[] = [ids, advances, textLengths, runFaces, runStarts, runCounts, Uint32Array.from(offsetIndexes), Float64Array.from(offsets)].map(
    (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
  );
  let length = align(20 + headerBytes.length + pagesBytes.length);
  for (const a of arrays) length = align(length + a.byteLength);
  for (const { image } of images) length += image.bytes.byteLength;
  length = align(length) + runCount * RUN_TAIL_BYTES;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  view.setUint32(12, pagesBytes.length, true);
  view.setUint32(16, glyphCount, true);
  bytes.set(headerBytes, 20);
  bytes.set(pagesBytes, 20 + headerBytes.length);
  let at = align(20 + headerBytes.length + pagesBytes.length);
  for (const a of arrays) {
    bytes.set(a, at);
    at = align(at + a.byteLength);
  }
  for (const { image } of images) {
    bytes.set(image.bytes, at);
    at += image.bytes.byteLength;
  }
  const tailAt = length - runCount * RUN_TAIL_BYTES;
  bytes.set(new Uint8Array(runNumbers.buffer), tailAt);
  bytes.set(new Uint8Array(runColors.buffer), tailAt + runNumbers.byteLength);
  return bytes;
}

/** A row's layout decoded for painting: pages, the faces and images they name, language and direction. */
export type RowLayout = Pick<LayoutResult, "pages" | "faces" | "images" | "language" | "direction">;

/** Decodes encodeRowLayout's bytes whole; faces are looked up by key in `fonts` (the registry the row was laid out with). */
export function decodeRowLayout(bytes: Uint8Array, fonts: FontRegistry): RowLayout {
  const row = EncodedRow.read(bytes);
  const faces = new Map<string, NonNullable<ReturnType<FontRegistry["face"]>>>();
  for (const key of row.header.faces) {
    const face = fonts.face(key);
    if (face !== undefined) faces.set(key, face);
  }
  return {
    pages: row.pages(),
    faces,
    images: row.images(),
    ...(row.header.language !== undefined ? { language: row.header.language } : {}),
    ...(row.header.direction !== undefined ? { direction: row.header.direction } : {}),
  };
}
