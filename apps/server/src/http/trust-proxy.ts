// Who the client is when proxies stand in front (TRUST_PROXY). A proxy header is believed only when the hop that
// delivered it is trusted: the chain of addresses is walked from the TCP peer leftwards, and the first hop that
// is not trusted is the client. Everything left of it was written by that client and is ignored, so a forged
// `X-Forwarded-For` gains nothing. Unset, nobody is trusted: the client is the TCP peer, as without a proxy.
import { AddressListError, parseAddressList, plainAddress, type AddressList } from "./address-list.js";
import { forwardedHost, forwardedProto, lastListValue, parseForwarded, parseXForwardedFor, type ForwardedHop } from "./forwarded.js";

/** TRUST_PROXY: nobody, the nearest N hops whatever their address, or the hops whose address is on a list. */
export type TrustProxy =
  | { readonly kind: "none" }
  | { readonly kind: "hops"; readonly hops: number }
  | { readonly kind: "list"; readonly list: AddressList };

export const TRUST_NOBODY: TrustProxy = { kind: "none" };

/** Reads TRUST_PROXY: unset/empty/0 nobody, a whole number of hops, or a comma list (addresses, CIDRs, `loopback`, `private`). */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0") return TRUST_NOBODY;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops) || hops > 100) throw new AddressListError(`a hop count must be 0–100, got '${value}'`);
    return { kind: "hops", hops };
  }
  return { kind: "list", list: parseAddressList(value) };
}

/** The request's side of the connection: what the socket says and what the headers claim. */
export interface RequestOrigin {
  /** The TCP peer, or undefined for a request made in-process (tests, app.request). */
  readonly peer: string | undefined;
  /** True when the connection itself is TLS. */
  readonly tls: boolean;
  readonly header: (name: string) => string | undefined;
}

/** The client as the service sees it after weighing the proxies. */
export interface ResolvedClient {
  /** The client's address (plain), or undefined without a socket. */
  readonly address: string | undefined;
  /** The scheme the client used: a trusted proxy's word, else the connection's. */
  readonly proto: "http" | "https";
  /** The host the client asked a trusted proxy for (X-Forwarded-Host, Forwarded host=), if one said. */
  readonly forwardedHost: string | undefined;
  /** True when a trusted proxy's headers decided the answer. */
  readonly viaProxy: boolean;
}

/**
 * The chain the proxies recorded. `Forwarded` and `X-Forwarded-For` are each read when present; when a request
 * carries both and they name different chains, one was passed through from the client unchanged (a proxy
 * appends to the header it knows and forwards the other as is), and nothing tells which: neither is believed.
 */
function recordedChain(origin: RequestOrigin): { hops: ForwardedHop[]; fromForwarded: boolean } | "conflict" | undefined {
  const forwarded = origin.header("forwarded");
  const xff = origin.header("x-forwarded-for");
  const a = forwarded === undefined ? undefined : parseForwarded(forwarded);
  const b = xff === undefined ? undefined : parseXForwardedFor(xff);
  if (a !== undefined && b !== undefined) {
    const same = a.length === b.length && a.every((hop, i) => hop.for === b[i]?.for);
    if (!same) return "conflict";
  }
  if (a !== undefined) return { hops: a, fromForwarded: true };
  if (b !== undefined) return { hops: b, fromForwarded: false };
  return undefined;
}

/** Walks the chain right to left under `trust`; see the file comment. */
export function resolveClient(origin: RequestOrigin, trust: TrustProxy): ResolvedClient {
  const peer = origin.peer === undefined ? undefined : plainAddress(origin.peer);
  const direct: ResolvedClient = { address: peer, proto: origin.tls ? "https" : "http", forwardedHost: undefined, viaProxy: false };
  if (trust.kind === "none" || peer === undefined) return direct;
  const trusted = (address: string, step: number): boolean => (trust.kind === "hops" ? step < trust.hops : trust.list.matches(address));
  if (!trusted(peer, 0)) return direct;
  const chain = recordedChain(origin);
  if (chain === "conflict") return direct;
  const hops = chain?.hops ?? [];
  // Index -1 is the peer itself; index i < hops.length is hops[i]. Move left while the current hop is trusted.
  let index = hops.length;
  let current = peer;
  let step = 0;
  while (index > 0 && trusted(current, step)) {
    const next = hops[index - 1]?.for;
    // `unknown`, an obfuscated name or junk: the trusted hop to its right could not say who it talked to; stop there.
    if (next === undefined) break;
    index -= 1;
    current = next;
    step += 1;
  }
  if (chain === undefined) {
    // No chain, but a trusted peer may still say which scheme and host the client used.
    return { ...direct, ...schemeAndHost(origin, undefined, direct.proto), viaProxy: true };
  }
  const hop = index < hops.length ? hops[index] : undefined;
  return { address: current, ...schemeAndHost(origin, chain.fromForwarded ? hop ?? { for: undefined } : undefined, direct.proto), viaProxy: true };
}

/** The scheme and host: the client's Forwarded element, else the nearest proxy's X-Forwarded-Proto/-Host. */
function schemeAndHost(origin: RequestOrigin, hop: ForwardedHop | undefined, fallback: "http" | "https"): Pick<ResolvedClient, "proto" | "forwardedHost"> {
  if (hop !== undefined) return { proto: hop.proto ?? fallback, forwardedHost: hop.host };
  return {
    proto: forwardedProto(lastListValue(origin.header("x-forwarded-proto"))) ?? fallback,
    forwardedHost: forwardedHost(lastListValue(origin.header("x-forwarded-host"))),
  };
}
