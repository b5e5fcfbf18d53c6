// The client a request comes from, for per-client limits. Only the TCP peer is used: no proxy header is
// trusted (a client could forge one), so behind a reverse proxy every client shares the proxy's address.
import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";
import type { Context } from "hono";

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
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address.split("%")[0] ?? address).slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The client key of a request: its TCP peer, or "in-process" for requests made without a socket. */
export function clientOf(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket.remoteAddress;
  return address === undefined ? "in-process" : clientKey(address);
}
