// /api/admin: system administration, for verified addresses listed in ADMIN_EMAILS.
import { Hono, type MiddlewareHandler } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv, SessionEnv } from "../http/env.js";
import { jsonBody, queryParams, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { adminListWorkspaces, adminSetPlan, requireAdmin } from "../services/workspaces.js";
import { AdminWorkspacesQuery, SetWorkspacePlanRequest } from "../schemas/workspaces.js";

/** Admin endpoints (session lane; 403 for anyone not an administrator). */
export function adminRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);
  // Non-administrators get 403 before anything about the request (even a malformed id) is judged.
  const admin: MiddlewareHandler<SessionEnv> = async (c, next) => {
    requireAdmin(deps, c.get("principal"));
    await next();
  };

  app.get("/workspaces", session, admin, queryParams(AdminWorkspacesQuery), async (c) =>
    c.json(await adminListWorkspaces(deps, c.get("principal"), c.req.valid("query").search)),
  );

  app.post("/workspaces/:workspaceId/plan", session, admin, uuidParam("workspaceId", "Workspace"), jsonBody(SetWorkspacePlanRequest), async (c) =>
    c.json(await adminSetPlan(deps, c.get("principal"), c.req.param("workspaceId"), c.req.valid("json").plan)),
  );

  return app;
}
