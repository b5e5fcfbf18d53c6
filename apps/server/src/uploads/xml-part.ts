// One part of a zip package (an XLSX workbook) read as a stream: inflated chunk by chunk and fed to a SAX
// parser, counting the inflated characters against the whole file's budget, and stoppable at any point.
import type JSZip from "jszip";
import { StringDecoder } from "node:string_decoder";
import { SaxesParser } from "saxes";
import { HttpError } from "../errors.js";
import { SHEET_LIMITS, sheetTooLarge, unreadable } from "./limits.js";

/** The inflated-XML budget shared by every part of one file. */
export class XmlBudget {
  private used = 0;

  constructor(private readonly maxChars: number = SHEET_LIMITS.xmlChars) {}

  /** Counts `n` more characters; throws the 413 past the cap. */
  spend(n: number): void {
    this.used += n;
    if (this.used > this.maxChars) throw sheetTooLarge(`it expands to more than ${this.maxChars / 2 ** 20} MB of XML`);
  }
}

/** A tag's local name (`x:row` and `row` are the same element). */
export const localName = (name: string): string => name.slice(name.indexOf(":") + 1);

/**
 * Streams `path` through a fresh parser that `listen` attaches its handlers to; `listen` gets a `stop` that ends
 * the reading early (the rest of the part is never inflated). Resolves at the end or at `stop`; rejects with
 * a handler's HttpError or a 400 for malformed XML. A missing part resolves at once when `optional`.
 */
export function readPart(zip: JSZip, path: string, budget: XmlBudget, listen: (parser: SaxesParser, stop: () => void) => void, optional = false): Promise<void> {
  const file = zip.file(path);
  if (file === null) return optional ? Promise.resolve() : Promise.reject(unreadable(`The XLSX file is incomplete (no ${path}).`));
  const parser = new SaxesParser();
  const stream = file.nodeStream("nodebuffer");
  // Chunks may split a UTF-8 sequence; the decoder carries it over.
  const decoder = new StringDecoder("utf8");
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (err?: unknown): void => {
      if (done) return;
      done = true;
      stream.pause();
      if (err === undefined) resolve();
      else reject(err instanceof HttpError ? err : unreadable("The XLSX file could not be read."));
    };
    listen(parser, () => finish());
    stream.on("data", (bytes: Buffer) => {
      if (done) return;
      try {
        const chunk = decoder.write(bytes);
        budget.spend(chunk.length);
        parser.write(chunk);
      } catch (err) {
        finish(err);
      }
    });
    stream.on("error", (err: Error) => finish(err));
    stream.on("end", () => {
      try {
        if (!done) parser.write(decoder.end()).close();
        finish();
      } catch (err) {
        finish(err);
      }
    });
    stream.resume();
  });
}
