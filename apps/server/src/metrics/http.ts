// Counts every HTTP answer by its route pattern: `/api/templates/:id`, not the id, so label values stay bounded.
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../http/env.js";
import type { Metrics } from "./metrics.js";
import type { ResolvedClient } from "../http/trust-proxy.js";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Middleware that records each request's method, route pattern and status after it is answered. */
export function countRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Middleware is registered as method ALL; the last other match is the endpoint (even when middleware
    // answered before it ran, as a 401 does). No endpoint matched: one label for every unknown path.
    const endpoint = matchedRoutes(c).findLast((r) => r.method !== "ALL");
    const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
    metrics.httpRequests.inc({ method, route: endpoint?.path ?? "unmatched", status: String(c.res.status) });
    // Two values only (see Metrics.httpClients); the client resolved by http/client-address.ts, when it ran.
    const client = c.get("client") as ResolvedClient | undefined;
    metrics.httpClients.inc({ via: client?.viaProxy === true ? "proxy" : "direct" });
  };
}
