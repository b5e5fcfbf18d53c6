// How much drawing a PDF asks for once its form XObjects are expanded: pdfjs inlines a form each time it is
// drawn, so a few KB of forms that each draw the next one twice become billions of operators. Counted here
// from the content streams (memoised per form, so the count itself stays cheap) before anything is drawn.
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, PDFObject, type PDFDocument } from "pdf-lib";

/** A form that (through others) draws itself: refused, as no finite count exists. */
export class RecursiveFormError extends Error {}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const KEYWORDS = new Set(["true", "false", "null"]);

// The operators of one content stream and the XObject names its `Do` operators draw.
function scanContent(bytes: Uint8Array): { operators: number; draws: string[] } {
  let operators = 0;
  const draws: string[] = [];
  let lastName: string | undefined;
  const n = bytes.length;
  let i = 0;
  const regularEnd = (from: number): number => {
    let j = from;
    while (j < n && !WHITESPACE.has(bytes[j] ?? 0) && !DELIMITERS.has(bytes[j] ?? 0)) j++;
    return j;
  };
  while (i < n) {
    const c = bytes[i] ?? 0;
    if (WHITESPACE.has(c)) i++;
    else if (c === 0x25) while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    else if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (; i < n; i++) {
        const b = bytes[i];
        if (b === 0x5c) i++;
        else if (b === 0x28) depth++;
        else if (b === 0x29 && --depth === 0) break;
      }
      i++;
    } else if (c === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
    } else if (c === 0x2f) {
      const end = regularEnd(i + 1);
      lastName = Buffer.from(bytes.subarray(i + 1, end)).toString("latin1");
      i = end;
    } else if (DELIMITERS.has(c)) i++;
    else {
      const end = regularEnd(i);
      const word = Buffer.from(bytes.subarray(i, end)).toString("latin1");
      i = Math.max(end, i + 1);
      if (/^[+\-.\d]/.test(word) || KEYWORDS.has(word)) continue;
      operators++;
      if (word === "Do" && lastName !== undefined) draws.push(lastName);
      if (word === "ID") {
        // Inline image data runs to whitespace + EI + whitespace.
        while (i < n && !(bytes[i] === 0x45 && bytes[i + 1] === 0x49 && WHITESPACE.has(bytes[i - 1] ?? 0) && (i + 2 >= n || WHITESPACE.has(bytes[i + 2] ?? 0)))) i++;
      }
    }
  }
  return { operators, draws };
}

function streamBytes(stream: PDFStream): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  // Filters pdf-lib cannot decode (images' DCT and the like) are not content streams: nothing to count.
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    return new Uint8Array(0);
  }
}

/** Counts the expanded operators of a document's pages, stopping as soon as `limit` is passed. */
export class OperatorCounter {
  private readonly forms = new Map<PDFStream, number>();
  private readonly open = new Set<PDFStream>();

  constructor(private readonly doc: PDFDocument) {}

  // pdf-lib's classes have private constructors, so the type is matched by its prototype.
  private look<T extends PDFObject>(value: PDFObject | undefined, type: { prototype: T }): T | undefined {
    const resolved = value instanceof PDFRef ? this.doc.context.lookup(value) : value;
    return resolved instanceof (type as unknown as typeof PDFObject) ? (resolved as T) : undefined;
  }

  /** The expanded cost of content drawn with `resources` (its forms counted once each, then reused). */
  private cost(content: Uint8Array, resources: PDFDict | undefined): number {
    const { operators, draws } = scanContent(content);
    let total = operators;
    const xobjects = this.look(resources?.get(PDFName.of("XObject")), PDFDict);
    for (const name of draws) {
      const form = this.look(xobjects?.get(PDFName.of(name)), PDFStream);
      if (form !== undefined && form.dict.get(PDFName.of("Subtype")) === PDFName.of("Form")) total += this.formCost(form, resources);
    }
    return total;
  }

  private formCost(form: PDFStream, inherited: PDFDict | undefined): number {
    const known = this.forms.get(form);
    if (known !== undefined) return known;
    if (this.open.has(form)) throw new RecursiveFormError("A form XObject draws itself.");
    this.open.add(form);
    // A form without resources uses those of whatever draws it.
    const cost = this.cost(streamBytes(form), this.look(form.dict.get(PDFName.of("Resources")), PDFDict) ?? inherited);
    this.open.delete(form);
    this.forms.set(form, cost);
    return cost;
  }

  /** The operators a page draws: its content streams and its annotations' normal appearances. */
  page(node: PDFDict, resources: PDFDict | undefined): number {
    const contents = node.get(PDFName.of("Contents"));
    const array = this.look(contents, PDFArray);
    const streams = array ? array.asArray().map((s) => this.look(s, PDFStream)) : [this.look(contents, PDFStream)];
    const bytes = Buffer.concat(streams.filter((s): s is PDFStream => s !== undefined).map((s) => Buffer.concat([streamBytes(s), Buffer.from("\n")])));
    let total = this.cost(bytes, resources);
    for (const annot of this.look(node.get(PDFName.of("Annots")), PDFArray)?.asArray() ?? []) {
      const appearance = this.look(this.look(annot, PDFDict)?.get(PDFName.of("AP")), PDFDict)?.get(PDFName.of("N"));
      const normal = appearance instanceof PDFRef ? this.doc.context.lookup(appearance) : appearance;
      // One appearance stream, or one per state (a checkbox's on and off).
      const states = normal instanceof PDFDict ? normal.entries().map(([, state]) => state) : [normal];
      for (const state of states) {
        const stream = this.look(state, PDFStream);
        if (stream !== undefined) total += this.formCost(stream, resources);
      }
    }
    return total;
  }
}
