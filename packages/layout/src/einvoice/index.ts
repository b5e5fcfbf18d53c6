// E-invoices (EN 16931 in UN/CEFACT CII D16B) from a template's data: pure, nothing of PDF (docs/einvoicing.md).
export { EINVOICE_FORMATS, EINVOICE_PROFILES, HEADER_TERMS, LINE_TERMS, BREAKDOWN_TERMS, type BreakdownMapping, type EinvoiceFormat, type EinvoiceProfile, type EinvoiceRequest, type EinvoiceMapping, type LineMapping, type MappingSource, type TemplateEinvoice } from "./types.js";
export { einvoiceRequestSchema, templateEinvoiceSchema, parseEinvoiceSpec } from "./schema.js";
export { EinvoiceError } from "./error.js";
export { buildEinvoice, einvoiceRequest, type BuiltEinvoice } from "./build.js";
export { type Invoice, type InvoiceLine, type VatBreakdown } from "./compute.js";
export { GUIDELINES, XRECHNUNG_GUIDELINE } from "./cii.js";
export { facturxXmpFragment, facturxXmpProperties, facturxXmpSchema, conformanceLevel, FACTURX_XMP_NAMESPACE } from "./xmp.js";
export { UNIT_CODES, CURRENCY_CODES } from "./codes.js";
