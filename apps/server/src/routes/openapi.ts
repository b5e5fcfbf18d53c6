// /openapi/v1.json (always) and the Scalar reference UI at /scalar/v1 (NODE_ENV=development only).
import { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { buildOpenApiDocument } from "../openapi/document.js";

// The UI runs in the developer's browser; loading Scalar from its CDN there is fine (the renderer
// itself never fetches anything).
const SCALAR_PAGE = `<!doctype html>
<html>
  <head>
    <title>docsvc API reference</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <script id="api-reference" data-url="/openapi/v1.json"></script>
    <script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>
  </body>
</html>
`;

/**
 * The reference page's own policy (development only): Scalar's script from its CDN, and the inline styles and
 * fonts it injects. The app's strict policy would block all of it; frames, plugins and <base> stay refused.
 */
export const SCALAR_CSP =
  "default-src 'self'; script-src https://cdn.jsdelivr.net; style-src 'self' 'unsafe-inline' https:; font-src 'self' https: data:; img-src 'self' https: data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** The OpenAPI document and (in development) its reference UI. */
export function openApiRoutes(publicUrl: string, development: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: string | undefined;
  app.get("/openapi/v1.json", (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(publicUrl));
    return c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
  if (development) app.get("/scalar/v1", (c) => c.html(SCALAR_PAGE, 200, { "Content-Security-Policy": SCALAR_CSP }));
  return app;
}
