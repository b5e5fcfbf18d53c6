// /api/admin: system administration, for verified addresses listed in ADMIN_EMAILS.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, queryParams, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { adminListWorkspaces, adminSetPlan } from "../services/workspaces.js";
import { AdminWorkspacesQuery, SetWorkspacePlanRequest } from "../schemas/workspaces.js";

/** Admin endpoints (session lane; 403 for anyone not an administrator). */
export function adminRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);

  app.get("/workspaces", session, queryParams(AdminWorkspacesQuery), async (c) =>
    c.json(await adminListWorkspaces(deps, c.get("principal"), c.req.valid("query").search)),
  );

  app.post("/workspaces/:workspaceId/plan", session, uuidParam("workspaceId", "Workspace"), jsonBody(SetWorkspacePlanRequest), async (c) =>
    c.json(await adminSetPlan(deps, c.get("principal"), c.req.param("workspaceId"), c.req.valid("json").plan)),
  );

  return app;
}
