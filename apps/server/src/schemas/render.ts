// Request bodies of the render endpoints.
import * as v from "valibot";
import { ThemeField } from "./common.js";
import { SignField } from "./sign.js";
import { FlattenField, FormsField, TaggedField } from "./forms.js";
import { ProtectField } from "./protect.js";
import { StampsField } from "./stamps.js";
import { EinvoiceField } from "./einvoice.js";
import { PdfStandardsField } from "./pdf-standards.js";

/**
 * The render data: a JSON object. (valibot's record would accept an array, turning it into an object,
 * so the check is explicit; the OpenAPI document shows it as `type: object`.)
 */
export const DataField = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "data must be a JSON object.",
);

/**
 * What every render body may ask of the PDF beyond its data: sync renders, stored or inline, and asynchronous
 * renders (schemas/webhooks.ts) share these entries, so a new option reaches all of them at once.
 */
export const RenderOptionEntries = {
  sign: SignField,
  forms: FormsField,
  flatten: FlattenField,
  tagged: TaggedField,
  protect: ProtectField,
  stamps: StampsField,
  einvoice: EinvoiceField,
  pdfStandards: PdfStandardsField,
};

export const RenderTemplateBody = v.object({
  data: DataField,
  theme: v.optional(ThemeField),
  ...RenderOptionEntries,
});

export const RenderInlineBody = v.object({
  content: v.string("content must be a string: a template document (JSON text, first non-blank character '{') or an HTML template."),
  data: DataField,
  // Says how to read content instead of the first-character rule: HTML that begins with a token
  // ("{{greeting}} …") is HTML only when it says so.
  editorMode: v.nullish(v.picklist(["report", "html"], "editorMode must be 'report' or 'html' (or absent: content starting with '{' is a JSON document, anything else HTML).")),
  baseTemplateId: v.nullish(v.pipe(v.string("baseTemplateId must be a UUID."), v.uuid("baseTemplateId must be a UUID."))),
  theme: v.optional(ThemeField),
  ...RenderOptionEntries,
});



/** `?diagnostics=json`: answer the diagnostics (and page count) as JSON instead of the PDF. */
export const RenderQuery = v.object({
  diagnostics: v.optional(v.picklist(["json"], "diagnostics must be 'json' (or absent for the PDF).")),
});
