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

/** The OpenAPI document and (in development) its reference UI. */
export function openApiRoutes(publicUrl: string, development: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: string | undefined;
  app.get("/openapi/v1.json", (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(publicUrl));
    return c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
  if (development) app.get("/scalar/v1", (c) => c.html(SCALAR_PAGE));
  return app;
}
