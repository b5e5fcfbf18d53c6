// POST /api/tools/check-pdf: the rules of PDF/A and PDF/UA a PDF breaks (either lane, rate limited like a
// render). The body is the PDF itself; `?standards=` picks the standards, else the file's own declaration.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { limitsOf } from "../config-limits.js";
import { PayloadTooLargeError } from "../errors.js";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { checkPdfFile, standardsQuery } from "../services/check-pdf.js";
import type { ServiceDeps } from "../services/deps.js";
import { takeRenderToken } from "../services/render.js";

/** Mounted at /api/tools. */
export function checkPdfRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limits = limitsOf(deps.config);
  const limit = bodyLimit({ maxSize: limits.checkPdfBytes, onError: () => { throw new PayloadTooLargeError(limits.checkPdfBytes); } });
  app.post("/check-pdf", renderAuth(deps), limit, async (c) => {
    const standards = standardsQuery(c.req.query("standards"));
    await takeRenderToken(deps, c.get("principal"));
    const pdf = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await checkPdfFile(limits, pdf, standards), 200, { "Cache-Control": "no-store" });
  });
  return app;
}
