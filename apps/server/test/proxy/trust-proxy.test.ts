// TRUST_PROXY's parser and chain walk: Forwarded (RFC 7239, quoted and IPv6 forms) and X-Forwarded-*, believed only
// from trusted hops, the walk stopping at the first untrusted one.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError } from "../../src/config-error.js";
import { parseLimitConfig } from "../../src/config-limits.js";
import { AddressListError, parseAddressList } from "../../src/http/address-list.js";
import { nodeAddress, parseForwarded, parseXForwardedFor } from "../../src/http/forwarded.js";
import { parseTrustProxy, resolveClient, type TrustProxy } from "../../src/http/trust-proxy.js";

/** Resolves a request from `peer` with `headers` under TRUST_PROXY=`trust`. */
function client(trust: string | undefined, peer: string, headers: Record<string, string> = {}, tls = false) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return resolveClient({ peer, tls, header: (name) => lower[name] }, parseTrustProxy(trust));
}

describe("Forwarded and X-Forwarded-For parsing", () => {
  test("RFC 7239 examples: tokens, quoted strings, IPv6 with and without port, unknown and obfuscated nodes", () => {
    assert.deepEqual(parseForwarded('for="_gazonk"'), [{ for: undefined, proto: undefined, host: undefined }]);
    assert.deepEqual(parseForwarded('For="[2001:db8:cafe::17]:4711"').map((h) => h.for), ["2001:db8:cafe::17"]);
    assert.deepEqual(parseForwarded("for=192.0.2.60;proto=http;by=203.0.113.43").map((h) => [h.for, h.proto]), [["192.0.2.60", "http"]]);
    assert.deepEqual(parseForwarded("for=192.0.2.43, for=198.51.100.17").map((h) => h.for), ["192.0.2.43", "198.51.100.17"]);
    assert.deepEqual(parseForwarded('for="[::1]:1234";proto=HTTPS;host="Docs.Example.com:8443"'), [{ for: "::1", proto: "https", host: "docs.example.com:8443" }]);
    assert.deepEqual(parseForwarded('for=unknown, for="192.0.2.1:80"').map((h) => h.for), [undefined, "192.0.2.1"]);
    // A comma inside quotes is no separator; a host with a path or junk is dropped.
    assert.deepEqual(parseForwarded('for="192.0.2.5";host="a.test/evil,x", for=192.0.2.6').map((h) => [h.for, h.host]), [["192.0.2.5", undefined], ["192.0.2.6", undefined]]);
    // Unquoted IPv6 is not RFC 7239 syntax, but proxies write it; an IPv4-mapped one is made plain.
    assert.deepEqual(parseForwarded("for=::ffff:192.0.2.9").map((h) => h.for), ["192.0.2.9"]);
  });

  test("X-Forwarded-For entries: addresses with or without port, IPv4-mapped made plain, junk kept as a hole", () => {
    assert.deepEqual(parseXForwardedFor("203.0.113.5, 10.0.0.2:5555, [2001:db8::1]:443, 2001:db8::2, nonsense").map((h) => h.for), [
      "203.0.113.5",
      "10.0.0.2",
      "2001:db8::1",
      "2001:db8::2",
      undefined,
    ]);
    assert.equal(nodeAddress("::ffff:127.0.0.1"), "127.0.0.1");
    assert.equal(nodeAddress("999.1.1.1"), undefined);
  });
});

describe("TRUST_PROXY and LOGIN_TRUSTED_CIDRS values", () => {
  test("unset, 0, a hop count, or a list of addresses, CIDRs (IPv4 and IPv6) and the words loopback and private", () => {
    assert.equal(parseTrustProxy(undefined).kind, "none");
    assert.equal(parseTrustProxy(" 0 ").kind, "none");
    assert.deepEqual(parseTrustProxy("2"), { kind: "hops", hops: 2 });
    const list = parseAddressList("loopback, 203.0.113.7, 10.1.0.0/16, 2001:db8:aa::/48");
    assert.ok(list.matches("127.0.0.1") && list.matches("127.9.9.9") && list.matches("::1") && list.matches("::ffff:127.0.0.1"));
    assert.ok(list.matches("203.0.113.7") && !list.matches("203.0.113.8"));
    assert.ok(list.matches("10.1.200.3") && !list.matches("10.2.0.1"));
    assert.ok(list.matches("2001:db8:aa:1::5") && !list.matches("2001:db8:ab::5"));
    const priv = parseAddressList("private");
    assert.ok(["10.0.0.1", "172.16.5.4", "192.168.1.1", "fd12::1", "fe80::1"].every((a) => priv.matches(a)));
    assert.ok(!priv.matches("172.32.0.1") && !priv.matches("8.8.8.8") && !priv.matches("127.0.0.1"));
  });

  test("a bad entry is a ConfigError naming the variable and the entry", () => {
    assert.throws(() => parseAddressList("10.0.0.0/33"), AddressListError);
    assert.throws(() => parseLimitConfig({ TRUST_PROXY: "loopback, proxy.internal" }), (err: unknown) => err instanceof ConfigError && /TRUST_PROXY: 'proxy.internal' is not an IP address/.test(err.message));
    assert.throws(() => parseLimitConfig({ LOGIN_TRUSTED_CIDRS: "2001:db8::/129" }), (err: unknown) => err instanceof ConfigError && /LOGIN_TRUSTED_CIDRS: '2001:db8::\/129'/.test(err.message));
    assert.throws(() => parseLimitConfig({ TRUST_PROXY: "1000" }), /TRUST_PROXY/);
  });
});

