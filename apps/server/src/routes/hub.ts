// /hubs/collab/negotiate: the SignalR negotiate step (the WebSocket itself is served by collab/transport.ts).
import { Hono } from "hono";
import { hubToken } from "../collab/transport.js";
import { UnauthorizedError } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { authenticateBearer } from "../services/authenticate.js";
import type { ServiceDeps } from "../services/deps.js";

/** The negotiate endpoint, mounted at the hub path. */
export function hubRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post("/negotiate", async (c) => {
    const token = hubToken(new URL(c.req.url), c.req.header("Authorization"));
    if (token === undefined) throw new UnauthorizedError("A session token is required (access_token or Authorization: Bearer).");
    return c.json(deps.collab.negotiate(await authenticateBearer(deps, token)));
  });
  return app;
}
