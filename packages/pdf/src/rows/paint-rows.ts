// The merged PDF of a batch painted from its rows' encoded layouts (./codec.ts), so no row is laid out twice.
// Two passes over the rows, one row in memory at a time (plus a few read ahead): the first collects every
// glyph and image (font subsets need the whole glyph set before the first page is painted, so CIDs are the
// same as when all pages are painted at once), the second paints the pages in row order. A row's bytes are
// therefore read twice; that is cheaper than holding 2,000 decoded rows (~100 MB) at once.
import type { FontFace, FrameImage } from "@docsvc/layout";
import { BaseBackground } from "../base/background.js";
import { loadDesignerFonts } from "../fonts/load.js";
import { DocumentPainter } from "../paint/document.js";
import { PdfWriter } from "../paint/pdfkit.js";
import { baseLayer, type RenderOptions } from "../render.js";
import { decodeRowLayout, type RowLayout } from "./codec.js";

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

async function eachRow(source: MergedRowSource, fonts: NonNullable<RenderOptions["fonts"]>, visit: (row: RowLayout, index: number) => void): Promise<void> {
  const pending: Promise<Uint8Array>[] = [];
  for (let i = 0; i < Math.min(READ_AHEAD, source.count); i++) pending.push(source.read(i));
  for (let i = 0; i < source.count; i++) {
    const bytes = await (pending.shift() as Promise<Uint8Array>);
    if (i + READ_AHEAD < source.count) pending.push(source.read(i + READ_AHEAD));
    visit(decodeRowLayout(bytes, fonts), i);
  }
}

/** Paints the rows' layouts into one PDF whose pages follow the row order (fonts and images embedded once). */
export async function paintMergedRows(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics"> = {}): Promise<MergedRowsReport> {
  if (source.count === 0) throw new Error("A merged document needs at least one row.");
  const fonts = options.fonts ?? (await loadDesignerFonts());
  const faces = new Map<string, FontFace>();
  const images = new Map<string, FrameImage>();
  const rowPages: number[] = [];
  let painter: DocumentPainter | undefined;
  let writer: PdfWriter | undefined;
  // 1. collect: the first row names the document's language and direction (every row shares the template).
  await eachRow(source, fonts, (row, index) => {
    if (index === 0) {
      writer = new PdfWriter({ title: options.title, now: options.now ?? new Date(), language: row.language, direction: row.direction });
      painter = new DocumentPainter(writer, { faces, images });
    }
    // Face and image keys name their content (font id, image hash), so rows share entries safely.
    for (const [key, face] of row.faces) if (!faces.has(key)) faces.set(key, face);
    for (const [key, image] of row.images) if (!images.has(key)) images.set(key, image);
    painter!.collectPages(row.pages);
    rowPages.push(row.pages.length);
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
  await eachRow(source, fonts, (row) => {
    for (const page of row.pages) document.paintPage(page, pageIndex++);
  });
  document.embedFonts();
  return { pdf: await writer.end(), pageCount, rowPages };
}
