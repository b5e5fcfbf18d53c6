// The merged PDF of a batch painted from its rows' encoded layouts (./codec.ts), so no row is laid out twice.
// Two passes over the rows, one row in memory at a time (plus a few read ahead): the first collects every
// glyph and image (font subsets need the whole glyph set before the first page is painted, so CIDs are the
// same as when all pages are painted at once) from the glyph arrays alone, the second rebuilds and paints the
// pages in row order. A row's bytes are therefore read twice; that is cheaper than holding 2,000 decoded rows
// (~100 MB of objects) at once. The page contents painted in the second pass are deflated on a thread of their
// own (../paint/deflate-thread.ts) while the next rows are painted.
//
// The second pass paints chunks of rows into content streams and resource names (./parts.ts) and writes them in
// row order (./assemble.ts). A helper thread (./helper.ts), when the caller gives one, paints chunks from the end
// of the document while this thread paints from the start, until they meet. What stays on this thread alone is
// the first pass and writing the document (measured through the render pool, 2,000 invoice rows: this thread's
// CPU 0.46-0.58 → 0.34-0.43 ms per row, the helper's 0.28-0.39). The bytes do not depend on who painted which chunk. Behind a base PDF the pages are painted
// here as one pdfkit document, as before (the base pages' form XObjects are this document's).
import { renderNow } from "../clock.js";
import type { FontFace, FrameImage } from "@docsvc/layout";
import { BaseBackground } from "../base/background.js";
import { loadDesignerFonts } from "../fonts/load.js";
import { deflateHere, DeflateThread } from "../paint/deflate-thread.js";
import { DocumentPainter } from "../paint/document.js";
import { PdfWriter } from "../paint/pdfkit.js";
import type { ContentDeflate } from "../paint/deferred-contents.js";
import type { BaseLayer } from "../base/background.js";
import { baseLayer, protectedPdf, renderStandards, type RenderOptions } from "../render.js";
import { archiveStandard } from "../standards/levels.js";
import { assertGlyphConforms } from "../standards/conform.js";
import { standardsTitle, writeStandards, type StandardsPlan } from "../standards/write.js";
import { EncodedRow } from "./codec.js";
import { PartAssembler } from "./assemble.js";
import { unpackChunk, type FromHelper, type MergePeer, type ToHelper } from "./helper.js";
import { CONTENT_LEVEL, PartPainter, ResolvedPlan, type MergePlan, type PaintedChunk } from "./parts.js";
import type { PdfOutput, PdfRef } from "../paint/pdfkit.js";

/** Where the rows come from: `read(i)` answers row i's encodeRowLayout bytes (called twice per row, in order). */
export interface MergedRowSource {
  readonly count: number;
  read(index: number): Promise<Uint8Array>;
}

/** What paintMergedRows answers: the PDF, its pages and each row's page count (in row order). */
export interface MergedRowsReport {
  /** The file; empty when it went to an output (see paintMergedRows). */
  readonly pdf: Uint8Array;
  /** The file's size in bytes. */
  readonly size: number;
  readonly pageCount: number;
  readonly rowPages: readonly number[];
}

/** Rows read ahead of the one being decoded, so reading (another thread, a disk) overlaps painting. */
const READ_AHEAD = 8;
/** Groups of page contents (paint/deferred-contents.ts) whose deflate may still run while the next rows are painted. */
const DEFLATES_AHEAD = 2;

/** Rows per chunk of the second pass: the unit a helper is handed and answers. */
const CHUNK_ROWS = 16;
/** Chunks a helper holds at once (one painting, one whose rows are being read). */
const HELPER_AHEAD = 2;
/**
 * Deflated page contents a helper's chunks may hold at once: they wait until this thread reaches them (the end of
 * the document), so past this the helper is given no more and this thread paints the rest.
 */
const HELPER_HELD_BYTES = 64 * 1024 * 1024;

async function eachRow(source: MergedRowSource, visit: (row: EncodedRow, index: number) => void | Promise<void>, from = 0, to = source.count): Promise<void> {
  const pending: Promise<Uint8Array>[] = [];
  const start = (i: number): void => {
    const read = source.read(i);
    // A read still ahead when an earlier row fails is never awaited: it must not become an unhandled rejection.
    read.catch(() => undefined);
    pending.push(read);
  };
  for (let i = from; i < Math.min(from + READ_AHEAD, to); i++) start(i);
  for (let i = from; i < to; i++) {
    const bytes = await (pending.shift() as Promise<Uint8Array>);
    if (i + READ_AHEAD < to) start(i + READ_AHEAD);
    await visit(EncodedRow.read(bytes), i);
  }
}

