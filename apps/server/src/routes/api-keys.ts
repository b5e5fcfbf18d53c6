// /api/api-keys: create (secret shown once), list, delete.
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody, uuidParam } from "../http/validate.js";
import { createApiKey, listKeys, removeApiKey } from "../services/api-keys.js";
import type { ServiceDeps } from "../services/deps.js";
import { CreateApiKeyBody } from "../schemas/workspaces.js";

/** API key management (session lane; Owner or Editor). */
export function apiKeyRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);

  app.get("/", session, async (c) => c.json(await listKeys(deps, c.get("principal"))));

  app.post("/", session, jsonBody(CreateApiKeyBody), async (c) =>
    c.json(await createApiKey(deps, c.get("principal"), c.req.valid("json").name)),
  );

  app.delete("/:id", session, uuidParam("id", "API key"), async (c) => {
    await removeApiKey(deps, c.get("principal"), c.req.param("id"));
    return c.json({ ok: true });
  });

  return app;
}
