// A base PDF (the background a template draws its pages on), parsed once per distinct file.
import { createHash } from "node:crypto";
import type { PDFDocument, PDFPage } from "pdf-lib";
import { pdfLib } from "./pdf-lib.js";

/** A parsed base PDF: its pages and their visible boxes (crop box, in points). */
export interface BasePdf {
  readonly hash: string;
  readonly document: PDFDocument;
  readonly pages: readonly BasePage[];
}

/** One page of a base PDF. */
export interface BasePage {
  readonly page: PDFPage;
  /** The visible area: x, y of the lower-left corner, width, height. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

// By content hash: the service renders the same few base PDFs over and over. Keyed also by identity, so a
// caller that passes the same bytes again skips hashing megabytes.
const byHash = new Map<string, Promise<BasePdf>>();
const byBytes = new WeakMap<Uint8Array, Promise<BasePdf>>();
const CACHE_LIMIT = 16;

/** SHA-256 of the bytes, hex. */
export function basePdfHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function parse(bytes: Uint8Array, hash: string): Promise<BasePdf> {
  const document = await pdfLib().PDFDocument.load(bytes, { updateMetadata: false });
  const pages = document.getPages().map((page) => ({ page, box: page.getCropBox() }));
  return { hash, document, pages };
}

/** Parses a base PDF (cached per bytes hash); rejects when pdf-lib cannot read it. */
export function loadBasePdf(bytes: Uint8Array): Promise<BasePdf> {
  const known = byBytes.get(bytes);
  if (known !== undefined) return known;
  const hash = basePdfHash(bytes);
  let parsed = byHash.get(hash);
  if (parsed === undefined) {
    parsed = parse(bytes, hash);
    // A failed parse is not kept: the next render reports it again rather than a stale rejection.
    parsed.catch(() => byHash.delete(hash));
    if (byHash.size >= CACHE_LIMIT) {
      const oldest = byHash.keys().next().value;
      if (oldest !== undefined) byHash.delete(oldest);
    }
    byHash.set(hash, parsed);
  }
  byBytes.set(bytes, parsed);
  return parsed;
}
