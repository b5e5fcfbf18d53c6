// Reading PDFs back with pdfjs-dist (legacy build, Node): rasterise pages, extract text, read page sizes.
// Nothing is fetched: every font the painter writes is embedded, and pdfjs draws glyphs as paths in Node.
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, VerbosityLevel, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A positioned piece of extracted text in page space (y down), from pdfjs' text content. */
export interface TextItem {
  readonly str: string;
  readonly x: number;
  /** Baseline, y down. */
  readonly y: number;
  readonly width: number;
  readonly fontName: string;
}

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  // pdfjs transfers (detaches) the buffer it is given: hand it a copy.
  return getDocument({
    data: new Uint8Array(pdf),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: true,
  }).promise;
}

async function withDocument<T>(pdf: Uint8Array, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const doc = await open(pdf);
  try {
    return await use(doc);
  } finally {
    await doc.destroy();
  }
}

/** Renders every page to PNG at `scale` pixels per point, on white. */
export async function rasterise(pdf: Uint8Array, options: { scale?: number } = {}): Promise<Buffer[]> {
  const scale = options.scale ?? 1;
  return withDocument(pdf, async (doc) => {
    const pngs: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas implements the part of the DOM canvas API pdfjs uses; the types differ by name only.
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      // encodeSync: @napi-rs/canvas 0.1.x frees the surface an async encode() still reads on the thread pool
      // when the canvas is garbage-collected first (a use-after-free, fixed upstream in 1.0.x), which crashed
      // the test process with SIGSEGV now and then under load.
      pngs.push(canvas.encodeSync("png"));
      page.cleanup();
    }
    return pngs;
  });
}

/** The text of each page: pdfjs' text items joined (with a space where pdfjs saw a gap or line end). */
export async function extractText(pdf: Uint8Array): Promise<string[]> {
  const pages = await textItems(pdf);
  return pages.map((items) => items.map((item) => item.str).join(""));
}

/** The positioned text items of each page. */
export async function textItems(pdf: Uint8Array): Promise<TextItem[][]> {
  return withDocument(pdf, async (doc) => {
    const pages: TextItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , , top] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const transform = item.transform as number[];
        items.push({
          str: item.str + (item.hasEOL ? " " : ""),
          x: transform[4]!,
          y: top - transform[5]!,
          width: item.width,
          fontName: item.fontName,
        });
      }
      pages.push(items);
    }
    return pages;
  });
}

/** Each page's size in points, from its view box. */
export async function pageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  return withDocument(pdf, async (doc) => {
    const sizes: { width: number; height: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      sizes.push({ width: x1 - x0, height: y1 - y0 });
    }
    return sizes;
  });
}

/** The document's info dictionary as pdfjs reads it (Title, Producer, dates…). */
export async function documentInfo(pdf: Uint8Array): Promise<Record<string, unknown>> {
  return withDocument(pdf, async (doc) => (await doc.getMetadata()).info as Record<string, unknown>);
}

/** Each page's link annotations: URL and rectangle in page space (y down). */
export async function links(pdf: Uint8Array): Promise<{ url: string; x: number; y: number; width: number; height: number }[][]> {
  return withDocument(pdf, async (doc) => {
    const pages: { url: string; x: number; y: number; width: number; height: number }[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , , top] = page.view as [number, number, number, number];
      const annotations = (await page.getAnnotations()) as { subtype: string; url?: string; rect: number[] }[];
      pages.push(
        annotations
          .filter((a) => a.subtype === "Link")
          .map((a) => {
            const [x0, y0, x1, y1] = a.rect as [number, number, number, number];
            return { url: a.url ?? "", x: x0, y: top - y1, width: x1 - x0, height: y1 - y0 };
          }),
      );
    }
    return pages;
  });
}
