// The one place that knows pdfkit's object model. pdfkit is used as a PDF object writer only: pages,
// indirect objects, image decoding, link annotations and the document trailer. @types/pdfkit describes the
// high-level drawing API (and an older release), so the few internals used here get narrow local types and
// a single cast each.
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { DeferredContents, type ContentDeflate } from "./deferred-contents.js";

/** An indirect PDF object (`n 0 R`); `data` is its dictionary, `end()` writes it with an optional stream. */
export interface PdfRef {
  readonly id: number;
  readonly data: Record<string, unknown>;
  write(chunk: Uint8Array | string): void;
  end(stream?: Uint8Array | string): void;
}

/** A decoded PNG or JPEG that pdfkit writes as an image XObject (plus masks, palette…) when embedded. */
interface PdfKitImage {
  embed(doc: { ref(data?: Record<string, unknown>): unknown }): void;
}

/**
 * An image's PDF objects as pdfkit's embedder produced them, detached from any document: objects[0] is the
 * image XObject; references between the objects are kept as `PortableRef`s. Decoding a PNG (inflate, split
 * the alpha channel, deflate both) is done once per process this way, not once per document.
 */
export interface PortableImage {
  readonly objects: readonly PortableObject[];
}

interface PortableObject {
  readonly data: Record<string, unknown>;
  readonly chunks: readonly (Uint8Array | string)[];
}

/** A reference between the objects of a PortableImage (by index). */
class PortableRef {
  readonly data: Record<string, unknown>;
  readonly chunks: (Uint8Array | string)[] = [];
  ended = false;

  constructor(
    readonly index: number,
    data: Record<string, unknown> | undefined,
    private readonly onEnd: () => void,
  ) {
    this.data = data ?? {};
  }

  write(chunk: Uint8Array | string): void {
    this.chunks.push(chunk);
  }

  end(chunk?: Uint8Array | string): void {
    if (chunk !== undefined) this.chunks.push(chunk);
    this.ended = true;
    this.onEnd();
  }
}

/** Per object of an image, the keys of its dictionary whose values hold a PortableRef (made once per image). */
const writePlans = new WeakMap<PortableImage, readonly (readonly string[])[]>();
function writePlan(image: PortableImage): readonly (readonly string[])[] {
  let plan = writePlans.get(image);
  if (plan === undefined) {
    plan = image.objects.map(({ data }) => Object.keys(data).filter((key) => holdsRef(data[key])));
    writePlans.set(image, plan);
  }
  return plan;
}

function holdsRef(value: unknown): boolean {
  if (value instanceof PortableRef) return true;
  if (Array.isArray(value)) return value.some(holdsRef);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some(holdsRef);
  return false;
}

type OpenImage = (this: { _imageCount: number; _imageRegistry: object }, src: Uint8Array) => PdfKitImage;

/** Decodes PNG/JPEG bytes with pdfkit's image classes into a PortableImage (rejects on bad bytes). */
export function recordImage(bytes: Uint8Array): Promise<PortableImage> {
  return new Promise<PortableImage>((resolve, reject) => {
    const refs: PortableRef[] = [];
    let embedding = true;
    const settle = (): void => {
      if (embedding || refs.some((ref) => !ref.ended)) return;
      resolve({ objects: refs.map((ref) => ({ data: ref.data, chunks: ref.chunks })) });
    };
    try {
      // openImage only needs a label counter from its document; the image is embedded into a recorder.
      const openImage = (PDFDocument as unknown as { prototype: { openImage: OpenImage } }).prototype.openImage;
      const image = openImage.call({ _imageCount: 0, _imageRegistry: {} }, bytes);
      image.embed({
        ref: (data?: Record<string, unknown>) => {
          const ref = new PortableRef(refs.length, data, settle);
          refs.push(ref);
          return ref;
        },
      });
    } catch (error) {
      // pdfkit throws strings for some malformed JPEGs.
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    embedding = false;
    if (refs.length === 0) reject(new Error("pdfkit wrote no image object"));
    else settle();
  });
}

/** The page resources this painter registers names in. */
export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly fonts: Record<string, PdfRef>;
  readonly xobjects: Record<string, PdfRef>;
  readonly ext_gstates: Record<string, PdfRef>;
  /** The page's resource dictionary (for kinds pdfkit has no accessor for: Shading). */
  readonly resources: { readonly data: Record<string, unknown> };
  /** The page's /Annots (widget annotations of form fields are pushed here). */
  readonly annotations: PdfRef[];
  /** The page object itself (a widget's /P). */
  readonly dictionary: PdfRef;
}

