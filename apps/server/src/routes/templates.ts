// /api/templates: CRUD (session lane). Rendering lives in ./render.ts (either lane).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, queryParams, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import {
  createTemplate,
  deleteWorkspaceTemplate,
  getTemplate,
  importHtmlTemplate,
  listWorkspaceTemplates,
  updateWorkspaceTemplate,
  upgradeToReport,
} from "../services/templates.js";
import { CreateTemplateBody, ImportHtmlBody, TemplateListQuery, UpdateTemplateBody, UpgradeToReportBody } from "../schemas/templates.js";

/** Template CRUD. */
export function templateRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);
  const id = uuidParam("id", "Template");

  app.get("/", session, queryParams(TemplateListQuery), async (c) =>
    c.json(await listWorkspaceTemplates(deps, c.get("principal"), c.req.valid("query").name)),
  );

  app.post("/", session, jsonBody(CreateTemplateBody), async (c) => c.json(await createTemplate(deps, c.get("principal"), c.req.valid("json"))));

  app.post("/import-html", session, jsonBody(ImportHtmlBody), async (c) => c.json(await importHtmlTemplate(deps, c.get("principal"), c.req.valid("json"))));

  app.post("/:id/upgrade-to-report", session, id, jsonBody(UpgradeToReportBody, undefined, { optional: true }), async (c) =>
    c.json(await upgradeToReport(deps, c.get("principal"), c.req.param("id"), c.req.valid("json").sampleData ?? undefined)));

  app.get("/:id", session, id, async (c) => c.json(await getTemplate(deps, c.get("principal"), c.req.param("id"))));

  app.put("/:id", session, id, jsonBody(UpdateTemplateBody), async (c) => {
    const { content, name, expectedUpdatedAt, versionKind, yState, yStateSeq, editorMode, sampleData } = c.req.valid("json");
    const input = { content, ...(name !== undefined ? { name } : {}), ...(expectedUpdatedAt ? { expectedUpdatedAt } : {}), versionKind, yState, yStateSeq, editorMode, sampleData };
    return c.json(await updateWorkspaceTemplate(deps, c.get("principal"), c.req.param("id"), input));
  });

  app.delete("/:id", session, id, async (c) => {
    await deleteWorkspaceTemplate(deps, c.get("principal"), c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
