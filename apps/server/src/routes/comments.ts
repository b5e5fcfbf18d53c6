// /api/templates/{templateId}/comments (Beta, session lane).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { SessionEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import { CreateCommentBody } from "../schemas/collab.js";
import { createComment, deleteComment, listTemplateComments } from "../services/comments.js";
import type { ServiceDeps } from "../services/deps.js";
import { withRequestLinks } from "../http/request-links.js";

/** Comment endpoints, mounted at /api/templates. */
export function commentRoutes(deps: ServiceDeps): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  const session = sessionAuth(deps);
  const template = uuidParam("templateId", "Template");

  app.get("/:templateId/comments", session, template, async (c) =>
    c.json(await listTemplateComments(deps, c.get("principal"), c.req.param("templateId"))),
  );

  app.post("/:templateId/comments", session, template, jsonBody(CreateCommentBody), async (c) =>
    c.json(await createComment(withRequestLinks(c, deps), c.get("principal"), c.req.param("templateId"), c.req.valid("json"))),
  );

  app.delete("/:templateId/comments/:commentId", session, template, uuidParam("commentId", "Comment"), async (c) => {
    await deleteComment(deps, c.get("principal"), c.req.param("templateId"), c.req.param("commentId"));
    return c.json({ ok: true });
  });

  return app;
}