/** Pending file bytes handed to an output at once (fewer, larger writes; a chunk of rows is often less). */
const OUTPUT_PIECE = 256 * 1024;

/**
 * Paints the rows' layouts into one PDF whose pages follow the row order (fonts and images embedded once).
 * With `output`, the file is written to it as the pages are painted (a chunk of rows at a time) and the report's
 * `pdf` is empty: memory then holds the fonts and images being collected, the cross-reference table and a chunk
 * of pages, not the file. Two cases still make the whole file first, then write it: `protect` (the encryption
 * rewrites every object) and a base PDF behind the pages (their contents are written after the other objects).
 */
export async function paintMergedRows(
  source: MergedRowSource,
  options: Omit<RenderOptions, "diagnostics"> = {},
  /** A helper thread's end of a channel (./helper.ts) that may paint part of the pages; closed when done. */
  helper?: MergePeer,
  output?: PdfOutput,
): Promise<MergedRowsReport> {
  try {
    if (source.count === 0) throw new Error("A merged document needs at least one row.");
    // PDF/A and PDF/UA: checked before any work (the caller resolves a template's own default into the options).
    const standards = await renderStandards(options);
    const base = await baseLayer(options);
    // Behind a base PDF, contents are deflated as pdfkit deflates them (deferred-contents.ts needs that).
    const deflater = new DeflateThread(base.layer === undefined ? CONTENT_LEVEL : undefined);
    try {
      // Streamed only where the file is written in order as painted (see above).
      const streamed = options.protect === undefined && base.layer === undefined ? output : undefined;
      const report = base.layer === undefined ? await paintInParts(source, options, deflater, helper, standards, streamed) : await paintBehindBase(source, options, deflater, base.layer, standards);
      // The merged PDF encrypted as a whole (its rows were painted in the clear into one document).
      const pdf = options.protect === undefined ? report.pdf : await protectedPdf(report.pdf, options);
      if (output === undefined || streamed !== undefined) return { ...report, pdf, size: streamed !== undefined ? report.size : pdf.byteLength };
      await output.write(pdf);
      return { ...report, pdf: new Uint8Array(), size: pdf.byteLength };
    } finally {
      await deflater.close();
    }
  } finally {
    if (helper !== undefined) {
      try {
        helper.postMessage({ kind: "done" } satisfies ToHelper);
      } finally {
        helper.close();
      }
    }
  }
}

/** What the first pass gathers: the document with its sealed subsets and collected images, each row's pages. */
interface Collected {
  readonly writer: PdfWriter;
  readonly document: DocumentPainter;
  readonly rowPages: number[];
  /** The first row's language: the document's. */
  readonly language: string | undefined;
}

// 1. collect, from the runs alone (no page is rebuilt): what DocumentPainter.collectPages does for pages. The
//    first row names the document's language and direction (every row shares the template).
async function collect(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics">, deferContents: ContentDeflate | undefined, standards: StandardsPlan | undefined, output?: PdfOutput): Promise<Collected> {
  const archive = standards === undefined ? undefined : archiveStandard(standards.standards);
  let language: string | undefined;
  const fonts = options.fonts ?? (await loadDesignerFonts());
  const faces = new Map<string, FontFace>();
  const images = new Map<string, FrameImage>();
  const rowPages: number[] = [];
  let painter: DocumentPainter | undefined;
  let writer: PdfWriter | undefined;
  await eachRow(source, (row, index) => {
    const { header } = row;
    if (index === 0) {
      writer = new PdfWriter({ title: standardsTitle(options.title, standards?.standards), now: renderNow(options.now), language: header.language, direction: header.direction, ...(deferContents !== undefined ? { deferContents } : {}), ...(output !== undefined ? { output } : {}), ...(archive !== undefined ? { linkAppearances: true } : {}) });
      language = header.language;
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
        const length = row.textLengths[i]!;
        if (length === 0 || subset.knows(row.ids[i]!, header.texts, starts[i]!, length)) continue;
        if (archive !== undefined) {
          const text = header.texts.slice(starts[i], starts[i + 1]);
          assertGlyphConforms(archive, row.ids[i]!, text, header.faces[row.runFaces[r]!]!, text);
        }
        subset.use(row.ids[i]!, header.texts.slice(starts[i], starts[i + 1]));
      }
    }
    rowPages.push(header.pages);
  });
  if (painter === undefined || writer === undefined) throw new Error("A merged document needs at least one row.");
  painter.seal();
  await painter.prepareImages();
  return { writer, document: painter, rowPages, language };
}

