// An e-invoice travels in a PDF/A-3 file (Factur-X 1.0 and ZUGFeRD 2.x require it; XRechnung's hybrid form
// follows them): PDF/A-2 forbids embedded files that are not PDF/A themselves, and the `fx:` XMP properties
// need the PDF/A packet. So a render with an e-invoice declares PDF/A-3b unless it asks for an A-3 level itself
// (a-3u, or a-3b with ua-1), and a PDF/A-2 level with an e-invoice is refused before any work.
import type { BuiltEinvoice } from "@docsvc/layout";
import { archiveStandard, type PdfStandard } from "../standards/levels.js";
import type { StandardsOptions } from "../standards/write.js";

/** The standards options of a render that embeds `einvoice`: PDF/A-3 and the Factur-X XMP extension added. */
export function einvoiceStandards(options: StandardsOptions, templateStandards: readonly PdfStandard[] | undefined, einvoice: Pick<BuiltEinvoice, "xmpProperties" | "xmpSchema">): StandardsOptions {
  const asked = options.pdfStandards ?? templateStandards ?? [];
  const archive = archiveStandard(asked);
  if (archive !== undefined && !archive.startsWith("a-3")) {
    // The message starts with the option's name: the server answers it as a 400 on pdfStandards.
    throw new TypeError(`pdfStandards ${archive} cannot carry an e-invoice: Factur-X, ZUGFeRD and XRechnung embed their XML in a PDF/A-3 file (PDF/A-2 allows only PDF/A files as attachments). Ask for a-3b or a-3u.`);
  }
  return {
    pdfStandards: archive === undefined ? ["a-3b", ...asked] : asked,
    xmpExtensions: [...(options.xmpExtensions ?? []), einvoice.xmpProperties],
    xmpExtensionSchemas: [...(options.xmpExtensionSchemas ?? []), einvoice.xmpSchema],
  };
}
