// /api/templates/{id}/base-pdf: upload, page sizes, page rasters, removal (session lane; writes: Owner, Editor).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { uuidParam } from "../http/validate.js";
import { limitsOf } from "../config-limits.js";
import { receiveMultipartFile } from "../http/multipart-file.js";
import { basePdfPage, getBasePdf, removeBasePdf, uploadBasePdf } from "../services/base-pdf.js";
import type { ServiceDeps } from "../services/deps.js";

/** Base-PDF routes, mounted at /api/templates. */
export function basePdfRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);
  const id = uuidParam("id", "Template");
  const maxBytes = limitsOf(deps.config).basePdfBytes;

  // Streamed: the file goes to a temporary file as it arrives (413 as soon as it passes the cap), never a buffer.
  app.post("/:id/base-pdf", session, id, async (c) =>
    c.json(await uploadBasePdf(deps, c.get("principal"), c.req.param("id"), (dir) => receiveMultipartFile(c.req.raw, "file", maxBytes, dir))),
  );

  app.get("/:id/base-pdf", session, id, async (c) => c.json(await getBasePdf(deps, c.get("principal"), c.req.param("id"))));

  app.get("/:id/base-pdf/pages/:index", session, id, async (c) => {
    const raw = c.req.param("index");
    const index = /^\d{1,4}$/.test(raw) ? Number(raw) : -1;
    const png = await basePdfPage(deps, c.get("principal"), c.req.param("id"), index);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/png", "Cache-Control": "private, max-age=300" });
  });

  app.delete("/:id/base-pdf", session, id, async (c) => {
    await removeBasePdf(deps, c.get("principal"), c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