async function paintInParts(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics">, deflater: DeflateThread, helper: MergePeer | undefined, standards: StandardsPlan | undefined, output: PdfOutput | undefined): Promise<MergedRowsReport> {
  const chunks = Math.ceil(source.count / CHUNK_ROWS);
  const rowsOf = (chunk: number): [number, number] => [chunk * CHUNK_ROWS, Math.min(source.count, (chunk + 1) * CHUNK_ROWS)];
  // Listening from the start: a helper that says it runs and then goes away during the first pass is known gone.
  const help = helper === undefined ? undefined : new HelperChunks(helper, chunks, rowsOf);
  const { writer, document, rowPages, language } = await collect(source, options, undefined, standards, output);
  // The names every part paints with; images and fonts are this document's objects from here on.
  const images = document.embedImages();
  const subsets = document.subsets();
  const plan: MergePlan = {
    fonts: subsets.map(({ keys, subset }) => ({ keys, name: subset.name, glyphs: subset.glyphTexts() })),
    images: [...images].map(([key, image]) => [key, image?.name ?? null] as const),
  };
  const subsetByKey = new Map(subsets.flatMap(({ keys, subset }) => keys.map((key) => [key, subset] as const)));
  const painter = new PartPainter(new ResolvedPlan(subsetByKey, new Map(plan.images)));
  const imageRefs = new Map<string, PdfRef>();
  for (const image of images.values()) if (image !== null) imageRefs.set(image.name, image.ref);
  const assembler = new PartAssembler(writer, new Map(subsets.map(({ subset }) => [subset.name, subset.ref])), imageRefs);

  help?.start(plan);
  // 2. paint, a chunk at a time; this thread's contents are deflated on the deflate thread while it paints the next.
  // Answers the deflate's promise wrapped, so awaiting the paint does not wait for it.
  const paintHere = async (chunk: number): Promise<{ readonly deflated: Promise<PaintedChunk> }> => {
    const [from, to] = rowsOf(chunk);
    await eachRow(source, (row) => {
      for (const page of row.pages()) painter.paintPage(page);
    }, from, to);
    const painted = painter.takeChunk();
    // With a helper at work both cores are busy painting: a third thread would only take turns with them.
    const deflate = help?.working === true ? (contents: readonly Uint8Array[]) => deflateHere(contents, CONTENT_LEVEL) : deflater.deflate;
    const deflated = deflate(painted.pages.map((page) => page.content)).then((contents) => {
      painted.pages.forEach((page, i) => (page.content = contents[i]!));
      return painted;
    });
    return { deflated };
  };
  let written = 0;
  const ready: Promise<PaintedChunk>[] = [];
  const writeUpTo = async (end: number): Promise<void> => {
    for (; written < end; written++) {
      assembler.add(await ready[written]!);
      delete ready[written];
      // The pages just added go to the output (a no-op without one).
      await writer.drain(OUTPUT_PIECE);
    }
  };
  try {
    for (let chunk = 0; chunk < chunks; chunk++) {
      // Once per chunk the helper's answers are taken in (and it is handed more), even when no read waited for
      // another thread.
      if (help !== undefined) await new Promise((resolve) => setImmediate(resolve));
      const helped = help === undefined ? undefined : await help.answer(chunk);
      if (helped !== undefined) ready[chunk] = Promise.resolve(helped);
      else {
        help?.paintingHere(chunk);
        const { deflated } = await paintHere(chunk);
        // A deflate still under way when a later chunk fails must not become an unhandled rejection.
        deflated.catch(() => undefined);
        ready[chunk] = deflated;
      }
      // One chunk's deflate may still run while the next is painted.
      await writeUpTo(chunk);
    }
    await writeUpTo(chunks);
  } finally {
    help?.stop();
  }
  document.embedFonts();
  const pageCount = rowPages.reduce((a, b) => a + b, 0);
  if (standards !== undefined) writeStandards(writer, standards, language);
  const pdf = await writer.end();
  return { pdf, size: output === undefined ? pdf.byteLength : writer.written, pageCount, rowPages };
}

