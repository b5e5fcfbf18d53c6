// The base of the links a request's answer or emails carry (verification, reset, invites, render job URLs).
// PUBLIC_URL when it is set, always. Unset, a trusted proxy (TRUST_PROXY) may say which origin the client used
// (X-Forwarded-Proto/-Host, Forwarded), but that host becomes a link only when PUBLIC_HOSTS lists it: a host a
// client chose must never become the link of a password-reset email sent to someone else (reset poisoning).
import type { Context } from "hono";
import type { ServiceDeps } from "../services/deps.js";
import type { ResolvedClient } from "./trust-proxy.js";

/** What decides the base (Config's fields). */
export interface LinkSettings {
  readonly publicUrl: string;
  /** False when PUBLIC_URL was unset (publicUrl is then the listening address). */
  readonly publicUrlFromEnv?: boolean | undefined;
  /** PUBLIC_HOSTS: hosts (`name` or `name:port`, lower case) a trusted proxy may name as the client's. */
  readonly publicHosts?: readonly string[] | undefined;
}

/** The links' base for this request: a listed host said by a trusted proxy when PUBLIC_URL is unset, else PUBLIC_URL. */
export function requestPublicUrl(c: Context, settings: LinkSettings): string {
  if (settings.publicUrlFromEnv !== false || settings.publicHosts === undefined || settings.publicHosts.length === 0) return settings.publicUrl;
  const client = c.get("client") as ResolvedClient | undefined;
  // Headers from an untrusted peer were never read into `client` (trust-proxy.ts): viaProxy is false for them.
  if (client === undefined || !client.viaProxy || client.forwardedHost === undefined) return settings.publicUrl;
  const host = client.forwardedHost.toLowerCase();
  return settings.publicHosts.includes(host) ? `${client.proto}://${host}` : settings.publicUrl;
}

/** `deps` with the request's link base as config.publicUrl (the same object when it is PUBLIC_URL). */
export function withRequestLinks(c: Context, deps: ServiceDeps): ServiceDeps {
  const base = requestPublicUrl(c, deps.config);
  return base === deps.config.publicUrl ? deps : { ...deps, config: { ...deps.config, publicUrl: base } };
}
