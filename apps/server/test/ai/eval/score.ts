// Scores of a generated draft against its reference: text recall (the share of the reference's words that
// the rendered draft prints) and raster similarity (comparePages, the same diff revise uses).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** The text of a PDF's first page. */
export async function pdfFirstPageText(pdf: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: pdf.slice(), standardFontDataUrl: `${join(PDFJS_DIR, "standard_fonts")}/`, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  } finally {
    await doc.destroy();
  }
}

/** The distinct words of a text (lower case, letters or digits, at least two characters). */
export function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2));
}

/** The share of the reference's words found in the draft (1 when the reference has none). */
export function textRecall(reference: string, draft: string): number {
  const want = words(reference);
  if (want.size === 0) return 1;
  const have = words(draft);
  let found = 0;
  for (const w of want) if (have.has(w)) found += 1;
  return found / want.size;
}
