// The signature's incremental update (ISO 32000-1 7.5.6): new and changed objects appended after the document's
// last byte, with their own cross-reference section pointing back at the previous one, so every byte the PDF had
// stays where it was (a signature over an earlier revision stays valid, and a viewer can show what was signed).
// pdf-lib only READS the document here (its catalog, pages, trailer); nothing it would rewrite is saved.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString, type PDFObject } from "pdf-lib";
import { randomBytes } from "node:crypto";
import { xrefStream, xrefTable } from "./xref.js";

/** A PDF text string: ASCII as a literal (escaped), anything else as UTF-16BE hex with its byte-order mark. */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  return `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}>`;
}

/** A PDF date in UTC: `D:YYYYMMDDHHmmSS+00'00'`. */
export function pdfDate(at: Date): string {
  const iso = at.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
}

/** The widget's appearance: a form XObject drawn in the field's rectangle. */
export interface Appearance {
  readonly width: number;
  readonly height: number;
  /** The content stream (operators; text already encoded in latin1/WinAnsi). */
  readonly content: string;
  /** The XObject's /Resources dictionary, as PDF syntax. */
  readonly resources: string;
}

/** What the update adds. */
export interface SignatureUpdate {
  /** 0-based page the field's widget sits on. */
  readonly pageIndex: number;
  /** The visible widget's box in points from the page's top-left corner (as the designer measures); absent: invisible. */
  readonly box?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number } | undefined;
  readonly appearance?: Appearance | undefined;
  /** Entries of the signature dictionary besides Type, Filter, SubFilter, ByteRange, Contents and Reference (PDF syntax). */
  readonly entries: string;
  /** Bytes reserved for the CMS (the /Contents hex string holds twice as many digits). */
  readonly contentsBytes: number;
  /** DocMDP certification: the access permissions P (1, 2 or 3); absent: an approval signature. */
  readonly certify?: 1 | 2 | 3 | undefined;
}

/** The document with the update appended; /Contents is zeros until the CMS is written into it. */
export interface PreparedSignature {
  readonly pdf: Uint8Array;
  /** The signed ranges: [0, a, b, c] covers [0, a) and [b, b + c). */
  readonly byteRange: readonly [number, number, number, number];
}

/** Raised for a document that cannot take the signature (encrypted, broken, a page that is not there). */
export class SignaturePlacementError extends Error {}

const BYTE_RANGE_PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";

function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString("latin1");
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)/.exec(tail.slice(tail.lastIndexOf("startxref")));
  if (match === null) throw new SignaturePlacementError("The PDF has no cross-reference section to append to.");
  return Number(match[1]);
}

/** /Size of the cross-reference section at `offset` (a table's trailer, or a stream's dictionary). */
function previousSize(pdf: Uint8Array, offset: number): number {
  const text = Buffer.from(pdf.subarray(offset, Math.min(pdf.length, offset + 1_000_000))).toString("latin1");
  const dictionary = text.startsWith("xref") ? text.slice(text.indexOf("trailer")) : text;
  const size = /\/Size\s+(\d+)/.exec(dictionary);
  return size === null ? 0 : Number(size[1]);
}

function ref(r: PDFRef): string {
  return `${r.objectNumber} ${r.generationNumber} R`;
}

