// The render endpoints: either lane (session JWT or API key), rate limited per workspace.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { checkTheme, renderInline, renderStoredTemplate, takeRenderToken, type RenderedPdf } from "../services/render.js";
import { RenderInlineBody, RenderTemplateBody } from "../schemas/render.js";

/** Throws 429 (with Retry-After) when the workspace's render bucket is empty. */
function renderRateLimit(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await takeRenderToken(deps, c.get("principal"));
    await next();
  };
}

// The theme is judged before anything else in the body, so its contract messages win over other errors.
const themeFirst = (body: Readonly<Record<string, unknown>>): void => void checkTheme(body["theme"]);

/** `inline; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII name plus the real one. */
function contentDisposition(rendered: RenderedPdf): string {
  const star = rendered.title ? `; filename*=UTF-8''${encodeURIComponent(`${rendered.title}.pdf`)}` : "";
  return `inline; filename="${rendered.fileName}"${star}`;
}

function pdfResponse(c: Context<AppEnv>, rendered: RenderedPdf): Response {
  return c.body(rendered.pdf as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": contentDisposition(rendered),
    "X-Page-Count": String(rendered.pages),
    "Cache-Control": "no-store",
  });
}

/** POST /api/templates/{id}/render and POST /api/render. */
export function renderRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = renderAuth(deps);
  const limit = renderRateLimit(deps);

  app.post("/templates/:id/render", auth, uuidParam("id", "Template"), limit, jsonBody(RenderTemplateBody, themeFirst), async (c) =>
    pdfResponse(c, await renderStoredTemplate(deps, c.get("principal"), c.req.param("id"), c.req.valid("json"))),
  );

  app.post("/render", auth, limit, jsonBody(RenderInlineBody, themeFirst), async (c) =>
    pdfResponse(c, await renderInline(deps, c.get("principal"), c.req.valid("json"))),
  );

  return app;
}
