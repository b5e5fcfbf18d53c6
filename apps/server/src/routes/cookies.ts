import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { publishedOverTls } from "../http/security-headers.js";
import type { ServiceDeps } from "../services/deps.js";
import { REFRESH_TOKEN_MS } from "../services/sessions.js";

/**
 * The refresh-token cookie (api-conventions: HttpOnly, Path /api/auth, SameSite Lax). Not `__Host-`: that
 * prefix requires Path=/, which would send the token with every request; and the name is part of the API.
 */
export const REFRESH_COOKIE = "docsvc_refresh";
const PATH = "/api/auth";

/** Secure when the service is published over https (PUBLIC_URL) or this request came over TLS. */
const secure = (c: Context, deps: ServiceDeps): boolean => publishedOverTls(c, deps.config.publicUrl);

/** Sets the refresh cookie; Secure over TLS. */
export function setRefreshCookie(c: Context, deps: ServiceDeps, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    path: PATH,
    sameSite: "Lax",
    secure: secure(c, deps),
    maxAge: Math.floor(REFRESH_TOKEN_MS / 1000),
  });
}

/** The refresh cookie's value, if any. */
export function readRefreshCookie(c: Context): string | undefined {
  const value = getCookie(c, REFRESH_COOKIE);
  return value === undefined || value === "" ? undefined : value;
}

/** Clears the refresh cookie. */
export function clearRefreshCookie(c: Context, deps: ServiceDeps): void {
  deleteCookie(c, REFRESH_COOKIE, { path: PATH, secure: secure(c, deps) });
}

/** The started sign-in flow's state, so the callback only completes in the browser that started it. */
const OAUTH_STATE_COOKIE = "docsvc_oauth_state";
const OAUTH_PATH = "/api/auth/oauth";

/** Sets the flow cookie (HttpOnly, Lax: the provider's redirect back is a top-level GET) for `maxAgeMs`. */
export function setOAuthStateCookie(c: Context, deps: ServiceDeps, state: string, maxAgeMs: number): void {
  setCookie(c, OAUTH_STATE_COOKIE, state, {
    httpOnly: true,
    path: OAUTH_PATH,
    sameSite: "Lax",
    secure: secure(c, deps),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** The flow cookie's value, if any. */
export function readOAuthStateCookie(c: Context): string | undefined {
  return getCookie(c, OAUTH_STATE_COOKIE);
}

/** Clears the flow cookie (a flow is single use). */
export function clearOAuthStateCookie(c: Context, deps: ServiceDeps): void {
  deleteCookie(c, OAUTH_STATE_COOKIE, { path: OAUTH_PATH, secure: secure(c, deps) });
}
