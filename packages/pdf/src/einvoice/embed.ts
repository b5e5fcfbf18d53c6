// The e-invoice inside the PDF (Factur-X 1.0 / ZUGFeRD 2.x / XRechnung carried in a PDF/A-3): the CII XML
// built by @docsvc/layout's buildEinvoice, embedded as `factur-x.xml` (or `xrechnung.xml`) with
// /AFRelationship /Alternative (the XML is an equal rendition of the printed invoice), listed in the catalog's
// /AF and /Names /EmbeddedFiles, MIME type text/xml, /Params with the render's dates.
//
// The `fx:` XMP extension that completes a Factur-X file is `BuiltEinvoice.xmp`, a fragment for the PDF/A XMP
// packet; the packet itself (and PDF/A-3 identification) is the PDF/A builder's, wired at merge.
import type { BuiltEinvoice } from "@docsvc/layout";
import type { PdfWriter } from "../paint/pdfkit.js";

/** What the painter needs of a built e-invoice (`xmp`: for the PDF/A XMP packet's extensions, wired at merge). */
export type EmbeddableEinvoice = Pick<BuiltEinvoice, "fileName" | "xml" | "format" | "profile" | "xmp">;

const DESCRIPTIONS: Readonly<Record<BuiltEinvoice["format"], string>> = {
  "factur-x": "Factur-X invoice (EN 16931, UN/CEFACT CII D16B)",
  zugferd: "ZUGFeRD invoice (EN 16931, UN/CEFACT CII D16B)",
  xrechnung: "XRechnung invoice (EN 16931 CIUS, UN/CEFACT CII D16B)",
};

/** Embeds the invoice XML into the document being written. */
export function embedEinvoice(writer: PdfWriter, einvoice: EmbeddableEinvoice, now: Date): void {
  writer.embedFile(new TextEncoder().encode(einvoice.xml), {
    name: einvoice.fileName,
    type: "text/xml",
    description: DESCRIPTIONS[einvoice.format],
    relationship: "Alternative",
    creationDate: now,
    modifiedDate: now,
  });
}
