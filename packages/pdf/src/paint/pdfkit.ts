// The one place that knows pdfkit's object model. pdfkit is used as a PDF object writer only: pages,
// indirect objects, image decoding, link annotations and the document trailer. @types/pdfkit describes the
// high-level drawing API (and an older release), so the few internals used here get narrow local types and
// a single cast each.
import PDFDocument from "pdfkit";

/** An indirect PDF object (`n 0 R`); `data` is its dictionary, `end()` writes it with an optional stream. */
export interface PdfRef {
  readonly id: number;
  readonly data: Record<string, unknown>;
  end(stream?: Uint8Array | string): void;
}

/** A decoded PNG or JPEG that pdfkit writes as an image XObject the first time `embed` is called. */
interface PdfKitImage {
  readonly label: string;
  obj: PdfRef | null;
  embed(doc: unknown): void;
}

/** The page resources this painter registers names in. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly fonts: Record<string, PdfRef>;
  readonly xobjects: Record<string, PdfRef>;
  readonly ext_gstates: Record<string, PdfRef>;
}

interface PdfKitDocument {
  version: number;
  readonly page: PdfPage;
  addPage(options: { size: [number, number]; margin: number }): unknown;
  ref(data?: Record<string, unknown>): PdfRef;
  addContent(data: string): unknown;
  path(d: string): unknown;
  openImage(src: Uint8Array): PdfKitImage;
  link(x: number, y: number, w: number, h: number, url: string): unknown;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  end(): void;
}

/** Document-level settings: everything that must be fixed for byte-identical output. */
export interface DocumentSettings {
  readonly title?: string;
  readonly now: Date;
}

/** A PDF string object (pdfkit writes JS `String` objects as `(…)` and primitive strings as `/Names`). */
export function pdfString(value: string): object {
  return new String(value);
}

/** A pdfkit document plus the painter's typed view of it; `finished` resolves with the file's bytes. */
export class PdfWriter {
  private readonly doc: PdfKitDocument;
  readonly finished: Promise<Uint8Array>;

  constructor(settings: DocumentSettings) {
    const info: Record<string, unknown> = {
      Producer: "docsvc",
      Creator: "docsvc",
      CreationDate: settings.now,
      ModDate: settings.now,
    };
    if (settings.title !== undefined && settings.title !== "") info.Title = settings.title;
    // `font: null` skips loading Helvetica's metrics, which this painter never uses. The file /ID is an MD5
    // of `info` (dates included), so a fixed clock gives a fixed ID.
    const options = { autoFirstPage: false, compress: true, pdfVersion: "1.4", font: null, info };
    const Ctor = PDFDocument as unknown as new (options: object) => PdfKitDocument;
    this.doc = new Ctor(options);
    // The header already says 1.4 (transparency needs it). pdfkit adds an XMP packet for any version but
    // 1.3 and interpolates the title into it unescaped; the info dictionary alone carries the metadata.
    this.doc.version = 1.3;
    const chunks: Uint8Array[] = [];
    this.finished = new Promise<Uint8Array>((resolve, reject) => {
      this.doc.on("data", (chunk) => chunks.push(chunk));
      this.doc.on("error", reject);
      this.doc.on("end", () => resolve(concat(chunks)));
    });
  }

  /** The current page (valid after the first `addPage`). */
  get page(): PdfPage {
    return this.doc.page;
  }

  addPage(width: number, height: number): void {
    this.doc.addPage({ size: [width, height], margin: 0 });
  }

  /** Appends operators to the current page's content stream. */
  addContent(operators: string): void {
    this.doc.addContent(operators);
  }

  /** Appends the path operators of an SVG path string (pdfkit's SVG path parser). */
  addSvgPath(d: string): void {
    this.doc.path(d);
  }

  ref(data?: Record<string, unknown>): PdfRef {
    return this.doc.ref(data);
  }

  /** Parses PNG/JPEG bytes and writes the image XObject (once); returns its object. */
  embedImage(bytes: Uint8Array): PdfRef {
    const image = this.doc.openImage(bytes);
    image.embed(this.doc);
    if (image.obj === null) throw new Error("pdfkit did not create an image object");
    return image.obj;
  }

  /** Adds a URI link annotation; the rectangle is in page space (y down). */
  link(x: number, y: number, width: number, height: number, url: string): void {
    this.doc.link(x, y, width, height, url);
  }

  /** Writes the trailer; `finished` resolves once pdfkit has flushed every object. */
  end(): Promise<Uint8Array> {
    this.doc.end();
    return this.finished;
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