/** Appends the signature field, its widget, the signature dictionary and the changed catalog and page. */
export async function prepareSignature(original: Uint8Array, update: SignatureUpdate): Promise<PreparedSignature> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(original, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    throw new SignaturePlacementError(`The PDF cannot be read for signing: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { context } = doc;
  if (context.trailerInfo.Encrypt !== undefined) throw new SignaturePlacementError("An encrypted PDF cannot be signed here.");
  const pages = doc.getPages();
  const page = pages[update.pageIndex];
  if (page === undefined) throw new SignaturePlacementError(`The document has ${pages.length} page(s); there is no page ${update.pageIndex + 1} to place the signature on.`);
  const rect = widgetRect(page.getMediaBox(), update.box, update.pageIndex);
  const rootRef = context.trailerInfo.Root;
  if (!(rootRef instanceof PDFRef)) throw new SignaturePlacementError("The PDF's catalog is not an indirect object.");

  const prev = lastStartXref(original);
  // New objects are numbered from the last section's /Size: pdf-lib does not count object and cross-reference
  // streams among its objects, and reusing one of their numbers would hide the objects stored in them.
  let next = Math.max(context.largestObjectNumber + 1, previousSize(original, prev));
  const allocate = (): PDFRef => PDFRef.of(next++);
  const objects: { ref: PDFRef; body: Buffer }[] = [];
  const put = (r: PDFRef, body: string | Buffer): void => void objects.push({ ref: r, body: typeof body === "string" ? Buffer.from(body, "latin1") : body });

  const sigRef = allocate();
  const fieldRef = allocate();
  const catalog = doc.catalog.clone(context);

  // The AcroForm: ours, or the document's own (another field may be there already) with our field added.
  const acroFormEntry = catalog.get(PDFName.of("AcroForm"));
  const acroForm = acroFormEntry === undefined ? context.obj({}) : (context.lookup(acroFormEntry, PDFDict).clone(context));
  const fieldsEntry = acroForm.get(PDFName.of("Fields"));
  const fields = fieldsEntry === undefined ? context.obj([]) : context.lookup(fieldsEntry, PDFArray).clone(context);
  const names = new Set(fields.asArray().map((f) => {
    const t = context.lookupMaybe(f, PDFDict)?.get(PDFName.of("T"));
    return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : "";
  }));
  let n = 1;
  while (names.has(`Signature${n}`)) n++;
  fields.push(fieldRef);
  if (fieldsEntry instanceof PDFRef) put(fieldsEntry, `${fields.toString()}`);
  else acroForm.set(PDFName.of("Fields"), fields);
  // SignaturesExist | AppendOnly: viewers keep later changes in incremental updates.
  acroForm.set(PDFName.of("SigFlags"), context.obj(3));
  if (acroFormEntry instanceof PDFRef) put(acroFormEntry, acroForm.toString());
  else catalog.set(PDFName.of("AcroForm"), acroForm);
  if (update.certify !== undefined) catalog.set(PDFName.of("Perms"), context.obj({ DocMDP: sigRef }));
  put(rootRef, catalog.toString());

  // The page lists the widget among its annotations.
  const annotsEntry = page.node.get(PDFName.of("Annots"));
  const annots = annotsEntry === undefined ? context.obj([]) : context.lookup(annotsEntry, PDFArray).clone(context);
  annots.push(fieldRef);
  if (annotsEntry instanceof PDFRef) put(annotsEntry, annots.toString());
  else {
    const pageDict = page.node.clone(context);
    pageDict.set(PDFName.of("Annots"), annots as PDFObject);
    put(page.ref, pageDict.toString());
  }

  // The field is its own widget (merged dictionaries). Print, and Locked so the widget cannot be moved.
  let apEntry = "";
  if (update.appearance !== undefined) {
    const apRef = allocate();
    const { width, height, content, resources } = update.appearance;
    const stream = Buffer.from(content, "latin1");
    put(apRef, Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Form /BBox [0 0 ${num(width)} ${num(height)}] /Resources ${resources} /Length ${stream.length} >>\nstream\n`, "latin1"),
      stream,
      Buffer.from("\nendstream", "latin1"),
    ]));
    apEntry = ` /AP << /N ${ref(apRef)} >>`;
  }
  put(fieldRef, `<< /Type /Annot /Subtype /Widget /FT /Sig /T ${pdfText(`Signature${n}`)} /V ${ref(sigRef)} /F 132 /P ${ref(page.ref)} /Rect [${rect.map(num).join(" ")}]${apEntry} >>`);

  const reference = update.certify === undefined
    ? ""
    : ` /Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P ${update.certify} /V /1.2 >> >>]`;
  put(sigRef, `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} /Contents <${"0".repeat(update.contentsBytes * 2)}>${reference} ${update.entries} >>`);

  const size = next;
  const id = context.trailerInfo.ID instanceof PDFArray ? context.trailerInfo.ID.toString() : `[<${randomBytes(16).toString("hex")}> <${randomBytes(16).toString("hex")}>]`;
  const info = context.trailerInfo.Info instanceof PDFRef ? ` /Info ${ref(context.trailerInfo.Info)}` : "";
  const trailerEntries = `/Size ${size} /Root ${ref(rootRef)}${info} /ID ${id} /Prev ${prev}`;

  const chunks: Buffer[] = [Buffer.from(original)];
  let offset = original.length;
  const push = (b: Buffer): void => {
    chunks.push(b);
    offset += b.length;
  };
  if (original[original.length - 1] !== 0x0a) push(Buffer.from("\n", "latin1"));
  const offsets = new Map<number, number>();
  for (const object of objects) {
    offsets.set(object.ref.objectNumber, offset);
    push(Buffer.concat([Buffer.from(`${object.ref.objectNumber} ${object.ref.generationNumber} obj\n`, "latin1"), object.body, Buffer.from("\nendobj\n", "latin1")]));
  }
  const xrefIsStream = Buffer.from(original.subarray(prev, prev + 4)).toString("latin1") !== "xref";
  push(xrefIsStream ? xrefStream(objects, offsets, offset, allocate(), trailerEntries) : xrefTable(objects, offsets, offset, trailerEntries));
  const pdf = new Uint8Array(Buffer.concat(chunks));
  return { pdf, byteRange: fillByteRange(pdf) };
}

