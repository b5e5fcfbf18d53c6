// The render endpoints: either lane (session JWT or API key), rate limited per workspace.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { renderAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, queryParams, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { checkTheme, renderInline, renderStoredTemplate, takeRenderToken, type RenderedPdf } from "../services/render.js";
import { RenderInlineBody, RenderQuery, RenderTemplateBody } from "../schemas/render.js";
import { refuseSignWithProtect } from "../services/signing.js";

/** The number of diagnostics a render produced, on every render response. */
export const DIAGNOSTICS_HEADER = "X-Docsvc-Diagnostics";

/** Throws 429 (with Retry-After) when the workspace's render bucket is empty. */
function renderRateLimit(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await takeRenderToken(deps, c.get("principal"));
    await next();
  };
}

// The theme is judged before anything else in the body, so its contract messages win over other errors.
const themeFirst = (body: Readonly<Record<string, unknown>>): void => {
  checkTheme(body["theme"]);
  refuseSignWithProtect(body);
};

/**
 * A value of RFC 5987's ext-value: encodeURIComponent leaves `'`, `(`, `)`, `*` and `!` as they are, and a bare
 * `'` would end the charset'language' part early in a strict parser.
 */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `inline; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII name (letters, digits, `.`, `_`, `-`) plus the real one. */
export function contentDisposition(rendered: Pick<RenderedPdf, "title" | "fileName">): string {
  const star = rendered.title ? `; filename*=UTF-8''${extValue(`${rendered.title}.pdf`)}` : "";
  return `inline; filename="${rendered.fileName}"${star}`;
}

/** The PDF, or with `?diagnostics=json` what the caller needs to see why it looks wrong. */
function renderResponse(c: Context<AppEnv>, rendered: RenderedPdf, diagnosticsOnly: boolean): Response {
  const common = { "X-Page-Count": String(rendered.pages), [DIAGNOSTICS_HEADER]: String(rendered.diagnostics.length), "Cache-Control": "no-store" };
  if (diagnosticsOnly) {
    const diagnostics = rendered.diagnostics.map(({ code, message, path }) => ({ code, message, path }));
    return c.json({ pages: rendered.pages, diagnostics }, 200, common);
  }
  // Object.assign, not a spread: on Node 20 (V8 11) a spread that gains properties makes a new hidden class per call.
  return c.body(rendered.pdf as Uint8Array<ArrayBuffer>, 200, Object.assign(common, {
    "Content-Type": "application/pdf",
    "Content-Disposition": contentDisposition(rendered),
  }));
}

/** POST /api/templates/{id}/render and POST /api/render. */
export function renderRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = renderAuth(deps);
  const limit = renderRateLimit(deps);

  const query = queryParams(RenderQuery);
  app.post("/templates/:id/render", auth, uuidParam("id", "Template"), query, limit, jsonBody(RenderTemplateBody, themeFirst), async (c) =>
    renderResponse(c, await renderStoredTemplate(deps, c.get("principal"), c.req.param("id"), c.req.valid("json"), c.req.raw.signal, c.req.valid("query").diagnostics === "json"), c.req.valid("query").diagnostics === "json"),
  );

  app.post("/render", auth, query, limit, jsonBody(RenderInlineBody, themeFirst), async (c) =>
    renderResponse(c, await renderInline(deps, c.get("principal"), c.req.valid("json"), c.req.raw.signal, c.req.valid("query").diagnostics === "json"), c.req.valid("query").diagnostics === "json"),
  );

  return app;
}