/** The coordinator's side of a helper: which chunks it was handed, and their answers. */
class HelperChunks {
  private ready = false;
  private gone = false;
  /** Chunks from `first` on are the helper's (handed out from the last one down). */
  private first: number;
  private current = -1;
  private outstanding = 0;
  private heldBytes = 0;
  private readonly answers = new Map<number, { promise: Promise<PaintedChunk | undefined>; resolve: (chunk: PaintedChunk | undefined) => void }>();

  private plan: MergePlan | undefined;

  constructor(
    private readonly peer: MergePeer,
    chunks: number,
    private readonly rowsOf: (chunk: number) => [number, number],
  ) {
    this.first = chunks;
    peer.on("close", () => this.stop());
    peer.on("message", (message: FromHelper) => {
      if (this.gone) return;
      if (message.kind === "ready") {
        this.ready = true;
        if (this.plan !== undefined) peer.postMessage({ kind: "plan", plan: this.plan } satisfies ToHelper);
      } else {
        this.outstanding -= 1;
        if (message.kind === "painted") {
          this.heldBytes += message.packed.contents.byteLength;
          this.answers.get(message.chunk)?.resolve(unpackChunk(message.packed));
        } else this.answers.get(message.chunk)?.resolve(undefined);
      }
      this.handOut();
    });
  }

  /** The plan is made: a helper that runs gets it, then chunks. */
  start(plan: MergePlan): void {
    this.plan = plan;
    if (this.ready && !this.gone) this.peer.postMessage({ kind: "plan", plan } satisfies ToHelper);
    this.handOut();
  }

  /** Whether a helper runs and may still be handed chunks. */
  get working(): boolean {
    return this.ready && !this.gone;
  }

  /** This thread starts painting `chunk`: the helper is handed only chunks after it. */
  paintingHere(chunk: number): void {
    this.current = chunk;
    this.handOut();
  }

  /** The helper's painting of `chunk` (waited for), or undefined when this thread must paint it. */
  async answer(chunk: number): Promise<PaintedChunk | undefined> {
    if (chunk < this.first) return undefined;
    const answer = this.answers.get(chunk);
    const painted = answer === undefined ? undefined : await answer.promise;
    this.answers.delete(chunk);
    if (painted !== undefined) this.heldBytes -= painted.pages.reduce((sum, page) => sum + page.content.byteLength, 0);
    return painted;
  }

  /** No more chunks are handed out; any not answered yet are painted here. */
  stop(): void {
    this.gone = true;
    for (const { resolve } of this.answers.values()) resolve(undefined);
  }

  private handOut(): void {
    while (!this.gone && this.ready && this.plan !== undefined && this.outstanding < HELPER_AHEAD && this.first - 1 > this.current && this.heldBytes < HELPER_HELD_BYTES) {
      const chunk = --this.first;
      let resolve!: (chunk: PaintedChunk | undefined) => void;
      const promise = new Promise<PaintedChunk | undefined>((r) => (resolve = r));
      this.answers.set(chunk, { promise, resolve });
      this.outstanding += 1;
      const [from, to] = this.rowsOf(chunk);
      this.peer.postMessage({ kind: "chunk", chunk, from, to } satisfies ToHelper);
    }
  }
}

// Behind a base PDF: the pages painted into this document one by one (as a single render paints them).
async function paintBehindBase(source: MergedRowSource, options: Omit<RenderOptions, "diagnostics">, deflater: DeflateThread, layer: BaseLayer, standards: StandardsPlan | undefined): Promise<MergedRowsReport> {
  // Page contents are deflated on another thread while the next rows are painted (paint/deferred-contents.ts).
  const { writer, document, rowPages, language } = await collect(source, options, deflater.deflate, standards);
  const pageCount = rowPages.reduce((a, b) => a + b, 0);
  // Each row starts again at the base PDF's first page.
  const pageIndexes = rowPages.flatMap((count) => Array.from({ length: count }, (_, i) => i));
  document.background = await BaseBackground.create(writer, { ...layer, pageIndexes }, pageCount);
  // 2. paint, row by row.
  let pageIndex = 0;
  await eachRow(source, async (row) => {
    for (const page of row.pages()) document.paintPage(page, pageIndex++);
    // A few pages ahead of the deflates at most: the raw contents waiting for them stay a few pages' worth.
    await writer.settleContents(DEFLATES_AHEAD);
  });
  document.embedFonts();
  if (standards !== undefined) writeStandards(writer, standards, language);
  const pdf = await writer.end();
  return { pdf, size: pdf.byteLength, pageCount, rowPages };
}
