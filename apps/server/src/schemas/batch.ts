// Request bodies of the batch endpoints.
import { EinvoiceField } from "./einvoice.js";
import * as v from "valibot";
import { ThemeField } from "./common.js";
import { SignField } from "./sign.js";
import { FlattenField, FormsField, TaggedField } from "./forms.js";
import { ProtectField } from "./protect.js";
import { PdfStandardsField } from "./pdf-standards.js";
import { StampsField } from "./stamps.js";
import { WebhookField } from "./webhooks.js";

/** Rows per batch job (spec limits table). */
export const MAX_BATCH_ROWS = 2000;

export const BatchOutputField = v.nullish(v.picklist(["zip", "merged"], "output must be 'zip' or 'merged' (or null, meaning 'zip')."));
export const FileNamePatternField = v.nullish(
  v.pipe(v.string("fileNamePattern must be a string or null."), v.maxLength(500, "fileNamePattern must be at most 500 characters.")),
);
export const EmailColumnField = v.nullish(
  v.pipe(v.string("emailColumn must be a string or null."), v.trim(), v.maxLength(200, "emailColumn must be at most 200 characters.")),
);

const RowField = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "each row must be a JSON object.",
);

export const CreateBatchJsonBody = v.object({
  rows: v.pipe(
    v.array(RowField, "rows must be an array of objects."),
    v.minLength(1, "rows must hold at least one row."),
    // At most BATCH_MAX_ROWS (default MAX_BATCH_ROWS): a setting, so checked by the service (checkRowCount).
    v.description("The data rows, one document each: at most BATCH_MAX_ROWS of them (default 2,000; docs/limits.md)."),
  ),
  output: BatchOutputField,
  fileNamePattern: FileNamePatternField,
  emailColumn: EmailColumnField,
  theme: v.optional(ThemeField),
  sign: SignField,
  forms: FormsField,
  flatten: FlattenField,
  tagged: TaggedField,
  protect: ProtectField,
  stamps: StampsField,
  einvoice: EinvoiceField,
  pdfStandards: PdfStandardsField,
  webhook: WebhookField,
});

/** The form fields of the upload endpoint besides `file` (multipart values are strings). */
export const BatchUploadFields = v.object({
  output: BatchOutputField,
  fileNamePattern: FileNamePatternField,
  emailColumn: EmailColumnField,
  webhookUrl: v.nullish(v.string()),
});

/** The upload's form, for the OpenAPI document (the route reads the parts itself). */
export const BatchUploadForm = v.object({
  file: v.pipe(v.string(), v.description("The .csv or .xlsx spreadsheet (binary); the header row names the keys.")),
  output: BatchOutputField,
  fileNamePattern: FileNamePatternField,
  emailColumn: EmailColumnField,
  sign: v.optional(v.pipe(v.string(), v.description("The sign object (SignOptions) as JSON text: every row's PDF, or the merged PDF, is signed."))),
  webhookUrl: v.pipe(v.nullish(v.string()), v.description("A webhook URL told when the job finishes (as webhook.url in the JSON submission).")),
});
