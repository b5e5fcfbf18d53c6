// A real Caddy on loopback in front of docsvc. Caddy sets X-Forwarded-For to each client's TCP address, so with
// TRUST_PROXY=loopback 100 users signing in through it from 100 loopback addresses each get their own login
// bucket; without TRUST_PROXY they all share the proxy's. A client's forged X-Forwarded-For is not believed, and
// clients named by a trusted hop's Forwarded header are told apart the same way.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { parseLimitConfig } from "../../src/config-limits.js";
import { caddyUnavailable, startCaddy, type Caddy } from "../helpers/caddy.js";
import { logInAll, PASSWORD, postFrom, signUpMany, startLoginServer, type LoginServer } from "./server.js";

const skip = await caddyUnavailable();
if (skip !== undefined) console.warn(`caddy.test: skipped: ${skip}`);

/** A small per-address bucket, so sharing one is visible: 3 logins, then one a minute. */
const TIGHT = { LOGIN_ADDRESS_BURST: "3", LOGIN_ADDRESS_REFILL_MS: "60000" };
const config = (env: Record<string, string>) => {
  const { trustProxy, login } = parseLimitConfig({ ...TIGHT, ...env });
  return { trustProxy, login };
};
/** The i-th client's own loopback address (Linux routes all of 127/8 to lo). */
const clientAddress = (i: number) => `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`;

const stops: (() => Promise<void>)[] = [];
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe("behind a real Caddy", { skip }, () => {
  let trusted: LoginServer;
  let caddy: Caddy;
  let users: string[];
  before(async () => {
    trusted = await startLoginServer(config({ TRUST_PROXY: "loopback" }));
    stops.push(() => trusted.close());
    caddy = await startCaddy(trusted.url);
    stops.push(() => caddy.stop());
    users = await signUpMany(trusted.url, "caddy", 100);
  });

  test("TRUST_PROXY=loopback: 100 users from 100 addresses sign in through Caddy, none throttled; each address keeps its own bucket", async () => {
    const statuses = await logInAll(caddy.url, users, clientAddress);
    assert.deepEqual([...new Set(statuses)], [200], `statuses: ${statuses.join(",")}`);
    // The server saw each client's address as Caddy reported it, not Caddy's.
    const seen = trusted.clientsSeen("/api/auth/login");
    assert.equal(new Set(seen).size, 100, `distinct clients seen: ${new Set(seen).size}`);
    assert.ok(seen.includes(clientAddress(0)) && seen.includes(clientAddress(99)));
    // One client past its own small bucket is refused; its neighbours are not.
    const again = [];
    for (let i = 0; i < 3; i++) again.push((await postFrom(caddy.url, "/api/auth/login", { email: users[0], password: PASSWORD }, clientAddress(0))).status);
    assert.deepEqual(again, [200, 200, 429], "3 logins per address: the fourth from that address waits");
    assert.equal((await postFrom(caddy.url, "/api/auth/login", { email: users[1], password: PASSWORD }, clientAddress(1))).status, 200);
  });

  test("a client's forged X-Forwarded-For goes no further than Caddy: the server sees the client's own address", async () => {
    const forged = await postFrom(caddy.url, "/api/auth/login", { email: users[2], password: "wrong password" }, "127.0.9.9", { "X-Forwarded-For": "203.0.113.50" });
    assert.equal(forged.status, 401);
    assert.equal(trusted.clientsSeen("/api/auth/login").at(-1), "127.0.9.9");
  });

  test("Caddy says http: no Secure cookie, no HSTS", async () => {
    const res = await postFrom(caddy.url, "/api/auth/login", { email: users[3], password: PASSWORD }, "127.0.9.10");
    assert.equal(res.status, 200);
    assert.doesNotMatch(String(res.headers["set-cookie"]), /Secure/);
    assert.equal(res.headers["strict-transport-security"], undefined);
  });

  test("many clients named by the trusted hop's Forwarded header (IPv6 and IPv4 forms) are told apart", async () => {
    // The test process is the trusted proxy hop here (127.0.0.1 is loopback): one bucket per named client.
    const named = (i: number): Record<string, string> => ({ Forwarded: i % 2 === 0 ? `for="[2001:db8:${i.toString(16)}::17]:4711";proto=http` : `for=198.51.100.${i}` });
    const statuses = await logInAll(trusted.url, users.slice(0, 20), () => "127.0.0.1", named);
    assert.deepEqual([...new Set(statuses)], [200], `statuses: ${statuses.join(",")}`);
    const seen = trusted.clientsSeen("/api/auth/login").slice(-20);
    assert.ok(seen.includes("2001:db8:0::17") && seen.includes("2001:db8:2::17"), seen.slice(0, 4).join(" "));
    assert.ok(seen.includes("198.51.100.1"));
  });
});

describe("behind a real Caddy without TRUST_PROXY", { skip }, () => {
  test("every client shares the proxy's bucket: after 3 logins through Caddy, everyone waits", async () => {
    const untrusted = await startLoginServer(config({}));
    stops.push(() => untrusted.close());
    const caddy = await startCaddy(untrusted.url);
    stops.push(() => caddy.stop());
    const users = await signUpMany(untrusted.url, "nocaddy", 6);
    const statuses = await logInAll(caddy.url, users, clientAddress, () => ({}), 1);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
    assert.deepEqual([...new Set(untrusted.clientsSeen("/api/auth/login"))], ["127.0.0.1"], "the server sees only Caddy");
  });
});

describe("a forged X-Forwarded-For straight from an untrusted client", () => {
  test("is ignored: rotating it does not escape the client's own bucket; the scheme it claims is ignored too", async () => {
    const server = await startLoginServer(config({ TRUST_PROXY: "127.0.0.1" }));
    stops.push(() => server.close());
    const [email] = await signUpMany(server.url, "forger", 1);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const forged = { "X-Forwarded-For": `203.0.113.${i + 1}`, "X-Forwarded-Proto": "https", Forwarded: `for=203.0.113.${i + 1};proto=https` };
      const res = await postFrom(server.url, "/api/auth/login", { email, password: PASSWORD }, "127.0.5.5", forged);
      statuses.push(res.status);
      if (res.status === 200) {
        assert.doesNotMatch(String(res.headers["set-cookie"]), /Secure/);
        assert.equal(res.headers["strict-transport-security"], undefined);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.deepEqual([...new Set(server.clientsSeen("/api/auth/login"))], ["127.0.5.5"]);
    // The trusted proxy (127.0.0.1) is believed: its client and its https.
    const viaProxy = await postFrom(server.url, "/api/auth/login", { email, password: PASSWORD }, "127.0.0.1", { "X-Forwarded-For": "203.0.113.77", "X-Forwarded-Proto": "https" });
    assert.equal(viaProxy.status, 200);
    assert.match(String(viaProxy.headers["set-cookie"]), /Secure/);
    assert.equal(viaProxy.headers["strict-transport-security"], "max-age=31536000");
    assert.equal(server.clientsSeen("/api/auth/login").at(-1), "203.0.113.77");
  });
});
