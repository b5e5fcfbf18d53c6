import type { MiddlewareHandler } from "hono";
import { uuidv7 } from "../ids.js";
import type { Logger } from "../log.js";
import type { AppEnv } from "./env.js";

// An incoming id is kept when it looks like one (so a proxy's id follows the request); otherwise a new one.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Assigns the request id, echoes it in `X-Request-Id`, and writes one access-log line per request. */
export function requestContext(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("X-Request-Id");
    const requestId = incoming !== undefined && ACCEPTABLE_ID.test(incoming) ? incoming : uuidv7();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    if (log.enabled("info")) {
      const principal = c.get("principal");
      log.info("request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        // The client after TRUST_PROXY (the proxy's own address when nobody is trusted).
        ...(c.get("client")?.address !== undefined ? { client: c.get("client")?.address } : {}),
        ...(principal !== undefined ? { workspaceId: principal.workspaceId, lane: principal.kind } : {}),
      });
    }
  };
}
