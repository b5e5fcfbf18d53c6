// /api/presence (Beta, session lane): heartbeat, current viewers, leave.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { SessionEnv } from "../http/env.js";
import { jsonBody } from "../http/validate.js";
import { HeartbeatBody } from "../schemas/collab.js";
import type { ServiceDeps } from "../services/deps.js";
import { currentViewers, heartbeat, leave } from "../services/presence.js";

/** Presence endpoints. */
export function presenceRoutes(deps: ServiceDeps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  const session = sessionAuth(deps);

  app.post("/", session, jsonBody(HeartbeatBody), async (c) => {
    const { resourceType, resourceId } = c.req.valid("json");
    return c.json(await heartbeat(deps, c.get("principal"), resourceType, resourceId));
  });

  app.get("/:resourceType/:resourceId", session, async (c) =>
    c.json(await currentViewers(deps, c.get("principal"), c.req.param("resourceType"), c.req.param("resourceId"))),
  );

  app.delete("/:resourceType/:resourceId", session, async (c) => {
    await leave(deps, c.get("principal"), c.req.param("resourceType"), c.req.param("resourceId"));
    return c.json({ ok: true });
  });

  return app;
}
