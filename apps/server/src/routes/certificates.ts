// /api/certificates: a workspace's signing certificates (session lane; upload and delete: Owner).
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PayloadTooLargeError, ValidationError } from "../errors.js";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { parseOrThrow, uuidParam } from "../http/validate.js";
import { UploadCertificateFields } from "../schemas/sign.js";
import { CERTIFICATE_FILE_LIMIT, listWorkspaceCertificates, removeCertificate, requireCertificateOwner, uploadCertificate } from "../services/certificates.js";
import type { ServiceDeps } from "../services/deps.js";

/** Certificate routes, mounted at /api/certificates. */
export function certificateRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);
  // The multipart envelope and the password add a little to the file; the file's own size is checked exactly.
  const limit = bodyLimit({ maxSize: CERTIFICATE_FILE_LIMIT + 16 * 1024, onError: () => { throw new PayloadTooLargeError(CERTIFICATE_FILE_LIMIT); } });

  app.get("/", session, async (c) => c.json(await listWorkspaceCertificates(deps, c.get("principal"))));

  app.post("/", session, async (c, next) => {
    // Before the body is read: a non-Owner learns nothing about the file it sent.
    requireCertificateOwner(c.get("principal"));
    await next();
  }, limit, async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw ValidationError.field("file", "The body must be multipart/form-data with the PKCS#12 file in the field 'file' and its password in 'password'.");
    });
    const file = form["file"];
    if (!(file instanceof File)) throw ValidationError.field("file", "file is required: the PKCS#12 (.p12/.pfx) file in the multipart field 'file'.");
    const fields = parseOrThrow(UploadCertificateFields, { password: form["password"], name: typeof form["name"] === "string" ? form["name"] : undefined }, "body");
    const view = await uploadCertificate(deps, c.get("principal"), { bytes: new Uint8Array(await file.arrayBuffer()), password: fields.password, name: fields.name });
    return c.json(view);
  });

  app.delete("/:id", session, uuidParam("id", "Certificate"), async (c) => {
    await removeCertificate(deps, c.get("principal"), c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
