import { ConfigError } from "./config-error.js";
import type { LogFields, Logger } from "./log.js";

// The address people open, in one place: the default PUBLIC_URL (the base of every emailed link) and the
// address the server announces when it starts are the same, so a link from a verification or invite email
// opens the origin the user signed in on (a session cookie for 127.0.0.1 is not sent to localhost). Links are
// built only from PUBLIC_URL, never from a request's Host header, which the client chooses.

/**
 * PUBLIC_HOSTS: a comma list of hosts (`docs.example.com`, `docs.example.com:8443`, `[2001:db8::1]`), lower-cased;
 * unset or empty, none. Only read while PUBLIC_URL is unset (http/request-links.ts).
 */
export function parsePublicHosts(raw: string | undefined): readonly string[] {
  const hosts = (raw ?? "").split(",").map((h) => h.trim().toLowerCase()).filter((h) => h !== "");
  for (const host of hosts) {
    if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host)) {
      throw new ConfigError(`PUBLIC_HOSTS must be a comma list of host names (optionally with :port), got '${host}'.`);
    }
  }
  return hosts;
}

/** True for a listening address only this machine can reach. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || h === "::ffff:127.0.0.1";
}

/** A wildcard address (every interface): people reach it by some other name. */
function isWildcardAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "");
  return h === "0.0.0.0" || h === "::";
}

/**
 * The address to open a server listening on `host`:`port` with: `http://localhost:PORT` on loopback and on a
 * wildcard address (this machine's browser), else the address itself. It is PUBLIC_URL's default.
 */
export function localUrl(host: string, port: number): string {
  if (isLoopbackAddress(host) || isWildcardAddress(host)) return `http://localhost:${port}`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Why the emailed links may not open for anyone else, or undefined: PUBLIC_URL unset while the server listens
 * beyond loopback (a container, a LAN address), so the links name an address other people cannot reach.
 */
export function publicUrlWarning(config: { readonly host: string; readonly publicUrl: string; readonly publicUrlFromEnv?: boolean }): string | undefined {
  if (config.publicUrlFromEnv !== false || isLoopbackAddress(config.host)) return undefined;
  return `PUBLIC_URL is unset, so the links in emails (verification, password reset, invites, mentions) point to ${config.publicUrl}, which only this machine may reach while the server listens on ${config.host}. Set PUBLIC_URL to the address people open (https://docs.example.com).`;
}

/** What start-up says once it listens on `port`: the address to open (and the bound one), and the warning above when it applies. */
export function announceListening(log: Logger, config: { readonly host: string; readonly publicUrl: string; readonly publicUrlFromEnv?: boolean }, port: number, fields: LogFields): void {
  const listen = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  log.info("listening", { url: localUrl(config.host, port), listen, publicUrl: config.publicUrl, ...fields });
  const warning = publicUrlWarning(config);
  if (warning !== undefined) log.warn(warning, { host: config.host, publicUrl: config.publicUrl });
}

/**
 * Why PUBLIC_URL may be wrong for the address clients really use, or undefined: a proxy trusted by TRUST_PROXY
 * says the client asked for another scheme or host (X-Forwarded-Proto/-Host, Forwarded). Links still come from
 * PUBLIC_URL alone: a host a client typed into a request must never become the link of a password-reset email.
 */
export function forwardedOriginWarning(publicUrl: string, client: { readonly proto: string; readonly forwardedHost: string | undefined; readonly viaProxy: boolean }): string | undefined {
  if (!client.viaProxy) return undefined;
  const published = new URL(publicUrl);
  const scheme = `${client.proto}:`;
  const host = client.forwardedHost;
  if (scheme === published.protocol && (host === undefined || host === published.host)) return undefined;
  const seen = `${client.proto}://${host ?? published.host}`;
  return `Clients reach this service as ${seen} (said by a trusted proxy), but PUBLIC_URL is ${publicUrl}: links in emails and cookies' Secure flag follow PUBLIC_URL. Set PUBLIC_URL=${seen}.`;
}
