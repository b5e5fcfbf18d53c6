// The client a request comes from, for per-client limits, logs and the scheme it used. Behind a reverse proxy
// the TCP peer is the proxy: TRUST_PROXY names the proxies whose Forwarded / X-Forwarded-* headers are believed
// (trust-proxy.ts); unset, no header is (a client could forge one) and the peer is the client.
import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import type { TLSSocket } from "node:tls";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../log.js";
import { forwardedOriginWarning } from "../public-url.js";
import { plainAddress } from "./address-list.js";
import type { AppEnv } from "./env.js";
import { resolveClient, TRUST_NOBODY, type ResolvedClient, type TrustProxy } from "./trust-proxy.js";

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail = ""] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since one host
 * usually holds a whole /64 and could rotate through it.
 */
export function clientKey(address: string): string {
  const plain = plainAddress(address);
  if (!isIPv6(plain)) return plain;
  return `${ipv6Groups(plain).slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The socket side of a request served by @hono/node-server; undefined for in-process requests. */
function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Resolves the request's client under `trust` (memoised on the context). */
export function requestClient(c: Context, trust: TrustProxy = TRUST_NOBODY): ResolvedClient {
  const known = c.get("client") as ResolvedClient | undefined;
  if (known !== undefined) return known;
  const socket = incomingOf(c)?.socket;
  const client = resolveClient(
    { peer: socket?.remoteAddress, tls: (socket as TLSSocket | undefined)?.encrypted === true, header: (name) => c.req.header(name) },
    trust,
  );
  c.set("client", client);
  return client;
}

/**
 * Middleware resolving the client once, before anything reads it (mounted right after the security headers).
 * The first request whose trusted proxy names another origin than PUBLIC_URL is logged once as a warning.
 */
export function clientAddress(trust: TrustProxy, publicUrl: string, log: Logger): MiddlewareHandler<AppEnv> {
  let warned = false;
  return async (c, next) => {
    const client = requestClient(c, trust);
    if (!warned && client.viaProxy) {
      const warning = forwardedOriginWarning(publicUrl, client);
      if (warning !== undefined) {
        warned = true;
        log.warn(warning, { publicUrl });
      }
    }
    await next();
  };
}

/** The client key of a request: its client's address (see clientKey), or "in-process" for requests made without a socket. */
export function clientOf(c: Context): string {
  const address = requestClient(c).address;
  return address === undefined ? "in-process" : clientKey(address);
}

/** The client's address (after TRUST_PROXY), or "in-process" for requests made without a socket. */
export function clientAddressOf(c: Context): string {
  return requestClient(c).address ?? "in-process";
}
