// The e-invoice of one render: the template's mapping read against the data, checked, written as CII XML.
import { ciiXml } from "./cii.js";
import { computeInvoice, type Invoice } from "./compute.js";
import { EinvoiceError } from "./error.js";
import { resolveInvoice } from "./resolve.js";
import type { EinvoiceFormat, EinvoiceMapping, EinvoiceProfile, EinvoiceRequest, TemplateEinvoice } from "./types.js";
import { facturxXmpFragment, facturxXmpProperties, facturxXmpSchema } from "./xmp.js";

/** What the PDF embeds: the XML, the name it is embedded under, and the XMP fragment that announces it. */
export interface BuiltEinvoice {
  readonly format: EinvoiceFormat;
  readonly profile: EinvoiceProfile;
  /** `factur-x.xml` (Factur-X, and ZUGFeRD since 2.1) or `xrechnung.xml`. */
  readonly fileName: string;
  readonly xml: string;
  /** The Factur-X XMP extension as one standalone fragment (properties and their PDF/A schema description). */
  readonly xmp: string;
  /** The same in the two parts the PDF/A packet builder takes: the `fx:` rdf:Description and the schema's rdf:li. */
  readonly xmpProperties: string;
  readonly xmpSchema: string;
  readonly invoice: Invoice;
}

/**
 * The request merged with the template's default: the render's `einvoice` wins, else the template's format and
 * profile; `undefined` when neither asks for one (or the render says `false`). Throws when one is asked for and
 * there is no mapping to build it from.
 */
export function einvoiceRequest(template: TemplateEinvoice | undefined, request: EinvoiceRequest | false | undefined): EinvoiceRequest | undefined {
  if (request === false) return undefined;
  const format = request?.format ?? template?.format;
  if (format === undefined) return undefined;
  const profile = request !== undefined ? request.profile : template?.profile;
  return { format, profile: profile ?? "en16931" };
}

/** Builds the e-invoice from data; throws EinvoiceError naming the EN 16931 rule the data breaks, LayoutLimitError past `maxLines`. */
export function buildEinvoice(mapping: EinvoiceMapping | undefined, data: unknown, request: EinvoiceRequest, limits: { readonly maxLines?: number } = {}): BuiltEinvoice {
  if (mapping === undefined) throw new EinvoiceError("mapping", "the template has no einvoice.mapping: an e-invoice is built from the data through it (docs/einvoicing.md)");
  // XRechnung has one level, EN 16931 (its CIUS); asking for another is a contradiction, not a hint.
  const profile = request.format === "xrechnung" ? "en16931" : (request.profile ?? "en16931");
  if (request.format === "xrechnung" && request.profile !== undefined && request.profile !== "en16931") {
    throw new EinvoiceError("profile", `xrechnung has a single profile (en16931); got ${request.profile}`);
  }
  const invoice = computeInvoice(resolveInvoice(mapping, data, limits.maxLines), request.format, profile);
  const fileName = request.format === "xrechnung" ? "xrechnung.xml" : "factur-x.xml";
  return { format: request.format, profile, fileName, xml: ciiXml(invoice, request.format, profile), xmp: facturxXmpFragment(fileName, request.format, profile), xmpProperties: facturxXmpProperties(fileName, request.format, profile), xmpSchema: facturxXmpSchema(), invoice };
}
