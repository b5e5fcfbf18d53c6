// valibot schemas of the e-invoice request (shared by every render body of the server) and of the template key.
import * as v from "valibot";
import { BREAKDOWN_TERMS, EINVOICE_FORMATS, EINVOICE_PROFILES, HEADER_TERMS, LINE_TERMS, type EinvoiceRequest, type MappingSource, type TemplateEinvoice } from "./types.js";

const format = v.picklist(EINVOICE_FORMATS, `format must be one of ${EINVOICE_FORMATS.join(", ")}`);
const profile = v.picklist(EINVOICE_PROFILES, `profile must be one of ${EINVOICE_PROFILES.join(", ")}`);

/** `{"format":"factur-x","profile":"en16931"}` (profile optional; unknown keys refused so a typo is not ignored). */
export const einvoiceRequestSchema: v.GenericSchema<unknown, EinvoiceRequest> = v.strictObject(
  { format, profile: v.optional(profile) },
  'einvoice must be an object like {"format":"factur-x","profile":"en16931"} (format: factur-x, zugferd or xrechnung)',
);

/** Parses `factur-x` or `factur-x:basic` (the CLI's spelling; `basic-wl` for BASIC WL). */
export function parseEinvoiceSpec(text: string): EinvoiceRequest | undefined {
  const [f, p, extra] = text.trim().toLowerCase().split(":");
  if (extra !== undefined || !(EINVOICE_FORMATS as readonly string[]).includes(f ?? "")) return undefined;
  if (p !== undefined && !(EINVOICE_PROFILES as readonly string[]).includes(p)) return undefined;
  return { format: f as EinvoiceRequest["format"], ...(p !== undefined ? { profile: p as NonNullable<EinvoiceRequest["profile"]> } : {}) };
}

const path = v.pipe(v.string("expected a data path"), v.minLength(1, "a data path must not be empty"));
const source: v.GenericSchema<unknown, MappingSource> = v.union(
  [
    path,
    v.strictObject({ value: v.union([v.string(), v.pipe(v.number(), v.finite())]) }),
    v.strictObject({ path, fraction: v.optional(v.boolean()) }),
  ],
  'expected a data path, {"value": …} or {"path": …, "fraction": true}',
);

const lineEntries = Object.fromEntries(LINE_TERMS.map((term) => [term, v.optional(source)])) as Record<(typeof LINE_TERMS)[number], v.OptionalSchema<typeof source, undefined>>;
const headerEntries = Object.fromEntries(HEADER_TERMS.map((term) => [term, v.optional(source)])) as Record<(typeof HEADER_TERMS)[number], v.OptionalSchema<typeof source, undefined>>;

// Strict: a business term the builder does not know (`BT-999`, `bt-1`) is an error at save, not silently dropped.
const lines = v.strictObject({ rows: path, ...lineEntries }, (issue) =>
  issue.expected === "never" ? `unknown line business term; known: rows, ${LINE_TERMS.join(", ")}` : "BG-25 must be an object with rows and line business terms");
const breakdownEntries = Object.fromEntries(BREAKDOWN_TERMS.map((term) => [term, v.optional(source)])) as Record<(typeof BREAKDOWN_TERMS)[number], v.OptionalSchema<typeof source, undefined>>;
const breakdown = v.strictObject({ rows: path, ...breakdownEntries }, (issue) =>
  issue.expected === "never" ? `unknown VAT breakdown business term; known: rows, ${BREAKDOWN_TERMS.join(", ")}` : "BG-23 must be an object with rows and VAT breakdown business terms");
const mapping = v.strictObject({ ...headerEntries, "BG-25": v.optional(lines), "BG-23": v.optional(breakdown) }, (issue) =>
  issue.expected === "never" ? `unknown business term; known: ${HEADER_TERMS.join(", ")}, BG-23, BG-25` : "mapping must be an object of business terms");

/** The template document's `einvoice` key. */
export const templateEinvoiceSchema: v.GenericSchema<unknown, TemplateEinvoice> = v.strictObject(
  { format: v.optional(format), profile: v.optional(profile), mapping },
  "einvoice must be an object with mapping (and optionally format and profile)",
) as v.GenericSchema<unknown, TemplateEinvoice>;
