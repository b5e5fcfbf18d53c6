// The headers a security review asks of every answer, set in one place after the route has answered, so a
// new route gets them without remembering to. Routes may set their own Cache-Control or Referrer-Policy
// first (a route knows best what may be cached); the middleware only fills in what is missing.
import type { Context, MiddlewareHandler } from "hono";
import { contentSecurityPolicy, cspHeaderName, DEFAULT_CSP, type CspSettings } from "./content-security-policy.js";
import { requestClient } from "./client-address.js";
import type { AppEnv } from "./env.js";

/** What the headers depend on. */
export interface SecurityHeaderSettings {
  /** PUBLIC_URL: its host names the hub's WebSocket; `https://` means the service is published over TLS. */
  readonly publicUrl: string;
  readonly csp?: CspSettings | undefined;
}

/** A year; without includeSubDomains, since other hosts of the operator's domain are not ours to pin. */
export const HSTS = "max-age=31536000";

/** Features the app never uses, denied to the page and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "fullscreen", "geolocation", "gyroscope",
  "hid", "idle-detection", "magnetometer", "microphone", "midi", "payment", "picture-in-picture", "publickey-credentials-get",
  "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
].map((feature) => `${feature}=()`).join(", ");

/** App pages whose URL carries a one-time token (the emailed links): not even the origin goes to other sites. */
const TOKEN_PAGES = /^\/(?:verify-email|reset-password|invites)(?:\/|$)/;

/** Paths whose answers are API data for the caller alone. */
const API = /^\/(?:api|hubs)(?:\/|$)/;

/**
 * Whether the client reached us over TLS: the connection is TLS, or a proxy trusted by TRUST_PROXY says the client
 * used https (X-Forwarded-Proto, Forwarded proto=). An untrusted peer's headers are not read (see client-address.ts).
 */
export function arrivedOverTls(c: Context): boolean {
  return requestClient(c).proto === "https";
}

/**
 * Whether the browser reached the service over TLS: the connection is TLS, or PUBLIC_URL is https (the
 * operator publishes it there, through a proxy that terminates TLS). Browsers ignore HSTS received over plain
 * HTTP (RFC 6797 §8.1), so a plain-HTTP request to such a service is answered with a header nobody honours.
 */
export function publishedOverTls(c: Context, publicUrl: string): boolean {
  return publicUrl.startsWith("https://") || arrivedOverTls(c);
}

/** The middleware; mount it first so it also sees error and 404 answers. */
export function securityHeaders(settings: SecurityHeaderSettings): MiddlewareHandler<AppEnv> {
  const csp = settings.csp ?? DEFAULT_CSP;
  const policy = contentSecurityPolicy(settings.publicUrl, csp);
  const policyFor = (c: Context<AppEnv>) => {
    const nonce = c.get("cspNonce");
    return nonce === undefined ? policy : contentSecurityPolicy(settings.publicUrl, csp, nonce);
  };
  const policyHeader = cspHeaderName(csp);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const fill = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    fill("X-Content-Type-Options", "nosniff");
    fill("Cross-Origin-Resource-Policy", "same-origin");
    if (publishedOverTls(c, settings.publicUrl)) fill("Strict-Transport-Security", HSTS);
    const api = API.test(c.req.path);
    // API answers are one caller's data: never stored by a browser or a shared cache unless the route says so.
    if (api) fill("Cache-Control", "no-store");
    fill("Referrer-Policy", api || TOKEN_PAGES.test(c.req.path) ? "no-referrer" : "strict-origin-when-cross-origin");
    // Only documents get a policy (whatever their path): JSON, PDF and ZIP answers are read by API clients and
    // embedders, not run.
    if (!(headers.get("Content-Type") ?? "").startsWith("text/html")) return;
    fill(policyHeader, policyFor(c));
    fill("X-Frame-Options", "DENY");
    fill("Cross-Origin-Opener-Policy", "same-origin");
    fill("Permissions-Policy", PERMISSIONS_POLICY);
  };
}
