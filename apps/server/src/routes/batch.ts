// /api/templates/{id}/render-batch…: batch rendering (Beta), either lane. Submissions are rate limited like
// renders (one token each) and may carry an Idempotency-Key; status, list, result and the CSV template are reads.
import { limitsOf } from "../config-limits.js";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { fileResponse } from "../http/ranges.js";
import { jsonBody, parseOrThrow, uuidParam } from "../http/validate.js";
import { ValidationError } from "../errors.js";
import * as v from "valibot";
import { BatchUploadFields, CreateBatchJsonBody } from "../schemas/batch.js";
import { SignField, type SignInput } from "../schemas/sign.js";
import { WebhookField } from "../schemas/webhooks.js";
import { readSpreadsheet } from "../services/batch-input.js";
import { batchTemplateCsv } from "../services/batch-template.js";
import { batchJobReport, batchResult, checkRowCount, getBatchJob, listBatchJobs, submitBatch, type SubmittedBatch } from "../services/batch.js";
import { IdempotencyKey } from "../services/batch-idempotency.js";
import type { ServiceDeps } from "../services/deps.js";
import { refuseSignWithProtect } from "../services/signing.js";
import { checkTheme, takeRenderToken } from "../services/render.js";

// The theme is judged before anything else in the body, as on the render endpoints.
const themeFirst = (body: Readonly<Record<string, unknown>>): void => {
  checkTheme(body["theme"]);
  refuseSignWithProtect(body);
};

const SignOnly = v.object({ sign: SignField });

/** The upload's optional `sign` field: the same object as in JSON bodies, as JSON text. */
function signFormField(value: unknown): SignInput | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw ValidationError.field("sign", "sign must be JSON text: {\"certificate\": \"<id>\", …}.");
  }
  return parseOrThrow(SignOnly, { sign: parsed }, "body").sign ?? undefined;
}

/** The Idempotency-Key header, checked (400 when malformed), or undefined when there is none. */
const idempotencyKey = (c: Context<AppEnv>): string | undefined => {
  const header = c.req.header("Idempotency-Key");
  return header === undefined ? undefined : parseOrThrow(IdempotencyKey, header, "Idempotency-Key");
};

/** The answer to a submission: `{ jobId }`, marked when it repeats an earlier one. */
const submitted = (c: Context<AppEnv>, batch: SubmittedBatch): Response =>
  c.json({ jobId: batch.jobId }, 200, batch.replayed ? { "Idempotent-Replayed": "true" } : {});

/** Batch routes, mounted at /api/templates. */
export function batchRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = renderAuth(deps);
  const id = uuidParam("id", "Template");
  const jobId = uuidParam("jobId", "Batch job");
  const limit: MiddlewareHandler<AppEnv> = async (c, next) => {
    await takeRenderToken(deps, c.get("principal"));
    await next();
  };

  app.post("/:id/render-batch", auth, id, limit, jsonBody(CreateBatchJsonBody, themeFirst), async (c) => {
    const key = idempotencyKey(c);
    const body = c.req.valid("json");
    const theme = checkTheme(body.theme);
    return submitted(c, await submitBatch(deps, c.get("principal"), c.req.param("id"), { ...body, theme }, key));
  });

  app.post("/:id/render-batch/upload", auth, id, limit, async (c) => {
    const key = idempotencyKey(c);
    const form = await c.req.parseBody().catch(() => {
      throw ValidationError.field("file", "The body must be multipart/form-data with the spreadsheet in the field 'file'.");
    });
    if (form["theme"] !== undefined) throw ValidationError.field("theme", "The upload endpoint takes no theme; send rows as JSON to theme a batch.");
    if (form["protect"] !== undefined) throw ValidationError.field("protect", "The upload endpoint takes no protect option; send rows as JSON to protect a batch's PDFs.");
    if (form["stamps"] !== undefined) throw ValidationError.field("stamps", "The upload endpoint takes no stamps option; send rows as JSON to stamp a batch's PDFs.");
    if (form["pdfStandards"] !== undefined) throw ValidationError.field("pdfStandards", "The upload endpoint takes no pdfStandards option; send rows as JSON for PDF/A or PDF/UA rows.");
    const file = form["file"];
    if (!(file instanceof File)) throw ValidationError.field("file", "file is required: a .csv or .xlsx spreadsheet in the multipart field 'file'.");
    const { webhookUrl, ...fields } = parseOrThrow(BatchUploadFields, Object.fromEntries(["output", "fileNamePattern", "emailColumn", "webhookUrl"].map((k) => [k, typeof form[k] === "string" ? form[k] || null : undefined])), "body");
    const webhook = webhookUrl === null || webhookUrl === undefined ? undefined : parseOrThrow(WebhookField, { url: webhookUrl }, "webhookUrl");
    const sign = signFormField(form["sign"]);
    const rows = await readSpreadsheet(file.name, new Uint8Array(await file.arrayBuffer()), limitsOf(deps.config));
    checkRowCount(rows.length, "file", limitsOf(deps.config).batchRows);
    return submitted(c, await submitBatch(deps, c.get("principal"), c.req.param("id"), { rows, ...fields, theme: undefined, sign, webhook }, key));
  });

  app.get("/:id/render-batch/template", auth, id, async (c) => {
    const { csv, fileName } = await batchTemplateCsv(deps, c.get("principal"), c.req.param("id"));
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` });
  });

  app.get("/:id/render-batch/jobs", auth, id, async (c) => c.json(await listBatchJobs(deps, c.get("principal"), c.req.param("id"))));

  app.get("/:id/render-batch/jobs/:jobId", auth, id, jobId, async (c) =>
    c.json(await getBatchJob(deps, c.get("principal"), c.req.param("id"), c.req.param("jobId"))),
  );

  app.get("/:id/render-batch/jobs/:jobId/report", auth, id, jobId, async (c) =>
    c.json(await batchJobReport(deps, c.get("principal"), c.req.param("id"), c.req.param("jobId"))),
  );

  app.get("/:id/render-batch/jobs/:jobId/result", auth, id, jobId, async (c) => {
    const result = await batchResult(deps, c.get("principal"), c.req.param("id"), c.req.param("jobId"));
    const file = { reader: result.reader, contentType: result.contentType, disposition: `attachment; filename="${result.fileName}"`, etag: result.etag, lastModified: result.finishedAt };
    return fileResponse(file, { range: c.req.header("Range"), ifRange: c.req.header("If-Range") });
  });

  return app;
}
