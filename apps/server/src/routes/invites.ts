// /api/invites/{token}: the public preview and the (signed-in) accept.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import type { ServiceDeps } from "../services/deps.js";
import { acceptInvite, previewInvite } from "../services/invites.js";

/** Invite preview (public) and accept (session lane). */
export function inviteRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/:token", async (c) => c.json(await previewInvite(deps, c.req.param("token"))));

  app.post("/:token/accept", sessionAuth(deps), async (c) =>
    c.json(await acceptInvite(deps, c.get("principal"), c.req.param("token"))),
  );

  return app;
}
