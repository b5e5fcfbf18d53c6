// The docsvc side of a sign-in in tests: start, come back through the callback, turn the cookie into a JWT.
import assert from "node:assert/strict";
import { parseOAuthConfig } from "../../../src/auth/oauth-config.js";
import { refreshCookieFrom, startTestApp, type Reply, type TestApp } from "../../helpers/harness.js";
import type { TestIssuer } from "./oidc-provider.js";

/** A started sign-in: where docsvc sent the browser, and the flow cookie it set. */
export interface Started {
  readonly authorizationUrl: URL;
  readonly stateCookie: string;
  readonly state: string;
}

/** The registered callback URL prefix of a provider (PUBLIC_URL of the test app). */
export function callbackPrefix(t: TestApp, provider: string): string {
  return `${t.config.publicUrl}/api/auth/oauth/${provider}/callback`;
}

/** GET …/start; asserts it redirects to the provider and sets the flow cookie. */
export async function start(t: TestApp, provider: string, redirect?: string): Promise<Started> {
  const query = redirect === undefined ? "" : `?redirect=${encodeURIComponent(redirect)}`;
  const res = await t.call("GET", `/api/auth/oauth/${provider}/start${query}`);
  assert.equal(res.status, 302, JSON.stringify(res.body));
  const cookie = res.headers.getSetCookie().find((l) => l.startsWith("docsvc_oauth_state="));
  assert.ok(cookie, "the flow cookie is set");
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /Path=\/api\/auth\/oauth/);
  const authorizationUrl = new URL(res.headers.get("location") ?? "");
  const stateCookie = /^docsvc_oauth_state=([^;]*)/.exec(cookie)?.[1] ?? "";
  return { authorizationUrl, stateCookie, state: authorizationUrl.searchParams.get("state") ?? "" };
}

/** GET the callback the provider redirected to, as the browser holding `stateCookie` would. */
export function callback(t: TestApp, url: URL, stateCookie: string | undefined): Promise<Reply> {
  const headers: Record<string, string> = stateCookie === undefined ? {} : { Cookie: `docsvc_oauth_state=${stateCookie}` };
  return t.call("GET", `${url.pathname}${url.search}`, { headers });
}

/** Where a 302 goes, with its error and message when it is a failure. */
export function redirected(res: Reply): { location: string; error: string | null; message: string | null } {
  assert.equal(res.status, 302, JSON.stringify(res.body));
  const location = res.headers.get("location") ?? "";
  const query = new URL(location, "http://relative.invalid").searchParams;
  return { location, error: query.get("error"), message: query.get("message") };
}

/** Asserts a successful callback (302 to `redirect`, refresh cookie set) and exchanges the cookie for a JWT. */
export async function sessionFrom(t: TestApp, res: Reply, redirect = "/"): Promise<Reply> {
  const { location, error, message } = redirected(res);
  assert.equal(error, null, `sign-in failed: ${error}: ${message}`);
  assert.equal(location, redirect);
  const refresh = refreshCookieFrom(res.headers);
  assert.ok(refresh, "the refresh cookie is set");
  const issued = await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${refresh}` } });
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  return issued;
}

/** A test app whose OAuth providers come from `env`, parsed as the service parses its environment. */
export function startOAuthApp(env: Record<string, string>, oauthDiscoveryRetryMs?: number): Promise<TestApp> {
  return startTestApp({
    config: { oauth: parseOAuthConfig(env) },
    ...(oauthDiscoveryRetryMs !== undefined ? { oauthDiscoveryRetryMs } : {}),
  });
}

/** The env variables that configure `issuer` as the provider `name` (upper-case, as in OAUTH_<NAME>_ISSUER). */
export function issuerEnv(name: string, issuer: TestIssuer): Record<string, string> {
  return {
    [`OAUTH_${name}_ISSUER`]: issuer.issuer,
    [`OAUTH_${name}_CLIENT_ID`]: issuer.clientId,
    [`OAUTH_${name}_CLIENT_SECRET`]: issuer.clientSecret,
  };
}
