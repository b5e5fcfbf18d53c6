import type { Principal, SessionPrincipal } from "../auth/principal.js";

/** Per-request values set by middleware. */
export interface AppVariables {
  requestId: string;
  principal: Principal;
  /** The nonce an HTML answer's <style> elements carry (routes/web.ts), allowed by its Content Security Policy. */
  cspNonce?: string;
}

/** The Hono environment of every route. */
export interface AppEnv {
  Variables: AppVariables;
}

/** The environment of routes behind the session lane: the principal is always a session. */
export interface SessionEnv {
  Variables: Omit<AppVariables, "principal"> & { principal: SessionPrincipal };
}
