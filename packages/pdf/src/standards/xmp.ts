// The XMP metadata packet of a PDF/A or PDF/UA file: the identification schemas (pdfaid, pdfuaid) plus the
// document's title, language, dates, producer and identifiers, the same values the Info dictionary holds (a
// validator compares them). Extension schemas (Factur-X's fx: properties and their pdfaExtension description)
// come in as ready-made rdf:Description fragments through `extensions`.
import type { ArchiveLevel } from "./levels.js";

/** What goes into the packet; dates are written in UTC, like the Info dictionary's. */
export interface XmpFields {
  readonly title?: string;
  /** BCP 47 tag: dc:language, and the xml:lang of dc:title (x-default otherwise). */
  readonly language?: string;
  readonly created: Date;
  readonly modified: Date;
  readonly producer: string;
  readonly creatorTool?: string;
  /** xmpMM:DocumentID and InstanceID, `uuid:` URIs (made from the file /ID so that they are stable). */
  readonly documentId: string;
  readonly instanceId: string;
  readonly pdfa?: ArchiveLevel;
  /** `pdfuaid:part` (1) when the file declares PDF/UA-1. */
  readonly pdfua?: 1;
  /**
   * Extra `<rdf:Description …>…</rdf:Description>` fragments placed inside rdf:RDF as they are (the caller
   * escapes its values): e.g. the Factur-X `fx:` properties and their pdfaExtension schema description.
   */
  readonly extensions?: readonly string[];
  /**
   * PDF/A extension schema descriptions, each one `<rdf:li rdf:parseType="Resource">…</rdf:li>` of the
   * `pdfaExtension:schemas` bag: a PDF/A file must describe every schema outside XMP's predefined ones (6.6.2.3.1).
   * All go into one bag (a property may appear once), with pdfuaid's own when the file declares both A and UA.
   */
  readonly extensionSchemas?: readonly string[];
}

/** pdfuaid is not among PDF/A's predefined schemas: a PDF/A file that declares PDF/UA describes it. */
const PDFUA_SCHEMA = `<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">
<pdfaProperty:name>part</pdfaProperty:name>
<pdfaProperty:valueType>Integer</pdfaProperty:valueType>
<pdfaProperty:category>internal</pdfaProperty:category>
<pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>
</rdf:li></rdf:Seq></pdfaSchema:property>
</rdf:li>`;

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** An XMP date: ISO 8601 to the second, UTC (`2026-11-29T08:00:00Z`), the instant of the Info dictionary's D: date. */
export function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A `uuid:` URI from 16 bytes (the file /ID), formatted as a UUID. */
export function uuidUri(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes.subarray(0, 16)).toString("hex").padEnd(32, "0");
  return `uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The complete packet, `<?xpacket begin…?>` to `<?xpacket end="w"?>`, as UTF-8 text. */
export function buildXmp(fields: XmpFields): string {
  const lang = fields.language ? xmlEscape(fields.language) : undefined;
  const parts: string[] = [];
  parts.push(`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>${fields.title !== undefined ? `
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(fields.title)}</rdf:li></rdf:Alt></dc:title>` : ""}${lang !== undefined ? `
<dc:language><rdf:Bag><rdf:li>${lang}</rdf:li></rdf:Bag></dc:language>` : ""}
</rdf:Description>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreateDate>${xmpDate(fields.created)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(fields.modified)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(fields.modified)}</xmp:MetadataDate>${fields.creatorTool !== undefined ? `
<xmp:CreatorTool>${xmlEscape(fields.creatorTool)}</xmp:CreatorTool>` : ""}
</rdf:Description>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${xmlEscape(fields.producer)}</pdf:Producer>
</rdf:Description>`);
  parts.push(`<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<xmpMM:DocumentID>${xmlEscape(fields.documentId)}</xmpMM:DocumentID>
<xmpMM:InstanceID>${xmlEscape(fields.instanceId)}</xmpMM:InstanceID>
</rdf:Description>`);
  if (fields.pdfa !== undefined) {
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>${fields.pdfa.part}</pdfaid:part>
<pdfaid:conformance>${fields.pdfa.conformance}</pdfaid:conformance>
</rdf:Description>`);
  }
  if (fields.pdfua !== undefined) {
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
<pdfuaid:part>${fields.pdfua}</pdfuaid:part>
</rdf:Description>`);
  }
  const schemas = [...(fields.pdfa !== undefined && fields.pdfua !== undefined ? [PDFUA_SCHEMA] : []), ...(fields.extensionSchemas ?? [])];
  if (schemas.length > 0) {
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag>
${schemas.join("\n")}
</rdf:Bag></pdfaExtension:schemas>
</rdf:Description>`);
  }
  parts.push(...(fields.extensions ?? []));
  // The packet header's id is the fixed value XMP prescribes; the padding lets an editor update it in place.
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
${parts.join("\n")}
</rdf:RDF>
</x:xmpmeta>
${" ".repeat(99)}
<?xpacket end="w"?>`;
}
