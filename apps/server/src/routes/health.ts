// GET /health: liveness plus database reachability, and the batch queue's when it is BullMQ on Redis.
import { Hono } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "../http/env.js";
import { errorFields } from "../log.js";
import type { ServiceDeps } from "../services/deps.js";

/**
 * The health endpoint (public). 503 when the database does not answer. An unreachable Redis queue answers 200
 * with `status: "degraded"` and `batchQueue: "unreachable"`: renders go on without Redis (per-instance limits),
 * so a load balancer must keep the instance; only batch submissions are refused meanwhile.
 */
export function healthRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      if (deps.batch.kind !== "redis") return c.json({ status: "ok", database: "ok" });
      const queue = (await deps.batch.reachable()) ? "ok" : "unreachable";
      return c.json({ status: queue === "ok" ? "ok" : "degraded", database: "ok", batchQueue: queue });
    } catch (err) {
      deps.log.error("health check: database unreachable", errorFields(err));
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });
  return app;
}
