// Runs in an inspection thread (base-pdf/inspect-worker.ts, under its own budget): checks an uploaded base
// PDF (pdf-lib), counts what its pages draw, and rasterises them (pdfjs-dist on @napi-rs/canvas) for the
// designer. CPU-heavy, so never on the main thread.
import { createCanvas } from "@napi-rs/canvas";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { EncryptedPDFError, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import type { InspectBaseResult } from "../render/protocol.js";
import { MAX_BASE_OPERATORS, MAX_BASE_PAGES } from "./budget.js";
import { OperatorCounter, RecursiveFormError } from "./complexity.js";


/** The caps of one inspection (BASE_PDF_MAX_PAGES, BASE_PDF_MAX_OPERATORS; the constants above by default). */
export interface InspectCaps {
  readonly pages: number;
  readonly operators: number;
}
/** Rasters: 1.5 px per point (108 dpi), the longest side at most this many pixels. */
const RASTER_SCALE = 1.5;
const RASTER_MAX_SIDE = 2000;
/** Page sizes closer than this (points) count as the same. */
const SIZE_TOLERANCE = 0.5;

const require = createRequire(import.meta.url);
const PDFJS_DIR = dirname(require.resolve("pdfjs-dist/package.json"));

/** What inspection answers: the pages and rasters, or a refusal; `tooLarge` when a budget was passed (413). */
export type BaseInspection = InspectBaseResult | { readonly ok: false; readonly reason: string; readonly tooLarge: true };

const refuse = (reason: string): BaseInspection => ({ ok: false, reason });
const fmt = (n: number): string => String(Math.round(n * 100) / 100);

function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString("latin1").includes("%PDF-");
}

function hasEncryptEntry(text: string): boolean {
  // pdf-lib skips an /Encrypt it cannot parse in damaged files; the trailer's key is the tell-tale.
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text);
}

// A PDF is made of numbered objects; without a single one the file is garbage after its header, which pdf-lib
// would otherwise spend many seconds scanning.
const hasObjects = (text: string): boolean => /\d+\s+\d+\s+obj\b/.test(text);

/** Checks and rasterises a base PDF; a refusal carries the reason for the 400's detail. */
export async function inspectBasePdf(bytes: Uint8Array, caps: InspectCaps = { pages: MAX_BASE_PAGES, operators: MAX_BASE_OPERATORS }): Promise<BaseInspection> {
  try {
    return await inspect(bytes, caps);
  } catch {
    // pdf-lib reads damaged files lazily: a broken page tree surfaces here rather than in load().
    return refuse("The PDF is corrupt and cannot be read.");
  }
}

async function inspect(bytes: Uint8Array, caps: InspectCaps): Promise<BaseInspection> {
  if (!hasPdfHeader(bytes)) return refuse("The file is not a PDF (it has no %PDF- header).");
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (!hasObjects(text)) return refuse("The PDF is corrupt and cannot be read (it holds no PDF objects).");
  if (hasEncryptEntry(text)) return refuse("The PDF is encrypted or password-protected; upload an unprotected copy.");
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) return refuse("The PDF is encrypted or password-protected; upload an unprotected copy.");
    return refuse("The PDF is corrupt and cannot be read.");
  }
  const acroForm = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (acroForm?.has(PDFName.of("XFA"))) return refuse("The PDF is a dynamic XFA form, which cannot be drawn as a background; print it to a plain PDF first.");
  const pages = doc.getPages().map((p) => {
    const box = p.getCropBox();
    return { width: box.width, height: box.height };
  });
  if (pages.length === 0) return refuse("The PDF is corrupt and cannot be read (it has no pages).");
  if (pages.length > caps.pages) return refuse(`The PDF has ${pages.length} pages; a base PDF may have at most ${caps.pages}.`);
  const first = pages[0] as { width: number; height: number };
  const odd = pages.findIndex((p) => Math.abs(p.width - first.width) > SIZE_TOLERANCE || Math.abs(p.height - first.height) > SIZE_TOLERANCE);
  if (odd > 0) {
    const p = pages[odd] as { width: number; height: number };
    return refuse(`The PDF has pages of mixed sizes (page 1 is ${fmt(first.width)} × ${fmt(first.height)} pt, page ${odd + 1} is ${fmt(p.width)} × ${fmt(p.height)} pt); a base PDF needs one page size.`);
  }
  const tooComplex = countOperators(doc, caps.operators);
  if (tooComplex !== undefined) return tooComplex;
  let pngs: Uint8Array[];
  try {
    pngs = (await rasterisePdf(bytes, caps.pages)).map((p) => p.png);
  } catch {
    return refuse("The PDF is corrupt and cannot be read (its pages could not be drawn).");
  }
  return { ok: true, pages: pages.map((p) => ({ width: Math.round(p.width * 100) / 100, height: Math.round(p.height * 100) / 100 })), pngs };
}

/** A refusal when the pages draw more than `maxOperators` operators or a form draws itself. */
function countOperators(doc: PDFDocument, maxOperators: number): BaseInspection | undefined {
  const counter = new OperatorCounter(doc);
  let operators = 0;
  try {
    for (const [i, page] of doc.getPages().entries()) {
      operators += counter.page(page.node, page.node.Resources());
      if (operators > maxOperators) {
        const limit = maxOperators.toLocaleString("en-US");
        return { ok: false, tooLarge: true, reason: `The PDF is too complex: by page ${i + 1} it draws more than ${limit} operations once its forms are expanded; a base PDF may draw at most ${limit}.` };
      }
    }
  } catch (err) {
    if (err instanceof RecursiveFormError) return refuse("The PDF is corrupt and cannot be read (a form draws itself).");
    throw err;
  }
  return undefined;
}

/** One rasterised page: the PNG and the page's size in points. */
export interface PageRaster {
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Rasterises the first `maxPages` pages (pdfjs on @napi-rs/canvas); throws when the PDF cannot be drawn. */
export async function rasterisePdf(bytes: Uint8Array, maxPages: number): Promise<PageRaster[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdfjs may detach the buffer it is given: hand it a copy.
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    standardFontDataUrl: `${join(PDFJS_DIR, "standard_fonts")}/`,
    cMapUrl: `${join(PDFJS_DIR, "cmaps")}/`,
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const out: PageRaster[] = [];
    for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
      const page = await doc.getPage(i);
      const unit = page.getViewport({ scale: 1 });
      const scale = Math.min(RASTER_SCALE, RASTER_MAX_SIDE / Math.max(unit.width, unit.height));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      const context = canvas.getContext("2d");
      // A white sheet under the page: transparent PNG areas would show the designer's own background.
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas implements the 2D API pdfjs draws with; the DOM types are not in this project's lib.
      type RenderParams = Parameters<typeof page.render>[0];
      await page.render({ canvas: canvas as unknown as RenderParams["canvas"], canvasContext: context as unknown as RenderParams["canvasContext"], viewport }).promise;
      // encodeSync on this isolated thread: @napi-rs/canvas 0.1.x frees the surface an async encode() still reads
      // on the thread pool if the canvas is garbage-collected first (a use-after-free that crashes the process).
      out.push({ png: new Uint8Array(canvas.encodeSync("png")), width: unit.width, height: unit.height });
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