interface PdfKitDocument {
  version: number;
  /** The file identifier (both /ID entries): an MD5 of the Info dictionary, made in the constructor. */
  readonly _id: Uint8Array;
  /** The Info dictionary's entries, written at `end()`. */
  readonly info: Record<string, unknown>;
  /** The catalog; its `data` is written at `end()`. */
  readonly _root: { readonly data: Record<string, unknown> };
  readonly page: PdfPage;
  addPage(options: { size: [number, number]; margin: number }): unknown;
  ref(data?: Record<string, unknown>): PdfRef;
  addContent(data: string | Uint8Array): unknown;
  push(chunk: Uint8Array | null): boolean;
  read(): Uint8Array | null;
  path(d: string): unknown;
  link(x: number, y: number, w: number, h: number, url: string, options?: Record<string, unknown>): unknown;
  flushPages(): void;
  end(): void;
  addNamedEmbeddedFile(name: string, ref: PdfRef): void;
}

/** An embedded file's stream /Subtype and /Params, and its file specification's keys. */
export interface EmbeddedFileOptions {
  readonly name: string;
  /** MIME type (`text/xml`), written as the stream's /Subtype. */
  readonly type: string;
  readonly description?: string;
  /** /AFRelationship of the file specification (PDF 2.0, PDF/A-3): `Alternative`, `Data`, `Source`… */
  readonly relationship?: string;
  readonly creationDate?: Date;
  readonly modifiedDate?: Date;
}

/** Document-level settings: everything that must be fixed for byte-identical output. */
export interface DocumentSettings {
  readonly title?: string;
  readonly now: Date;
  /** `/Lang` in the catalog (BCP 47). */
  readonly language?: string;
  /** `rtl`: `/ViewerPreferences << /Direction /R2L >>` in the catalog. */
  readonly direction?: "ltr" | "rtl";
  /**
   * Page contents deflated by this function (off the painting thread) and written after the other objects
   * (./deferred-contents.ts): for documents of many pages, where the painting thread is the bottleneck.
   */
  readonly deferContents?: ContentDeflate;
  /** Link annotations get an (empty) normal appearance: PDF/A-2 and A-3 want one on every annotation (6.3.3). */
  readonly linkAppearances?: boolean;
  /** A tagged PDF: viewers show the title rather than the file name (`/DisplayDocTitle`, as PDF/UA asks). */
  readonly tagged?: boolean;
  /**
   * Where the file goes as it is made (a merged batch's PDF): `PdfWriter.drain` hands it what pdfkit has written
   * so far, and `end()` the rest, answering an empty array. Absent: the file is held and `end()` answers it whole.
   */
  readonly output?: PdfOutput;
}

/** Receives a PDF file in order, piece by piece (a file being written); each write is awaited before the next. */
export interface PdfOutput {
  write(bytes: Uint8Array): Promise<void>;
}

/** A PDF string object (pdfkit writes JS `String` objects as `(…)` and primitive strings as `/Names`). */
export function pdfString(value: string): object {
  return new String(value);
}

/** A page content stream as pdfkit holds it (absent from @types/pdfkit). */
interface PaintedStream {
  buffer: Uint8Array[];
  compress: boolean;
  readonly data: Record<string, unknown>;
}

/**
 * pdfkit's page-start transform and SVG path parser without a document: the operator lines they write go to
 * `line` (what pdfkit appends to a page's content, newline excluded), for content streams painted away from the
 * document that will hold them (a merged batch's parts).
 */
