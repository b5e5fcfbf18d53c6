// The body of POST /api/templates/{id}/send-email.
import * as v from "valibot";
import { EmailField, ThemeField } from "./common.js";
import { DataField } from "./render.js";
import { SignField } from "./sign.js";
import { FlattenField, FormsField, TaggedField } from "./forms.js";
import { ProtectField } from "./protect.js";
import { EinvoiceField } from "./einvoice.js";
import { StampsField } from "./stamps.js";
import { PdfStandardsField } from "./pdf-standards.js";

export const SendTemplateEmailBody = v.object({
  to: EmailField,
  data: DataField,
  subject: v.nullish(v.pipe(v.string("subject must be a string."), v.trim(), v.maxLength(200, "subject must be at most 200 characters."))),
  message: v.nullish(v.pipe(v.string("message must be a string."), v.maxLength(10_000, "message must be at most 10,000 characters."))),
  fileName: v.nullish(v.pipe(v.string("fileName must be a string."), v.trim(), v.maxLength(120, "fileName must be at most 120 characters."))),
  theme: v.optional(ThemeField),
  sign: SignField,
  forms: FormsField,
  flatten: FlattenField,
  tagged: TaggedField,
  protect: ProtectField,
  einvoice: EinvoiceField,
  stamps: StampsField,
  pdfStandards: PdfStandardsField,
});
