// /api/workspaces: the caller's workspaces, members, roles and invites.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { createInvite } from "../services/invites.js";
import { changeMemberRole, listWorkspaceMembers, listWorkspaces, removeMember } from "../services/workspaces.js";
import { InviteMemberBody, UpdateMemberRoleBody } from "../schemas/workspaces.js";
import { withRequestLinks } from "../http/request-links.js";

/** Workspace and membership endpoints (session lane). */
export function workspaceRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);

  app.get("/", session, async (c) => c.json(await listWorkspaces(deps, c.get("principal"))));

  app.get("/current/members", session, async (c) => c.json(await listWorkspaceMembers(deps, c.get("principal"))));

  app.post("/current/invites", session, jsonBody(InviteMemberBody), async (c) => {
    const { email, role } = c.req.valid("json");
    return c.json(await createInvite(withRequestLinks(c, deps), c.get("principal"), email, role));
  });

  app.delete("/current/members/:userId", session, uuidParam("userId", "Member"), async (c) => {
    await removeMember(deps, c.get("principal"), c.req.param("userId"));
    return c.json({ ok: true });
  });

  app.patch("/current/members/:userId", session, uuidParam("userId", "Member"), jsonBody(UpdateMemberRoleBody), async (c) =>
    c.json(await changeMemberRole(deps, c.get("principal"), c.req.param("userId"), c.req.valid("json").role)),
  );

  return app;
}