describe("the chain walk", () => {
  const xff = { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "docs.example.com" };

  test("trusting nobody (the default): the TCP peer, whatever the headers say", () => {
    assert.deepEqual(client(undefined, "127.0.0.1", xff), { address: "127.0.0.1", proto: "http", forwardedHost: undefined, viaProxy: false });
    assert.equal(client(undefined, "::ffff:192.0.2.4", {}, true).proto, "https", "a TLS connection is https on its own");
  });

  test("a forged X-Forwarded-For from an untrusted peer is ignored, scheme and host too", () => {
    const r = client("loopback", "198.51.100.20", xff);
    assert.deepEqual(r, { address: "198.51.100.20", proto: "http", forwardedHost: undefined, viaProxy: false });
  });

  test("from a trusted proxy: its word on the client, the scheme and the host", () => {
    assert.deepEqual(client("loopback", "127.0.0.1", xff), { address: "203.0.113.9", proto: "https", forwardedHost: "docs.example.com", viaProxy: true });
  });

  test("right to left, stopping at the first untrusted hop: what the client prepended is not believed", () => {
    // The client sent X-Forwarded-For: 1.2.3.4; the edge proxy (10.0.0.5) appended the client's real address, the
    // inner proxy (127.0.0.1) appended the edge's.
    const chain = { "X-Forwarded-For": "1.2.3.4, 198.51.100.77, 10.0.0.5" };
    assert.equal(client("loopback, 10.0.0.0/8", "127.0.0.1", chain).address, "198.51.100.77");
    assert.equal(client("loopback", "127.0.0.1", chain).address, "10.0.0.5", "the edge proxy is not trusted: it is the client");
    assert.equal(client("2", "127.0.0.1", chain).address, "198.51.100.77", "two hops: the peer and the edge");
    assert.equal(client("1", "127.0.0.1", chain).address, "10.0.0.5");
    assert.equal(client("5", "127.0.0.1", chain).address, "1.2.3.4", "more hops than the chain: its leftmost entry");
  });

  test("a hole in the chain (unknown, junk) stops the walk at the trusted hop that reported it", () => {
    assert.equal(client("loopback", "127.0.0.1", { Forwarded: "for=unknown" }).address, "127.0.0.1");
    assert.equal(client("loopback, 10.0.0.0/8", "127.0.0.1", { "X-Forwarded-For": "nonsense, 10.0.0.5" }).address, "10.0.0.5");
  });

  test("Forwarded: the client's own element gives the scheme and host; IPv6 clients in brackets", () => {
    const forwarded = { Forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https;host=docs.example.com, for=10.0.0.5;proto=http' };
    const r = client("loopback, private", "::1", forwarded);
    assert.deepEqual(r, { address: "2001:db8:cafe::17", proto: "https", forwardedHost: "docs.example.com", viaProxy: true });
  });

  test("Forwarded and X-Forwarded-For naming different clients: one was passed through from the client, neither is believed", () => {
    const both = { Forwarded: "for=192.0.2.1", "X-Forwarded-For": "198.51.100.2" };
    assert.deepEqual(client("loopback", "127.0.0.1", both).address, "127.0.0.1");
    const agreeing = { Forwarded: "for=192.0.2.1;proto=https", "X-Forwarded-For": "192.0.2.1" };
    assert.deepEqual(client("loopback", "127.0.0.1", agreeing).address, "192.0.2.1");
  });

  test("a trusted proxy that sends only X-Forwarded-Proto still sets the scheme", () => {
    const trust: TrustProxy = parseTrustProxy("127.0.0.1");
    const r = resolveClient({ peer: "127.0.0.1", tls: false, header: (n) => (n === "x-forwarded-proto" ? "http, https" : undefined) }, trust);
    assert.equal(r.proto, "https", "the nearest proxy's (last) value");
    assert.equal(r.address, "127.0.0.1");
  });
});

describe("PUBLIC_URL against what a trusted proxy reports", () => {
  test("a warning names the origin clients use; none when they agree or when no proxy spoke", async () => {
    const { forwardedOriginWarning } = await import("../../src/public-url.js");
    const https = { proto: "https", forwardedHost: "docs.example.com", viaProxy: true };
    assert.match(forwardedOriginWarning("http://localhost:8080", https) ?? "", /Set PUBLIC_URL=https:\/\/docs\.example\.com\./);
    assert.equal(forwardedOriginWarning("https://docs.example.com", https), undefined);
    assert.equal(forwardedOriginWarning("http://localhost:8080", { ...https, viaProxy: false }), undefined);
    assert.match(forwardedOriginWarning("http://docs.example.com", { proto: "https", forwardedHost: undefined, viaProxy: true }) ?? "", /https:\/\/docs\.example\.com/);
  });
});
