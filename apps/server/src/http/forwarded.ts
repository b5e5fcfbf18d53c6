// What proxies say about a request: RFC 7239's `Forwarded` and the older `X-Forwarded-For`/`-Proto`/`-Host`.
// Parsing only: whether any of it is believed is trust-proxy.ts's decision. Everything here is client input, so
// values that are not what they claim to be (a `for` that is no IP address, a host with a path) are dropped.
import { ipFamily, plainAddress } from "./address-list.js";

/** One hop a proxy recorded: the address that connected to it, and the scheme and host that client asked for. */
export interface ForwardedHop {
  /** The connecting address (plain: no port, no brackets), or undefined for `unknown`, an obfuscated name or junk. */
  readonly for: string | undefined;
  readonly proto?: "http" | "https" | undefined;
  readonly host?: string | undefined;
}

/** Splits on `separator` outside double quotes (RFC 7230 quoted-string, with backslash escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (quoted && ch === "\\") {
      current += ch + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === separator) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** A token or a quoted string's content. */
function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, "$1");
  return v;
}

/**
 * An address as proxies write it, without port or brackets: `192.0.2.60`, `192.0.2.60:4711`, `[2001:db8::17]`,
 * `[2001:db8::17]:4711`, or a bare IPv6 address (X-Forwarded-For). Undefined when it is none of these.
 */
export function nodeAddress(value: string): string | undefined {
  const v = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(v);
  if (bracketed?.[1] !== undefined) return ipFamily(bracketed[1]) === "ipv6" ? plainAddress(bracketed[1]) : undefined;
  if (ipFamily(v) !== undefined) return plainAddress(v);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(v);
  if (withPort?.[1] !== undefined && ipFamily(withPort[1]) === "ipv4") return withPort[1];
  return undefined;
}

/** A scheme we act on (cookies' Secure, HSTS), lower-cased; anything else is dropped. */
export function forwardedProto(value: string | undefined): "http" | "https" | undefined {
  const v = value?.trim().toLowerCase();
  return v === "http" || v === "https" ? v : undefined;
}

/** A host name or address with an optional port, nothing more (no path, user info or spaces); else undefined. */
export function forwardedHost(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v.length === 0 || v.length > 255) return undefined;
  return /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(v) ? v : undefined;
}

/** The hops of a `Forwarded` header (every occurrence, joined by commas), leftmost (furthest) first. */
export function parseForwarded(header: string): ForwardedHop[] {
  return splitOutsideQuotes(header, ",").map((element) => {
    const pairs = new Map<string, string>();
    for (const pair of splitOutsideQuotes(element, ";")) {
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim().toLowerCase();
      // The first of a repeated parameter counts (RFC 7239 §4 forbids repeats; a forger gains nothing either way).
      if (!pairs.has(name)) pairs.set(name, unquote(pair.slice(eq + 1)));
    }
    const forValue = pairs.get("for");
    return {
      for: forValue === undefined ? undefined : nodeAddress(forValue),
      proto: forwardedProto(pairs.get("proto")),
      host: forwardedHost(pairs.get("host")),
    };
  });
}

/** The hops of `X-Forwarded-For`, leftmost first; entries that are not addresses keep their place as undefined. */
export function parseXForwardedFor(header: string): ForwardedHop[] {
  return header.split(",").map((entry) => ({ for: nodeAddress(entry) }));
}

/** The last (nearest proxy's) value of a comma list such as X-Forwarded-Proto, or undefined. */
export function lastListValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const values = header.split(",").map((v) => v.trim()).filter((v) => v.length > 0);
  return values.at(-1);
}
