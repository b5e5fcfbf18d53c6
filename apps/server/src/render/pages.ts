/**
 * Counts the pages of a PDF by its page objects (`/Type /Page`, not `/Pages`). pdfkit writes plain
 * (uncompressed) object dictionaries, so the markers are visible in the bytes.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  const matches = text.match(/\/Type\s*\/Page(?![A-Za-z])/g);
  return matches?.length ?? 0;
}
