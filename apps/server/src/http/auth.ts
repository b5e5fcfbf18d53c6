// The two credential lanes as middleware. Session lane: `Authorization: Bearer <JWT>`.
// Render lane: the session lane or `X-Api-Key`. Anything else on a session-only route is a 401.
import type { MiddlewareHandler } from "hono";
import { UnauthorizedError } from "../errors.js";
import { authenticateApiKey, authenticateBearer } from "../services/authenticate.js";
import type { ServiceDeps } from "../services/deps.js";
import type { AppEnv, SessionEnv } from "./env.js";

/** The bearer token of the request, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Requires a live session JWT. API keys are refused here (they work on render and batch endpoints only). */
export function sessionAuth(deps: ServiceDeps): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token === undefined) {
      throw new UnauthorizedError(
        c.req.header("X-Api-Key") !== undefined
          ? "API keys are accepted only on the render and batch endpoints; use a session token here."
          : "A session token is required (Authorization: Bearer <token>).",
      );
    }
    c.set("principal", await authenticateBearer(deps, token));
    await next();
  };
}

/** Accepts a session JWT or an API key (render and batch endpoints). */
export function renderAuth(deps: ServiceDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    const key = c.req.header("X-Api-Key");
    if (token !== undefined) c.set("principal", await authenticateBearer(deps, token));
    else if (key !== undefined) c.set("principal", await authenticateApiKey(deps, key.trim()));
    else throw new UnauthorizedError("A session token (Authorization: Bearer) or an API key (X-Api-Key) is required.");
    await next();
  };
}
