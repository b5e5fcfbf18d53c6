// The Factur-X XMP extension schema (Factur-X 1.0 §A.2): the `fx:` properties that tell a reader which embedded
// file is the invoice and at which level, plus the PDF/A extension schema description that declares them.
// It is a fragment (rdf:Description elements) for the PDF/A XMP builder to put inside its rdf:RDF.
import type { EinvoiceFormat, EinvoiceProfile } from "./types.js";

export const FACTURX_XMP_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/** The `fx:ConformanceLevel` of a profile (XRechnung's own value, as ZUGFeRD 2.x readers expect). */
export function conformanceLevel(format: EinvoiceFormat, profile: EinvoiceProfile): string {
  if (format === "xrechnung") return "XRECHNUNG";
  return { minimum: "MINIMUM", "basic-wl": "BASIC WL", basic: "BASIC", en16931: "EN 16931", extended: "EXTENDED" }[profile];
}

function property(name: string, description: string): string {
  return `
          <rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;
}

/** The `fx:` properties: one rdf:Description for the packet's rdf:RDF. */
export function facturxXmpProperties(fileName: string, format: EinvoiceFormat, profile: EinvoiceProfile): string {
  return `<rdf:Description rdf:about="" xmlns:fx="${FACTURX_XMP_NAMESPACE}">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${fileName}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>${conformanceLevel(format, profile)}</fx:ConformanceLevel>
</rdf:Description>`;
}

/**
 * The fx schema's PDF/A extension description: one `rdf:li` of the packet's single `pdfaExtension:schemas` bag
 * (a second bag would repeat the property, which XMP forbids; the PDF/A builder merges every schema into one and
 * declares the pdfaSchema and pdfaProperty prefixes).
 */
export function facturxXmpSchema(): string {
  return `<rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>${FACTURX_XMP_NAMESPACE}</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>${property("DocumentFileName", "The name of the embedded XML document")}${property("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER")}${property("Version", "The actual version of the standard applying to the embedded XML document")}${property("ConformanceLevel", "The conformance level of the embedded XML document")}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>`;
}

/** The properties and their extension declaration together, as a standalone fragment (for readers and tests). */
export function facturxXmpFragment(fileName: string, format: EinvoiceFormat, profile: EinvoiceProfile): string {
  return `${facturxXmpProperties(fileName, format, profile)}
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      ${facturxXmpSchema()}
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`;
}
