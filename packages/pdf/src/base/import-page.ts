// Draws base PDF pages as vectors: each page's content streams and resources are copied into the pdfkit
// document as one Form XObject (objects shared between pages are copied once per document), then placed
// behind the page's own content, scaled to the template's page size.
import type { PDFDict, PDFObject, PDFRef } from "pdf-lib";
import type { PdfRef, PdfWriter } from "../paint/pdfkit.js";
import type { BasePdf } from "./base-pdf.js";
import { pdfLib } from "./pdf-lib.js";

/** A placed base page, ready to draw. */
interface BaseForm {
  readonly name: string;
  readonly ref: PdfRef;
}

/** Copies base pages into one output document and draws them; one instance per paint. */
export class BasePageImporter {
  private readonly copied = new Map<PDFRef, PdfRef>();
  private readonly forms = new Map<number, BaseForm | null>();
  // Loaded by now: the base PDF was parsed with it.
  private readonly lib = pdfLib();

  constructor(
    private readonly writer: PdfWriter,
    private readonly base: BasePdf,
  ) {}

  /**
   * Draws base page `index` (the last one repeating past the end) behind the current page's content.
   * Answers false when the page could not be imported (the caller may draw a raster instead).
   */
  draw(index: number, pageWidth: number, pageHeight: number): boolean {
    if (this.base.pages.length === 0) return false;
    const pageIndex = Math.min(index, this.base.pages.length - 1);
    const form = this.form(pageIndex);
    if (form === null) return false;
    const { box } = this.base.pages[pageIndex] ?? { box: { x: 0, y: 0, width: 1, height: 1 } };
    const sx = pageWidth / box.width;
    const sy = pageHeight / box.height;
    this.writer.page.xobjects[form.name] = form.ref;
    // pdfkit starts every page with a y-flip (origin top left); undo it, then map the base box onto the page.
    const n = (v: number): string => String(Math.round(v * 1e6) / 1e6);
    this.writer.addContent(`q\n1 0 0 -1 0 ${n(pageHeight)} cm\n${n(sx)} 0 0 ${n(sy)} ${n(-box.x * sx)} ${n(-box.y * sy)} cm\n/${form.name} Do\nQ\n`);
    return true;
  }

  /** Imports the page now (once) and answers whether it can be drawn as vectors. */
  canImport(pageIndex: number): boolean {
    return pageIndex < this.base.pages.length && this.form(pageIndex) !== null;
  }

  private form(pageIndex: number): BaseForm | null {
    const known = this.forms.get(pageIndex);
    if (known !== undefined) return known;
    let form: BaseForm | null;
    try {
      form = this.importPage(pageIndex);
    } catch {
      form = null;
    }
    this.forms.set(pageIndex, form);
    return form;
  }

  private importPage(pageIndex: number): BaseForm {
    const entry = this.base.pages[pageIndex];
    if (entry === undefined) throw new Error(`base page ${pageIndex} does not exist`);
    const node = entry.page.node;
    const context = this.base.document.context;
    const contents = node.Contents();
    const streams: PDFObject[] = contents instanceof this.lib.PDFArray ? contents.asArray() : contents === undefined ? [] : [contents];
    const parts: Uint8Array[] = [];
    for (const item of streams) {
      const stream = item instanceof this.lib.PDFRef ? context.lookup(item) : item;
      if (!(stream instanceof this.lib.PDFRawStream)) throw new Error("a content stream is not a stream");
      parts.push(this.lib.decodePDFRawStream(stream).decode());
    }
    const content = Buffer.concat(parts.flatMap((p) => [Buffer.from(p), Buffer.from("\n")]));
    const { box } = entry;
    const resources = node.Resources();
    const ref = this.writer.ref({
      Type: "XObject",
      Subtype: "Form",
      BBox: [box.x, box.y, box.x + box.width, box.y + box.height],
      Resources: resources === undefined ? {} : this.convert(resources),
    });
    ref.end(content);
    return { name: `Base${pageIndex}`, ref };
  }

  /** A pdf-lib object as pdfkit writes it: names as strings, strings as bytes (hex), refs copied once. */
  private convert(object: PDFObject): unknown {
    if (object instanceof this.lib.PDFRef) return this.copyRef(object);
    if (object instanceof this.lib.PDFName) return object.asString().slice(1);
    if (object instanceof this.lib.PDFNumber) return object.asNumber();
    if (object instanceof this.lib.PDFString || object instanceof this.lib.PDFHexString) return object.asBytes();
    if (object instanceof this.lib.PDFBool) return object.asBoolean();
    if (object === this.lib.PDFNull) return null;
    if (object instanceof this.lib.PDFArray) return object.asArray().map((item) => this.convert(item));
    if (object instanceof this.lib.PDFDict) return this.convertDict(object);
    throw new Error(`cannot copy a ${object.constructor.name}`);
  }

  private convertDict(dict: PDFDict, skip: ReadonlySet<string> = new Set()): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of dict.entries()) {
      const name = key.asString().slice(1);
      if (!skip.has(name)) out[name] = this.convert(value);
    }
    return out;
  }

  private copyRef(ref: PDFRef): unknown {
    const known = this.copied.get(ref);
    if (known !== undefined) return known;
    const object = this.base.document.context.lookup(ref);
    if (object === undefined) return null;
    if (object instanceof this.lib.PDFStream) {
      if (!(object instanceof this.lib.PDFRawStream)) throw new Error("unexpected stream type");
      // pdfkit decides at creation whether to deflate: with the Filter present it writes the bytes as they are.
      const filter = object.dict.get(this.lib.PDFName.of("Filter"));
      const target = this.writer.ref(filter === undefined ? {} : { Filter: this.convert(filter) });
      this.copied.set(ref, target);
      Object.assign(target.data, this.convertDict(object.dict, new Set(["Length", "Filter"])));
      target.end(object.contents);
      return target;
    }
    if (object instanceof this.lib.PDFDict) {
      // Registered before its entries are converted, so cycles (a page tree's /Parent) end here.
      const target = this.writer.ref({});
      this.copied.set(ref, target);
      Object.assign(target.data, this.convertDict(object));
      target.end();
      return target;
    }
    // Indirect numbers and arrays are written inline where they are referenced.
    return this.convert(object);
  }
}
