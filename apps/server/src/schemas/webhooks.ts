// Webhook and asynchronous render wire shapes: request bodies and answers (validation and the OpenAPI document).
import { EinvoiceField } from "./einvoice.js";
import { PdfStandardsField } from "./pdf-standards.js";
import * as v from "valibot";
import { ThemeField } from "./common.js";
import { DataField, RenderOptionEntries } from "./render.js";

/** Longest webhook URL accepted. */
export const MAX_WEBHOOK_URL = 2048;

const WebhookUrl = v.pipe(
  v.string("webhook.url must be a string."),
  v.trim(),
  v.maxLength(MAX_WEBHOOK_URL, `webhook.url must be at most ${MAX_WEBHOOK_URL} characters.`),
  v.check((url) => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.username === "" && parsed.password === "";
    } catch {
      return false;
    }
  }, "webhook.url must be an absolute http(s) URL without credentials."),
  v.description("Where the event is POSTed. Addresses are checked when it is sent: private, loopback and link-local ones are refused unless the server sets WEBHOOK_ALLOW_PRIVATE=true."),
);

/** `webhook: {url}` on a batch submission or an asynchronous render. */
export const WebhookField = v.nullish(v.object({ url: WebhookUrl }, "webhook must be an object {url}."));

/** POST /api/render/async: a stored template (templateId) or content sent along, plus data and an optional webhook. */
export const RenderAsyncBody = v.object({
  templateId: v.nullish(v.pipe(v.string("templateId must be a UUID."), v.uuid("templateId must be a UUID."))),
  content: v.nullish(v.string("content must be a string: a template document (JSON text) or an HTML template.")),
  editorMode: v.nullish(v.picklist(["report", "html"], "editorMode must be 'report' or 'html'.")),
  baseTemplateId: v.nullish(v.pipe(v.string("baseTemplateId must be a UUID."), v.uuid("baseTemplateId must be a UUID."))),
  data: DataField,
  theme: v.optional(ThemeField),
  // sign, forms, flatten, protect, stamps: as on POST /api/render.
  ...RenderOptionEntries,
  webhook: WebhookField,
  einvoice: EinvoiceField,
});

/** An asynchronous render as answered (202 on submission, 200 on GET). */
export const RenderJob = v.object({
  jobId: v.pipe(v.string(), v.uuid()),
  status: v.picklist(["pending", "processing", "completed", "failed"]),
  templateId: v.nullable(v.string()),
  pages: v.nullable(v.number()),
  error: v.nullable(v.string()),
  webhook: v.nullable(v.object({ url: v.string() })),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  pdfUrl: v.pipe(v.string(), v.description("GET it once status is completed (409 before, 404 after expiresAt).")),
});

/** The workspace's signing secret as listed (never the secret itself). */
export const WebhookSecretInfo = v.object({ prefix: v.string(), createdAt: v.string() });

/** A secret just made: the only time `secret` is shown. */
export const CreatedWebhookSecret = v.object({
  secret: v.pipe(v.string(), v.description("whsec_…: the HMAC-SHA256 key for X-Docsvc-Signature. Shown once.")),
  prefix: v.string(),
  createdAt: v.string(),
});

/** One entry of the delivery log. */
export const WebhookDelivery = v.object({
  id: v.pipe(v.string(), v.uuid()),
  eventId: v.string(),
  event: v.picklist(["batch.completed", "batch.failed", "render.completed", "render.failed"]),
  url: v.string(),
  status: v.picklist(["pending", "delivered", "failed"]),
  attempts: v.number(),
  lastStatus: v.pipe(v.nullable(v.number()), v.description("The receiver's last HTTP status; null when it never answered.")),
  lastError: v.pipe(v.nullable(v.string()), v.description("Why the last attempt did not succeed (refused address, timeout, status).")),
  createdAt: v.string(),
  nextAttemptAt: v.nullable(v.string()),
  giveUpAt: v.string(),
  deliveredAt: v.nullable(v.string()),
  payload: v.pipe(v.unknown(), v.description("The event exactly as sent: {id, type, createdAt, workspaceId, data}.")),
});