/** PDF user-space [x1 y1 x2 y2] of a top-left-based box; the box must lie on the page. */
function widgetRect(media: { x: number; y: number; width: number; height: number }, box: SignatureUpdate["box"], pageIndex: number): [number, number, number, number] {
  if (box === undefined) return [0, 0, 0, 0];
  if (box.x + box.width > media.width + 0.01 || box.y + box.height > media.height + 0.01) {
    throw new SignaturePlacementError(`The visible signature box (x ${box.x}, y ${box.y}, ${box.width} × ${box.height} pt) does not fit on page ${pageIndex + 1}, which is ${num(media.width)} × ${num(media.height)} pt.`);
  }
  const x1 = media.x + box.x;
  const y2 = media.y + media.height - box.y;
  return [x1, y2 - box.height, x1 + box.width, y2];
}

function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/0+$/, "").replace(/\.$/, "");
}

/** Finds the placeholder /Contents and writes the real /ByteRange (same width) around it. */
function fillByteRange(pdf: Uint8Array): [number, number, number, number] {
  const buffer = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const at = buffer.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  if (at < 0) throw new Error("The signature placeholder is missing.");
  const contentsAt = buffer.indexOf("/Contents <", at, "latin1") + "/Contents ".length;
  const contentsEnd = buffer.indexOf(">", contentsAt, "latin1") + 1;
  const range: [number, number, number, number] = [0, contentsAt, contentsEnd, pdf.length - contentsEnd];
  const written = `/ByteRange [0 ${range[1]} ${range[2]} ${range[3]}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, " ");
  if (written.length !== BYTE_RANGE_PLACEHOLDER.length) throw new Error("The document is too large for the byte range placeholder.");
  buffer.write(written, at, "latin1");
  return range;
}

/** Writes the CMS (DER) into the reserved /Contents, zero-padded (a copy; throws when it does not fit). */
export function embedSignature(prepared: PreparedSignature, cms: Uint8Array): Uint8Array {
  const [, start, end] = prepared.byteRange;
  const room = (end - start - 2) / 2;
  if (cms.length > room) throw new Error(`The signature (${cms.length} bytes) does not fit the ${room} bytes reserved for it.`);
  const out = new Uint8Array(prepared.pdf);
  Buffer.from(out.buffer, out.byteOffset, out.byteLength).write(Buffer.from(cms).toString("hex").toUpperCase().padEnd(room * 2, "0"), start + 1, "latin1");
  return out;
}
