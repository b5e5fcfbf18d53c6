// The visible signature's appearance: a framed box with who signed, when, why and where, set in Helvetica (one of
// the standard 14 fonts every viewer has, so nothing is embedded) and fitted to the box the caller chose.
import { StandardFontEmbedder, StandardFonts } from "pdf-lib";
import type { Appearance } from "./pdf-update.js";

const PADDING = 4;
const LEADING = 1.2;
const MAX_SIZE = 10;
const MIN_SIZE = 4;
/** Below this size a line is dropped rather than every line shrunk further. */
const READABLE = 6;

let helvetica: StandardFontEmbedder | undefined;
function font(): StandardFontEmbedder {
  // pdf-lib's own enum names the same font its embedder takes (typed as another package's enum of equal strings).
  helvetica ??= StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
  return helvetica;
}

/** The text as WinAnsi can show it: characters Helvetica's encoding lacks become '?'. */
function encodable(text: string): string {
  const { encoding } = font();
  return [...text].map((ch) => (encoding.canEncodeUnicodeCodePoint(ch.codePointAt(0) ?? 0) ? ch : "?")).join("");
}

/** Cuts a line to the width, ending it with an ellipsis when it was cut. */
function fit(line: string, size: number, width: number): string {
  const f = font();
  if (f.widthOfTextAtSize(line, size) <= width) return line;
  let cut = line;
  while (cut.length > 0 && f.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The lines shown in the box (empty ones left out). */
export function appearanceLines(details: { readonly signer: string; readonly at: Date; readonly reason?: string | undefined; readonly location?: string | undefined }): string[] {
  const when = `${details.at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return [
    `Digitally signed by ${details.signer}`,
    `Date: ${when}`,
    details.reason ? `Reason: ${details.reason}` : "",
    details.location ? `Location: ${details.location}` : "",
  ].filter((l) => l !== "").map(encodable);
}

/** A form XObject of the box's size showing the lines, largest size (up to 10 pt) at which they fit. */
export function signatureAppearance(width: number, height: number, lines: readonly string[]): Appearance {
  const f = font();
  const innerWidth = Math.max(1, width - 2 * PADDING);
  const innerHeight = Math.max(1, height - 2 * PADDING);
  // All lines if they fit at a readable size; else fewer (the last ones go first: location, reason, date) but larger.
  const sizeFor = (n: number): number => {
    const widest = Math.max(...lines.slice(0, n).map((l) => f.widthOfTextAtSize(l, 1)), 1);
    return Math.min(MAX_SIZE, innerHeight / (n * LEADING), innerWidth / widest);
  };
  let count = lines.length;
  while (count > 1 && sizeFor(count) < READABLE) count--;
  const size = Math.max(MIN_SIZE, sizeFor(count));
  const shown = lines.slice(0, count);
  const ops: string[] = ["q", "0.2 0.3 0.5 RG 0.75 w", `0.375 0.375 ${(width - 0.75).toFixed(3)} ${(height - 0.75).toFixed(3)} re S`, "BT", `/Helv ${size.toFixed(2)} Tf`, "0.1 0.1 0.1 rg"];
  let y = height - PADDING - size;
  for (const line of shown) {
    ops.push(`1 0 0 1 ${PADDING} ${y.toFixed(3)} Tm`, `${f.encodeText(fit(line, size, innerWidth)).toString()} Tj`);
    y -= size * LEADING;
  }
  ops.push("ET", "Q");
  return {
    width,
    height,
    content: ops.join("\n"),
    resources: "<< /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>",
  };
}
