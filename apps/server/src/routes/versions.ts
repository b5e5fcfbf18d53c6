// /api/templates/{templateId}/versions: version history (session lane; Viewers read, Editors and Owners write).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, queryParams, uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { getTemplateVersion, listTemplateVersions, nameCurrentVersion, renameVersion } from "../services/versions.js";
import { CreateVersionBody, RenameVersionBody, VersionListQuery } from "../schemas/versions.js";

/** The default page size of the version list. */
export const DEFAULT_VERSION_PAGE = 50;

/** Version history routes, mounted at /api/templates. */
export function versionRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);
  const template = uuidParam("templateId", "Template");
  const version = uuidParam("versionId", "Version");

  app.get("/:templateId/versions", session, template, queryParams(VersionListQuery), async (c) => {
    const { limit, before } = c.req.valid("query");
    return c.json(await listTemplateVersions(deps, c.get("principal"), c.req.param("templateId"), limit ?? DEFAULT_VERSION_PAGE, before));
  });

  app.get("/:templateId/versions/:versionId", session, template, version, async (c) =>
    c.json(await getTemplateVersion(deps, c.get("principal"), c.req.param("templateId"), c.req.param("versionId"))),
  );

  app.post("/:templateId/versions", session, template, jsonBody(CreateVersionBody), async (c) =>
    c.json(await nameCurrentVersion(deps, c.get("principal"), c.req.param("templateId"), c.req.valid("json").label ?? null)),
  );

  app.patch("/:templateId/versions/:versionId", session, template, version, jsonBody(RenameVersionBody), async (c) =>
    c.json(await renameVersion(deps, c.get("principal"), c.req.param("templateId"), c.req.param("versionId"), c.req.valid("json").label ?? null)),
  );

  return app;
}
