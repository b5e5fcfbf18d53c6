// POST /api/templates/{id}/send-email: render and email a document (session lane; Owner or Editor).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { checkTheme, takeRenderToken } from "../services/render.js";
import { sendTemplateEmail } from "../services/send-email.js";
import { refuseSignWithProtect } from "../services/signing.js";
import { SendTemplateEmailBody } from "../schemas/send-email.js";

/** The send-email route, mounted at /api/templates. */
export function sendEmailRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    "/:id/send-email",
    sessionAuth(deps),
    uuidParam("id", "Template"),
    // It renders, so it spends a render token like the render endpoints.
    async (c, next) => {
      await takeRenderToken(deps, c.get("principal"));
      await next();
    },
    jsonBody(SendTemplateEmailBody, (body) => {
      checkTheme(body["theme"]);
      refuseSignWithProtect(body);
    }),
    async (c) => c.json(await sendTemplateEmail(deps, c.get("principal"), c.req.param("id"), c.req.valid("json"))),
  );
  return app;
}
