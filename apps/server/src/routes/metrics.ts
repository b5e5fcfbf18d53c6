// GET /metrics: Prometheus text exposition; behind a bearer token when METRICS_TOKEN is set.
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { UnauthorizedError } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import type { Metrics } from "../metrics/metrics.js";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The metrics endpoint: open without a token configured, else `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1]?.trim() ?? "";
      if (!sameToken(given, token)) throw new UnauthorizedError("A valid metrics token (Authorization: Bearer) is required.");
    }
    const { body, contentType } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
  return app;
}