export class PdfOperators {
  private readonly shim: { _ctm: number[]; addContent(data: string): unknown; transform(...m: number[]): unknown; path(d: string): unknown };

  constructor(line: (operators: string) => void) {
    const shim = Object.create((PDFDocument as unknown as { prototype: object }).prototype) as PdfOperators["shim"];
    shim._ctm = [1, 0, 0, 1, 0, 0];
    shim.addContent = (data: string) => {
      line(data);
      return shim;
    };
    this.shim = shim;
  }

  /** What pdfkit's addPage writes first: the flip to a y-down user space. */
  pageStart(height: number): void {
    this.shim._ctm = [1, 0, 0, 1, 0, 0];
    this.shim.transform(1, 0, 0, -1, 0, height);
  }

  /** An SVG path's construction operators, as PdfWriter.addSvgPath writes them. */
  svgPath(d: string): void {
    this.shim.path(d);
  }
}

/** Receives the file's chunks: bytes, Latin-1 text (pdfkit's object syntax) and null after the trailer. */
type ChunkSink = (chunk: Uint8Array | string | null) => void;
let constructingSink: ChunkSink | undefined;

// pdfkit hands every chunk of the file to Readable#push, and null after the trailer. Taking them in push
// itself keeps the stream machinery out completely: no buffer copies, no events, and no process.nextTick
// callbacks holding the document (in a loop that never yields to the event loop they would pile up, one
// document each). One subclass for all documents, so pdfkit's code keeps a single object shape.
const CollectingDocument = (() => {
  const Base = PDFDocument as unknown as new (options: object) => PdfKitDocument;
  return class extends Base {
    sink: ChunkSink | undefined;
    declare _offset: number;
    // The constructor pushes the file header before `sink` is assigned: it goes to the sink being constructed.
    override push(chunk: Uint8Array | null): boolean {
      (this.sink ?? constructingSink)?.(chunk);
      return true;
    }

    // pdfkit's _write turns each line of object syntax (`12 0 obj`, a dictionary, `endobj`, an xref entry) into
    // a Uint8Array of its own, char by char; the lines are kept as strings here and written into the file's
    // buffer once, when it is joined. Same bytes: pdfkit keeps the low byte of each UTF-16 unit, as Latin-1 does.
    _write(data: Uint8Array | string): void {
      if (data instanceof Uint8Array) {
        (this.sink ?? constructingSink)?.(data);
        this._offset += data.length;
        return;
      }
      const line = `${data}\n`;
      (this.sink ?? constructingSink)?.(line);
      this._offset += line.length;
    }

    // pdfkit builds an XMP packet at end() for every document but writes it only for versions above 1.3, and
    // PdfWriter declares 1.3 (see its constructor): the packet is not built for nothing.
    endMetadata(): void {
      if (this.version !== 1.3) baseEndMetadata.call(this);
    }
  };
})();

const baseEndMetadata = (PDFDocument.prototype as unknown as { endMetadata(this: unknown): void }).endMetadata;

/** Object syntax written as it is: pdfkit's convert writes `${value}` for an object that is not a plain one. */
class RawSyntax {
  constructor(private readonly text: string) {}
  get [Symbol.toStringTag](): string {
    return "RawSyntax";
  }
  toString(): string {
    return this.text;
  }
}

/** A PDF name (`/text#2Fxml`): characters outside `!`–`~`, and the delimiters, written as `#xx`. */
export function pdfName(value: string): string {
  return "/" + [...new TextEncoder().encode(value)].map((b) => (b < 0x21 || b > 0x7e || "#%()<>[]{}/".includes(String.fromCharCode(b)) ? `#${b.toString(16).toUpperCase().padStart(2, "0")}` : String.fromCharCode(b))).join("");
}

/** A numeric array's PDF syntax as pdfkit writes it (numbers rounded to 6 decimals), to be built once and reused. */
export function pdfNumberArraySyntax(values: readonly number[]): string {
  let text = "[";
  for (let i = 0; i < values.length; i++) text += (i === 0 ? "" : " ") + String(Math.round(values[i]! * 1e6) / 1e6);
  return `${text}]`;
}

