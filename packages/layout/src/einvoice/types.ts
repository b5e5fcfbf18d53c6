// The e-invoice vocabulary: formats, profiles, the template's mapping of EN 16931 business terms to data paths.
// Nothing here knows PDF: the XML is text, the PDF package embeds it (packages/pdf/src/einvoice/).

/** The carrier: Factur-X and ZUGFeRD 2.x are the same CII XML in a PDF/A-3; XRechnung is the German CIUS (CII syntax). */
export const EINVOICE_FORMATS = ["factur-x", "zugferd", "xrechnung"] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

/** Factur-X / ZUGFeRD profiles, smallest first (XRechnung has a single one, `en16931` level). */
export const EINVOICE_PROFILES = ["minimum", "basic-wl", "basic", "en16931", "extended"] as const;
export type EinvoiceProfile = (typeof EINVOICE_PROFILES)[number];

/** What a render asks for: `{"format":"factur-x","profile":"en16931"}`; the profile defaults to `en16931`. */
export interface EinvoiceRequest {
  readonly format: EinvoiceFormat;
  readonly profile?: EinvoiceProfile;
}

/**
 * One business term's source: a data path (`"invoiceNumber"`, `"seller.vatId"`; inside `BG-25`, relative to the
 * line first, then the data root), a constant (`{"value":"380"}`), or a path whose number is a fraction to print
 * as a percent (`{"path":"taxRate","fraction":true}`: 0.19 → 19).
 */
export type MappingSource = string | { readonly value: string | number } | { readonly path: string; readonly fraction?: boolean };

/** The header business terms a mapping can name (docs/einvoicing.md lists what each one is). */
export const HEADER_TERMS = [
  "BT-1", "BT-2", "BT-3", "BT-5", "BT-9", "BT-10", "BT-20", "BT-22",
  "BT-27", "BT-30", "BT-31", "BT-34", "BT-41", "BT-42", "BT-43", "BT-35", "BT-36", "BT-37", "BT-38", "BT-39", "BT-40",
  "BT-44", "BT-47", "BT-48", "BT-49", "BT-50", "BT-51", "BT-52", "BT-53", "BT-54", "BT-55", "BT-56",
  "BT-81", "BT-83", "BT-84",
  "BT-106", "BT-109", "BT-110", "BT-112", "BT-113", "BT-115",
] as const;
export type HeaderTerm = (typeof HEADER_TERMS)[number];

/** The line (BG-25) business terms. */
export const LINE_TERMS = ["BT-126", "BT-127", "BT-129", "BT-130", "BT-131", "BT-146", "BT-151", "BT-152", "BT-153", "BT-154", "BT-155"] as const;
export type LineTerm = (typeof LINE_TERMS)[number];

/** The VAT breakdown (BG-23) a document prints, checked against the one computed from the lines. */
export const BREAKDOWN_TERMS = ["BT-116", "BT-117", "BT-118", "BT-119"] as const;
export type BreakdownTerm = (typeof BREAKDOWN_TERMS)[number];

/** A printed VAT breakdown: `rows` is the data path of its array, the other keys BG-23 terms. */
export type BreakdownMapping = { readonly rows: string } & { readonly [T in BreakdownTerm]?: MappingSource };

/** The lines: `rows` is the data path of the array, the other keys line terms. */
export type LineMapping = { readonly rows: string } & { readonly [T in LineTerm]?: MappingSource };

/** The template's `einvoice.mapping`. */
export type EinvoiceMapping = { readonly [T in HeaderTerm]?: MappingSource } & { readonly "BG-25"?: LineMapping; readonly "BG-23"?: BreakdownMapping };

/** The template document's `einvoice` key: the mapping, plus an optional default format and profile. */
export interface TemplateEinvoice {
  readonly format?: EinvoiceFormat;
  readonly profile?: EinvoiceProfile;
  readonly mapping: EinvoiceMapping;
}
