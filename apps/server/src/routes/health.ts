// GET /health: liveness plus database reachability.
import { Hono } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "../http/env.js";
import { errorFields } from "../log.js";
import type { ServiceDeps } from "../services/deps.js";

/** The health endpoint (public). 503 when the database does not answer. */
export function healthRoutes(deps: ServiceDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ status: "ok", database: "ok" });
    } catch (err) {
      deps.log.error("health check: database unreachable", errorFields(err));
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  });
  return app;
}
