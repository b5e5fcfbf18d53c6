// /api/usage: this month's usage and the last 30 days by day.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import type { ServiceDeps } from "../services/deps.js";
import { dailyUsage, monthUsage } from "../services/usage.js";

/** Usage reports (session lane, any role). */
export function usageRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);

  app.get("/", session, async (c) => c.json(await monthUsage(deps, c.get("principal"))));
  app.get("/daily", session, async (c) => c.json(await dailyUsage(deps, c.get("principal"))));

  return app;
}
