// /api/webhooks: the signing secret (made or rotated, shown once), the delivery log and redelivery. Session lane,
// Owner or Editor (an API key answers 401 here, as everywhere but the render and batch endpoints).
import { Hono } from "hono";
import { sessionAuth } from "../http/auth.js";
import type { AppEnv } from "../http/env.js";
import { uuidParam } from "../http/validate.js";
import type { ServiceDeps } from "../services/deps.js";
import { deliveryLog, redeliver, rotateWebhookSecret, webhookSecretInfo } from "../services/webhooks.js";

/** Webhook routes, mounted at /api/webhooks. */
export function webhookRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const session = sessionAuth(deps);

  app.post("/secret", session, async (c) => c.json(await rotateWebhookSecret(deps, c.get("principal"))));
  app.get("/secret", session, async (c) => c.json(await webhookSecretInfo(deps, c.get("principal"))));
  app.get("/deliveries", session, async (c) => c.json(await deliveryLog(deps, c.get("principal"))));
  app.post("/deliveries/:id/redeliver", session, uuidParam("id", "Webhook delivery"), async (c) =>
    c.json(await redeliver(deps, c.get("principal"), c.req.param("id")), 202),
  );

  return app;
}
