// /api/render/async and /api/render/jobs/…: queued renders, either lane, rate limited like renders on submission.
import { Hono } from "hono";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { fileResponse } from "../http/ranges.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import { RenderAsyncBody } from "../schemas/webhooks.js";
import type { ServiceDeps } from "../services/deps.js";
import { checkTheme, takeRenderToken } from "../services/render.js";
import { getRenderJob, renderJobPdf, submitRenderJob } from "../services/render-jobs.js";
import { refuseSignWithProtect } from "../services/signing.js";
import { withRequestLinks } from "../http/request-links.js";

// The theme is judged before anything else in the body, then sign with protect, as on the sync render endpoints.
const themeFirst = (body: Readonly<Record<string, unknown>>): void => {
  checkTheme(body["theme"]);
  refuseSignWithProtect(body);
};

/** Asynchronous render routes, mounted at /api/render. */
export function renderJobRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = renderAuth(deps);
  const jobId = uuidParam("id", "Render job");

  app.post(
    "/async",
    auth,
    async (c, next) => {
      await takeRenderToken(deps, c.get("principal"));
      await next();
    },
    jsonBody(RenderAsyncBody, themeFirst),
    async (c) => {
      const job = await submitRenderJob(withRequestLinks(c, deps), c.get("principal"), c.req.valid("json"));
      return c.json(job, 202, { Location: `/api/render/jobs/${job.jobId}` });
    },
  );

  app.get("/jobs/:id", auth, jobId, async (c) => c.json(await getRenderJob(withRequestLinks(c, deps), c.get("principal"), c.req.param("id"))));

  app.get("/jobs/:id/pdf", auth, jobId, async (c) => {
    const pdf = await renderJobPdf(deps, c.get("principal"), c.req.param("id"));
    const file = { reader: pdf.reader, contentType: "application/pdf", disposition: `attachment; filename="${pdf.fileName}"`, etag: pdf.etag, lastModified: pdf.finishedAt };
    return fileResponse(file, { range: c.req.header("Range"), ifRange: c.req.header("If-Range") });
  });

  return app;
}
