// The `einvoice` render option, one field shared by every render body (single, stored, async, batch, send-email):
// an EN 16931 invoice (Factur-X / ZUGFeRD / XRechnung, CII XML) built from the data through the template's
// einvoice.mapping and embedded in the PDF (docs/einvoicing.md).
import { EINVOICE_FORMATS, EINVOICE_PROFILES, type EinvoiceRequest } from "@docsvc/layout";
import * as v from "valibot";

export const EinvoiceField = v.optional(
  v.pipe(
    v.union(
      [
        v.literal(false),
        // Strict: a misspelt key (`profil`) must not silently give the default profile.
        v.strictObject({
          format: v.pipe(v.picklist(EINVOICE_FORMATS, `einvoice.format must be one of ${EINVOICE_FORMATS.join(", ")}.`), v.description("factur-x and zugferd (the same CII XML, embedded as factur-x.xml) or xrechnung (embedded as xrechnung.xml).")),
          profile: v.optional(v.pipe(v.picklist(EINVOICE_PROFILES, `einvoice.profile must be one of ${EINVOICE_PROFILES.join(", ")}.`), v.description("Default en16931; xrechnung has only en16931."))),
        }),
      ],
      'einvoice must be an object like {"format":"factur-x","profile":"en16931"}, or false.',
    ),
    // XRechnung has one level: asking for another is a contradiction, refused here rather than at render time.
    v.check((value) => value === false || value.format !== "xrechnung" || value.profile === undefined || value.profile === "en16931", "einvoice.profile: xrechnung has only the en16931 profile."),
    v.description("Embed an EN 16931 e-invoice (UN/CEFACT CII D16B XML) built from the data through the template's einvoice.mapping; false turns off the template's default. Data that breaks an EN 16931 rule (a total that does not add up, an unknown unit code, a missing party) is a 422 naming the rule."),
  ),
);

export type EinvoiceOption = EinvoiceRequest | false;

/**
 * A batch job's e-invoice option, stored with its form options (the `form_options` JSON of batch_inputs, so no
 * column of its own): `{"einvoice":{"format":…}}`. Anything unreadable is no option.
 */
export function storedEinvoice(text: string | null | undefined): { einvoice?: EinvoiceOption } {
  if (text === null || text === undefined) return {};
  try {
    const parsed = v.safeParse(EinvoiceField, (JSON.parse(text) as { einvoice?: unknown }).einvoice);
    return parsed.success && parsed.output !== undefined ? { einvoice: parsed.output } : {};
  } catch {
    return {};
  }
}
