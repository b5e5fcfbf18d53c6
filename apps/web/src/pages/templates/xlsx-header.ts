// The header row of an XLSX file, read in the browser so the batch panel can name the tokens it lacks before
// anything is uploaded. An .xlsx is a zip of XML parts: the workbook names its sheets, its relationships give
// the first sheet's part, the shared strings hold most text. Only what the header needs is inflated: the
// shared strings up to the highest index the header uses, the sheet up to its first non-empty row; each part
// stops at MAX_PART_BYTES however small the zip is. This module is imported lazily (jszip stays out of the
// first load). Any failure means "cannot read the header": the server still reads the file on upload.
import JSZip from "jszip";

/** Refuse a file larger than this (jszip holds the whole file in memory). */
export const MAX_XLSX_BYTES = 20 * 1024 * 1024;
/** Inflate at most this much of any one part. */
export const MAX_PART_BYTES = 4 * 1024 * 1024;

// jszip's streaming reader exists at runtime (3.x) but is missing from its type declarations.
interface PartStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): PartStream;
  on(event: "end", listener: () => void): PartStream;
  on(event: "error", listener: (error: Error) => void): PartStream;
  resume(): PartStream;
  pause(): PartStream;
}
type StreamablePart = JSZip.JSZipObject & { internalStream(type: "uint8array"): PartStream };

const RELATIONSHIPS_NS = /\/relationships$/;

/**
 * Inflates a part as text until `enough(textSoFar)` says so or the part ends; refuses (throws) past
 * MAX_PART_BYTES so a small zip cannot expand into a large string.
 */
function readPart(zip: JSZip, path: string, enough: (text: string) => boolean = () => false): Promise<string> {
  const part = zip.file(path) as StreamablePart | null;
  if (part === null) return Promise.reject(new Error(`${path} is missing`));
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = "";
    let bytes = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      stream.pause();
      if (error) reject(error);
      else resolve(text + decoder.decode());
    };
    const stream = part.internalStream("uint8array");
    stream
      .on("data", (chunk) => {
        if (settled) return;
        bytes += chunk.length;
        if (bytes > MAX_PART_BYTES) return finish(new Error(`${path} is too large`));
        text += decoder.decode(chunk, { stream: true });
        // A throw here would escape jszip's worker and leave the promise pending.
        try {
          if (enough(text)) finish();
        } catch (e) {
          finish(e instanceof Error ? e : new Error(String(e)));
        }
      })
      .on("end", () => finish())
      .on("error", (e) => finish(e))
      .resume();
  });
}

function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  if (doc.getElementsByTagName("parsererror").length > 0) throw new Error("not well-formed XML");
  return doc;
}

/** Elements by local name, whatever prefix the writer chose (`x:row` as well as `row`). */
const byName = (node: Document | Element, name: string): Element[] => Array.from(node.getElementsByTagNameNS("*", name));

/** The text of `<t>` elements under an `<si>` or `<is>`, runs (`<r><t>`) joined, phonetic hints (`<rPh>`) left out. */
function richText(node: Element): string {
  return byName(node, "t").filter((t) => t.parentElement?.localName !== "rPh").map((t) => t.textContent ?? "").join("");
}

