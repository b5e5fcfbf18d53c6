// Which e-invoice a render makes: the render's `einvoice` option over the template's default, built from the
// template's mapping and the render's data before any layout work (a broken invoice fails fast, as a 422).
import { buildEinvoice, einvoiceRequest, type BuiltEinvoice, type EinvoiceRequest, type LayoutLimits, type TemplateDocument } from "@docsvc/layout";

/** The e-invoice of a render, or undefined when none is asked for; throws EinvoiceError naming the rule. */
export function renderEinvoice(document: TemplateDocument | undefined, data: unknown, request: EinvoiceRequest | false | undefined, limits?: LayoutLimits): BuiltEinvoice | undefined {
  const effective = einvoiceRequest(document?.einvoice, request);
  if (effective === undefined) return undefined;
  // An HTML template has no document to carry a mapping: buildEinvoice says so.
  return buildEinvoice(document?.einvoice?.mapping, data, effective, limits?.maxRows !== undefined ? { maxLines: limits.maxRows } : {});
}
