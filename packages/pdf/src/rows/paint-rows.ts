// The merged PDF of a batch painted from its rows' encoded layouts (./codec.ts), so no row is laid out twice.
// Two passes over the rows, one row in memory at a time (plus a few read ahead): the first collects every
// glyph and image (font subsets need the whole glyph set before the first page is painted, so CIDs are the
// same as when all pages are painted at once) from the glyph arrays alone, the second rebuilds and paints the
// pages in row order. A row's bytes are therefore read twice; that is cheaper than holding 2,000 decoded rows
// (~100 MB of objects) at once. The page contents painted in the second pass are deflated on a thread of their
// own (../paint/deflate-thread.ts) while the next rows are painted.
import type { FontFace, FrameImage } from "@docsvc/layout";
import { BaseBackground } from "../base/background.js";
import { loadDesignerFonts } from "../fonts/load.js";
import { DeflateThread } from "../paint/deflate-thread.js";
import { DocumentPainter } from "../paint/document.js";
import { PdfWriter } from "../paint/pdfkit.js";
import { baseLayer, type RenderOptions } from "../render.js";
import { EncodedRow } from "./codec.js";

/** Where the rows come from: `read(i)` answers row i's encodeRowLayout bytes (called twice per row, in order). */
export interface MergedRowSource {
  readonly count: number;
  read(index: number): Promise<Uint8Array>;
}

/** What paintMergedRows answers: the PDF, its pages and each row's page count (in row order). */
export interface MergedRowsReport {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly rowPages: readonly number[];
}

/** Rows read ahead of the one being decoded, so reading (another thread, a disk) overlaps painting. */
const READ_AHEAD = 8;
/** Groups of page contents (paint/deferred-contents.ts) whose deflate may still run while the next rows are painted. */
const DEFLATES_AHEAD = 2;

async function eachRow(source: MergedRowSource, visit: (row: EncodedRow, index: number) => void | Promise<void>): Promise<void> {
  const pending: Promise<Uint8Array>[] = [];
  const start = (i: number): void => {
    const read = source.read(i);
    // A read still ahead when an earlier row fails is never awaited: it must not become an unhandled rejection.
    read.catch(() => undefined);
    pending.push(read);
  };
  for (let i = 0; i < Math.min(READ_AHEAD, source.count); i++) start(i);
  for (let i = 0; i < source.count; i++) {
    const bytes = await (pending.shift() as Promise<Uint8Array>);
    if (i + READ_AHEAD < source.count) start(i + READ_AHEAD);
    await visit(EncodedRow.read(bytes), i);
  }
}

/** Paints the rows' layouts into one PDF whose pages follow the row order (fonts and images embedded once). */
export async function paintMergedRows(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics"> = {}): Promise<MergedRowsReport> {
  if (source.count === 0) throw new Error("A merged document needs at least one row.");
  const deflater = new DeflateThread();
  try {
    return await paintWith(source, options, deflater);
  } finally {
    await deflater.close();
  }
}

async function paintWith(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics">, deflater: DeflateThread): Promise<MergedRowsReport> {
  const fonts = options.fonts ?? (await loadDesignerFonts());
  const faces = new Map<string, FontFace>();
  const images = new Map<string, FrameImage>();
  const rowPages: number[] = [];
  let painter: DocumentPainter | undefined;
  let writer: PdfWriter | undefined;
  // 1. collect, from the runs alone (no page is rebuilt): what DocumentPainter.collectPages does for pages. The
  //    first row names the document's language and direction (every row shares the template).
  await eachRow(source, (row, index) => {
    const { header } = row;
    if (index === 0) {
      // Page contents are deflated on another thread while the next rows are painted (paint/deferred-contents.ts).
      writer = new PdfWriter({ title: options.title, now: options.now ?? new Date(), language: header.language, direction: header.direction, deferContents: deflater.deflate });
      painter = new DocumentPainter(writer, { faces, images });
    }
    const document = painter!;
    // Face and image keys name their content (font id, image hash), so rows share entries safely.
    for (const key of header.faces) {
      const face = faces.has(key) ? undefined : fonts.face(key);
      if (face !== undefined) faces.set(key, face);
    }
    if (header.images.some(({ key }) => !images.has(key))) for (const [key, image] of row.images()) if (!images.has(key)) images.set(key, image);
    for (const key of header.imageKeys) document.useImage(key);
    const starts = row.textStarts();
    for (let r = 0; r < header.runs; r++) {
      const count = row.runCounts[r]!;
      if (count === 0) continue;
      const subset = document.subsetFor(header.faces[row.runFaces[r]!]!);
      // Glyphs without text of their own are painted as outlines (paint/text.ts), not from the subset.
      for (let i = row.runStarts[r]!, end = i + count; i < end; i++) {
        if (row.textLengths[i] !== 0) subset.use(row.ids[i]!, header.texts.slice(starts[i], starts[i + 1]));
      }
    }
    rowPages.push(header.pages);
  });
  if (painter === undefined || writer === undefined) throw new Error("A merged document needs at least one row.");
  const document = painter;
  document.seal();
  await document.prepareImages();
  const pageCount = rowPages.reduce((a, b) => a + b, 0);
  const base = await baseLayer(options);
  if (base.layer !== undefined) {
    // Each row starts again at the base PDF's first page.
    const pageIndexes = rowPages.flatMap((count) => Array.from({ length: count }, (_, i) => i));
    document.background = await BaseBackground.create(writer, { ...base.layer, pageIndexes }, pageCount);
  }
  // 2. paint, row by row.
  let pageIndex = 0;
  const pdfWriter = writer;
  await eachRow(source, async (row) => {
    for (const page of row.pages()) document.paintPage(page, pageIndex++);
    // A few pages ahead of the deflates at most: the raw contents waiting for them stay a few pages' worth.
    await pdfWriter.settleContents(DEFLATES_AHEAD);
  });
  document.embedFonts();
  return { pdf: await writer.end(), pageCount, rowPages };
}