/** The first worksheet's part, from the workbook's first `<sheet>` and the workbook's relationships. */
async function firstSheetPath(zip: JSZip): Promise<string> {
  const sheet = byName(parseXml(await readPart(zip, "xl/workbook.xml")), "sheet")[0];
  const relId = sheet && Array.from(sheet.attributes).find((a) => a.localName === "id" && RELATIONSHIPS_NS.test(a.namespaceURI ?? ""))?.value;
  if (!relId) throw new Error("no worksheet");
  const rel = byName(parseXml(await readPart(zip, "xl/_rels/workbook.xml.rels")), "Relationship").find((r) => r.getAttribute("Id") === relId);
  const target = rel?.getAttribute("TargetMode") === "External" ? null : rel?.getAttribute("Target");
  if (!target) throw new Error("no worksheet target");
  // Targets are relative to xl/ unless absolute within the package.
  const parts = (target.startsWith("/") ? target.slice(1) : `xl/${target}`).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

// A whole row, self-closing or not, with any prefix.
const ROW = /<(?:[\w.-]+:)?row\b(?:[^>]*\/>|[\s\S]*?<\/(?:[\w.-]+:)?row>)/g;
const ROOT = /<(?:[\w.-]+:)?worksheet\b[^>]*>/;

interface HeaderCell {
  readonly shared?: number;
  readonly text?: string;
}

/** The cells of the first row holding any value: shared-string indexes or their text. */
function headerCells(sheetText: string): HeaderCell[] | null {
  const root = ROOT.exec(sheetText)?.[0];
  if (root === undefined) return null;
  // The row is parsed inside the worksheet's own start tag so its namespace declarations still apply.
  const rootName = root.slice(1).split(/[\s>/]/, 1)[0];
  for (const [rowText] of sheetText.matchAll(ROW)) {
    const row = parseXml(`${root}${rowText}</${rootName}>`).documentElement;
    const cells = byName(row, "c").map((c): HeaderCell => {
      const type = c.getAttribute("t");
      if (type === "inlineStr") return { text: byName(c, "is")[0] ? richText(byName(c, "is")[0]!) : "" };
      const value = byName(c, "v")[0]?.textContent ?? "";
      return type === "s" ? { shared: Number(value) } : { text: value };
    });
    if (cells.some((c) => c.shared !== undefined || (c.text ?? "").trim() !== "")) return cells;
  }
  return null;
}

const SHARED_STRING_END = /<\/(?:[\w.-]+:)?si>|<(?:[\w.-]+:)?si\b[^>]*\/>/g;

/** The shared strings 0..last (the part stops being inflated once they have arrived). */
async function sharedStrings(zip: JSZip, last: number): Promise<string[]> {
  const text = await readPart(zip, "xl/sharedStrings.xml", (t) => (t.match(SHARED_STRING_END)?.length ?? 0) > last);
  // Cut after the last whole <si> and close the root, so a part stopped mid-way still parses.
  const ends = [...text.matchAll(SHARED_STRING_END)];
  const lastEnd = ends[ends.length - 1];
  const root = /<(?:[\w.-]+:)?sst\b[^>]*>/.exec(text)?.[0];
  if (root === undefined) throw new Error("no shared strings");
  const body = lastEnd === undefined ? "" : text.slice(text.indexOf(root) + root.length, lastEnd.index + lastEnd[0].length);
  return byName(parseXml(`${root}${body}</${root.slice(1).split(/[\s>/]/, 1)[0]}>`), "si").map(richText);
}

/**
 * The column names in the first row of the first worksheet of an XLSX file (trimmed, empty cells left out),
 * or null when the file cannot be read as one.
 */
export async function readXlsxHeader(file: Blob): Promise<string[] | null> {
  try {
    if (file.size > MAX_XLSX_BYTES) return null;
    const zip = await JSZip.loadAsync(file);
    const sheetPath = await firstSheetPath(zip);
    const sheetText = await readPart(zip, sheetPath, (t) => headerCells(t) !== null);
    const cells = headerCells(sheetText);
    if (cells === null) return null;
    const indexes = cells.flatMap((c) => (c.shared === undefined ? [] : [c.shared]));
    if (indexes.some((i) => !Number.isInteger(i) || i < 0)) return null;
    const strings = indexes.length > 0 ? await sharedStrings(zip, Math.max(...indexes)) : [];
    const names = cells.map((c) => (c.shared === undefined ? c.text : strings[c.shared]));
    if (names.some((n) => n === undefined)) return null;
    return names.map((n) => n!.trim()).filter((n) => n !== "");
  } catch {
    return null;
  }
}
