// /api/templates/{id}/render-batch…: batch rendering (Beta), either lane. Submissions are rate limited like
// renders (one token each); status, list, result and the CSV template are reads.
import { limitsOf } from "../config-limits.js";
import { Hono, type MiddlewareHandler } from "hono";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, parseOrThrow, uuidParam } from "../http/validate.js";
import { ValidationError } from "../errors.js";
import { BatchUploadFields, CreateBatchJsonBody } from "../schemas/batch.js";
import { readSpreadsheet } from "../services/batch-input.js";
import { batchTemplateCsv } from "../services/batch-template.js";
import { batchJobReport, batchResult, checkRowCount, getBatchJob, listBatchJobs, submitBatch } from "../services/batch.js";
import type { ServiceDeps } from "../services/deps.js";
import { checkTheme, takeRenderToken } from "../services/render.js";

// The theme is judged before anything else in the body, as on the render endpoints.
const themeFirst = (body: Readonly<Record<string, unknown>>): void => void checkTheme(body["theme"]);

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
    const body = c.req.valid("json");
    const theme = checkTheme(body.theme);
    return c.json(await submitBatch(deps, c.get("principal"), c.req.param("id"), { ...body, theme }));
  });

  app.post("/:id/render-batch/upload", auth, id, limit, async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw ValidationError.field("file", "The body must be multipart/form-data with the spreadsheet in the field 'file'.");
    });
    if (form["theme"] !== undefined) throw ValidationError.field("theme", "The upload endpoint takes no theme; send rows as JSON to theme a batch.");
    const file = form["file"];
    if (!(file instanceof File)) throw ValidationError.field("file", "file is required: a .csv or .xlsx spreadsheet in the multipart field 'file'.");
    const fields = parseOrThrow(BatchUploadFields, Object.fromEntries(["output", "fileNamePattern", "emailColumn"].map((k) => [k, typeof form[k] === "string" ? form[k] || null : undefined])), "body");
    const rows = await readSpreadsheet(file.name, new Uint8Array(await file.arrayBuffer()), limitsOf(deps.config));
    checkRowCount(rows.length, "file");
    return c.json(await submitBatch(deps, c.get("principal"), c.req.param("id"), { rows, ...fields, theme: undefined }));
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
    return c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": result.contentType,
      "Content-Length": String(result.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      "Cache-Control": "no-store",
    });
  });

  return app;
}
