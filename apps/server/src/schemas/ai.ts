// Request bodies of the AI endpoints. The JSON body is validated with these; the multipart forms are read
// field by field (files and size limits) and described here for the OpenAPI document.
import { GeneratedBandTemplate, GeneratedElement, GeneratedField } from "@docsvc/layout";
import * as v from "valibot";

/** The longest revise or refine instruction. */
export const INSTRUCTION_LIMIT = 2000;

const file = (text: string) => v.optional(v.pipe(v.string(), v.description(text)));
const text = (about: string) => v.optional(v.pipe(v.string(), v.description(about)));

/** POST /api/ai/refine-band. */
export const RefineBandBody = v.object({
  document: GeneratedBandTemplate,
  bandId: v.pipe(v.string("bandId must be a string."), v.minLength(1, "bandId is required.")),
  instruction: v.pipe(v.string("instruction must be a string."), v.trim(), v.minLength(1, "instruction is required."), v.maxLength(INSTRUCTION_LIMIT, `instruction must be at most ${INSTRUCTION_LIMIT} characters.`)),
});

/** POST /api/ai/generate-band-template (multipart/form-data); at least one of image, html, prompt. */
export const GenerateBandTemplateForm = v.object({
  image: file("Reference (binary): PNG, JPEG, WebP or GIF up to 8 MB, or a PDF up to 25 MB (page 1 is used)."),
  prompt: text("A description of the document."),
  html: text("HTML to convert (up to 2 MB)."),
  css: text("CSS for the HTML (up to 1 MB)."),
  paper: text('JSON in the pageSize shape, e.g. {"id":"letter"}; omit for automatic (reference PDF page size, else the model\'s pick; invalid: A4).'),
});

/** POST /api/ai/revise-document (multipart/form-data); at least one of instruction, image. */
export const ReviseDocumentForm = v.object({
  document: v.pipe(v.string(), v.description("Required. JSON of the live document in the AI wire shape (GeneratedBandTemplate) with element ids. At most 1 MB.")),
  content: v.pipe(v.string(), v.description("Required. The serialized template (v4 document JSON) the draft renders from. At most 25 MB.")),
  sampleData: text("JSON data for the draft render. At most 1 MB."),
  instruction: text(`The change, in words. At most ${INSTRUCTION_LIMIT} characters.`),
  image: file("Reference (binary): picture up to 8 MB or PDF up to 25 MB (page 1)."),
  checkToken: text("One-time token from a generation's done event; with the same reference the draft is compared with it, the instruction is ignored and nothing is metered."),
});

/** POST /api/ai/generate-template (legacy; multipart/form-data); at least one of image, prompt. */
export const GenerateTemplateForm = v.object({
  image: file("Reference (binary): picture up to 8 MB or PDF up to 25 MB (page 1)."),
  prompt: text("A description of the document."),
});

/** GET /api/ai/status. */
export const AiStatus = v.object({
  enabled: v.boolean(),
  provider: v.nullable(v.string()),
  model: v.nullable(v.string()),
  structuredOutputs: v.nullable(v.boolean()),
});

/** refine-band's answer. */
export const RefinedBand = v.object({
  bandId: v.string(),
  elements: v.array(GeneratedElement),
  newFields: v.array(GeneratedField),
});

/** generate-template's answer. */
export const LegacyTemplate = v.object({ name: v.string(), elements: v.array(GeneratedElement) });