/** A value pdfkit writes verbatim (syntax made by pdfNumberArraySyntax or the like). */
export function pdfRaw(text: string): object {
  return new RawSyntax(text);
}

function collectingDocument(options: object, sink: ChunkSink): PdfKitDocument {
  constructingSink = sink;
  try {
    const doc = new CollectingDocument(options);
    doc.sink = sink;
    return doc;
  } finally {
    constructingSink = undefined;
  }
}

/** The file's chunks joined into one array; text chunks are written as Latin-1 (one byte per UTF-16 unit). */
function joinChunks(chunks: readonly (Uint8Array | string)[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  const text = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  let offset = 0;
  for (const chunk of chunks) {
    if (typeof chunk === "string") offset += text.write(chunk, offset, "latin1");
    else {
      out.set(chunk, offset);
      offset += chunk.length;
    }
  }
  return out;
}

/** A pdfkit document plus the painter's typed view of it; `finished` resolves with the file's bytes. */
export class PdfWriter {
  private readonly doc: PdfKitDocument;
  readonly finished: Promise<Uint8Array>;
  private readonly deferred: DeferredContents | undefined;
  private readonly linkAppearances: boolean;
  private emptyAppearance: PdfRef | undefined;
  private readonly output: PdfOutput | undefined;
  // What pdfkit has written and nobody has taken yet: the whole file without an output, else since the last drain.
  private chunks: (Uint8Array | string)[] = [];
  private length = 0;
  private drained = 0;

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
    this.output = settings.output;
    let finish: (bytes: Uint8Array) => void = () => {};
    this.finished = new Promise<Uint8Array>((resolve) => (finish = resolve));
    this.doc = collectingDocument(options, (chunk) => {
      // With an output, end() drains the rest after the trailer.
      if (chunk === null) finish(this.output === undefined ? joinChunks(this.chunks, this.length) : new Uint8Array());
      else {
        this.chunks.push(chunk);
        this.length += chunk.length;
      }
    });
    // The header already says 1.4 (transparency needs it). pdfkit adds an XMP packet for any version but
    // 1.3 and interpolates the title into it unescaped; the info dictionary alone carries the metadata.
    this.doc.version = 1.3;
    // Screen readers and search pick the language from /Lang; viewers read right-to-left documents'
    // spreads and page order from /ViewerPreferences /Direction.
    if (settings.language) this.doc._root.data.Lang = pdfString(settings.language);
    // pdfkit writes (ends) the catalog's ViewerPreferences object itself at `end()`.
    const preferences: Record<string, unknown> = {};
    if (settings.direction === "rtl") preferences.Direction = "R2L";
    if (settings.tagged === true) preferences.DisplayDocTitle = true;
    if (Object.keys(preferences).length > 0) this.doc._root.data.ViewerPreferences = this.doc.ref(preferences);
    this.deferred = settings.deferContents === undefined ? undefined : new DeferredContents(settings.deferContents);
    this.linkAppearances = settings.linkAppearances === true;
  }

  /** The catalog's entries, written at `end()` (the standards' /Metadata, /OutputIntents; ../standards/write.ts). */
  get catalog(): Record<string, unknown> {
    return this.doc._root.data;
  }

  /** The file identifier, the first (and second) entry of the trailer's /ID. */
  get fileId(): Uint8Array {
    return this.doc._id;
  }

  /** The Info dictionary's entries (Title, Producer, Creator, CreationDate, ModDate). */
  get info(): Readonly<Record<string, unknown>> {
    return this.doc.info;
  }

  /** Writes a stream object with `bytes` as they are, never deflated (an XMP packet stays findable by byte scanners). */
  rawStream(data: Record<string, unknown>, bytes: Uint8Array): PdfRef {
    const ref = this.doc.ref(data);
    (ref as unknown as { compress: boolean }).compress = false;
    ref.end(bytes);
    return ref;
  }

  /** The current page (valid after the first `addPage`). */
  get page(): PdfPage {
    return this.doc.page;
  }

  addPage(width: number, height: number): void {
    this.doc.addPage({ size: [width, height], margin: 0 });
    this.deferred?.adopt((this.doc.page as unknown as { content: unknown }).content);
  }

  /** With deferred contents: waits until at most `limit` page contents are still being deflated. */
  async settleContents(limit: number): Promise<void> {
    await this.deferred?.settle(limit);
  }

  /** Appends operators (Latin-1 bytes, newline-terminated) to the current page's content stream. */
  addContent(operators: Uint8Array | string): void {
    this.doc.addContent(typeof operators === "string" ? Buffer.from(operators, "latin1") : operators);
  }

  /** Appends the path operators of an SVG path string (pdfkit's SVG path parser). */
  addSvgPath(d: string): void {
    this.doc.path(d);
  }

  /**
   * Adds a page whose content stream was painted elsewhere (a merged batch's part, ../rows/parts.ts): `deflated`
   * is zlib's deflate of the whole stream (at the merged parts' CONTENT_LEVEL), pdfkit's page transform included
   * (PdfOperators.pageStart).
   */
  addPaintedPage(width: number, height: number, deflated: Uint8Array): void {
    this.doc.addPage({ size: [width, height], margin: 0 });
    const content = (this.doc.page as unknown as { content: PaintedStream }).content;
    // pdfkit wrote its y-flip into the stream (the part's stream starts with the same line): replaced whole.
    content.buffer = [deflated];
    content.data.Length = deflated.length;
    content.data.Filter = "FlateDecode";
    content.compress = false;
  }

  ref(data?: Record<string, unknown>): PdfRef {
    return this.doc.ref(data);
  }

  /**
   * Writes `ref` with `syntax` as its whole object (a dictionary built by the caller, without stream): for the
   * many small objects of a structure tree, where pdfkit's value conversion was a measurable part of a render.
   */
  endRaw(ref: PdfRef, syntax: string): void {
    // What PDFReference#finalize does for an object without stream, in one line of output: note the object's
    // offset, write it, and tell the document it has ended (the xref table reads the offset).
    const doc = this.doc as unknown as { _offset: number; _write(data: string): void; _refEnd(ref: unknown): void };
    (ref as unknown as { offset: number }).offset = doc._offset;
    doc._write(`${ref.id} 0 obj\n${syntax}\nendobj`);
    doc._refEnd(ref);
  }

  /** Writes a recorded image's objects into this document; returns the image XObject. */
  writeImage(image: PortableImage): PdfRef {
    // Created with their recorded dictionaries first (a ref decides at creation whether to deflate its
    // stream: not when a Filter is already set), then cross-references are pointed at the new objects.
    // Copied with Object.assign, not a spread: pdfkit adds `Length` to the copy, and with a spread V8 11 (Node 20) makes a new hidden class (and descriptor array, in the old generation) every time an object
    // spread gains a property its source lacks; Object.assign onto a fresh literal follows the cached transitions.
    const refs = image.objects.map(({ data }) => this.doc.ref(Object.assign({}, data)));
    const resolve = (value: unknown): unknown => {
      if (value instanceof PortableRef) return refs[value.index];
      if (Array.isArray(value)) return value.map(resolve);
      if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
      }
      return value;
    };
    const plan = writePlan(image);
    image.objects.forEach(({ data, chunks }, index) => {
      const ref = refs[index]!;
      // Only the entries that name another object of the image are rebuilt; the others are pdfkit values it
      // never changes (names, numbers, arrays of numbers), already in the copy.
      for (const key of plan[index]!) ref.data[key] = resolve(data[key]);
      delete ref.data.Length;
      for (const chunk of chunks) ref.write(chunk);
      ref.end();
    });
    return refs[0]!;
  }

  /** Adds a URI link annotation; the rectangle is in page space (y down). Answers the annotation. */
  link(x: number, y: number, width: number, height: number, url: string, structParent?: number): PdfRef {
    const options: Record<string, unknown> = structParent === undefined ? {} : { StructParent: structParent };
    if (this.linkAppearances) {
      // pdfkit writes the annotation at once: its appearance goes in with the options. An empty form keeps the
      // link invisible, as it is without one (PDF/A-2 and A-3 want an appearance on every annotation).
      if (this.emptyAppearance === undefined) {
        this.emptyAppearance = this.doc.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, 0, 0], Resources: {} });
        this.emptyAppearance.end("");
      }
      options.AP = { N: this.emptyAppearance };
    }
    this.doc.link(x, y, width, height, url, options);
    const annotations = this.doc.page.annotations;
    return annotations[annotations.length - 1]!;
  }

  /**
   * Sets the catalog's /AcroForm. pdfkit's `end()` writes it, and the fields with /Kids (which must therefore
   * be left open), once it sees /AcroForm and a form state with fonts: that state is set here (the fonts are
   * in `data`'s /DR already).
   */
  acroForm(data: Record<string, unknown>): void {
    this.doc._root.data.AcroForm = this.doc.ref(data);
    (this.doc as unknown as { _acroform: object })._acroform = { fonts: {}, defaultFont: true };
  }

  /**
   * Embeds a file: an /EmbeddedFile stream (deflated, with /Params dates, size and MD5 checksum), its /Filespec
   * listed in the catalog's /AF and in /Names /EmbeddedFiles. Written here rather than with pdfkit's `file()`,
   * which hashes in JavaScript (milliseconds for an invoice's XML, more than the rest of the paint) and writes the
   * checksum as hex text where PDF wants the 16 bytes.
   */
  embedFile(bytes: Uint8Array, options: EmbeddedFileOptions): PdfRef {
    const checksum = createHash("md5").update(bytes).digest("hex");
    const params: Record<string, unknown> = { Size: bytes.byteLength, CheckSum: pdfRaw(`<${checksum}>`) };
    if (options.creationDate !== undefined) params.CreationDate = options.creationDate;
    if (options.modifiedDate !== undefined) params.ModDate = options.modifiedDate;
    // A Filter set up front: pdfkit does not deflate the stream again.
    const stream = this.doc.ref({ Type: "EmbeddedFile", Subtype: pdfRaw(pdfName(options.type)), Params: params, Filter: "FlateDecode" });
    stream.end(deflateSync(bytes));
    const spec: Record<string, unknown> = { Type: "Filespec", F: pdfString(options.name), UF: pdfString(options.name), EF: { F: stream, UF: stream } };
    if (options.relationship !== undefined) spec.AFRelationship = options.relationship;
    if (options.description !== undefined) spec.Desc = pdfString(options.description);
    const filespec = this.doc.ref(spec);
    filespec.end();
    this.doc.addNamedEmbeddedFile(options.name, filespec);
    const catalog = this.doc._root.data;
    catalog.AF = [...((catalog.AF as PdfRef[] | undefined) ?? []), filespec];
    return filespec;
  }

  /**
   * With an output: hands it what pdfkit has written since the last drain, once that is at least `atLeast` bytes
   * (fewer, larger writes). Pages are written when the next one starts, so a caller draining after each chunk of
   * pages holds about a chunk of the file, never the whole of it. Without an output it does nothing.
   */
  async drain(atLeast = 0): Promise<void> {
    if (this.output === undefined || this.length === 0 || this.length < atLeast) return;
    const bytes = joinChunks(this.chunks, this.length);
    this.chunks = [];
    this.drained += this.length;
    this.length = 0;
    await this.output.write(bytes);
  }

  /** Bytes handed to the output so far (the file's size once `end()` has answered). */
  get written(): number {
    return this.drained;
  }

  /**
   * Writes the trailer; answers the file once pdfkit has flushed every object, or with an output, an empty
   * array once the output has been handed the rest of it.
   */
  async end(): Promise<Uint8Array> {
    if (this.deferred !== undefined) {
      // The last page ends here (its content joins the deferred ones), then every content is written in order.
      this.doc.flushPages();
      await this.deferred.writeAll();
    }
    this.doc.end();
    const bytes = await this.finished;
    await this.drain();
    return bytes;
  }
}
