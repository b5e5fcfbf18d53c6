import type { Principal, SessionPrincipal } from "../auth/principal.js";
import type { RequestLimits } from "../config-limits.js";
import type { ResolvedClient } from "./trust-proxy.js";

/** Per-request values set by middleware. */
export interface AppVariables {
  requestId: string;
  principal: Principal;
  /** The nonce an HTML answer's <style> elements carry (routes/web.ts), allowed by its Content Security Policy. */
  cspNonce?: string;
  /** The client after weighing trusted proxies (http/client-address.ts), set first thing. */
  client?: ResolvedClient;
  /** The limits in force (config-limits.ts), for middleware that has no ServiceDeps (the JSON body reader). */
  limits?: RequestLimits;
}

/** The Hono environment of every route. */
export interface AppEnv {
  Variables: AppVariables;
}

/** The environment of routes behind the session lane: the principal is always a session. */
export interface SessionEnv {
  Variables: Omit<AppVariables, "principal"> & { principal: SessionPrincipal };
}
