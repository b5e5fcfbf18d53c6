// Generated links behind a proxy: with PUBLIC_URL unset, a trusted proxy's X-Forwarded-Host becomes the base of
// emailed links only when PUBLIC_HOSTS lists it; a forged host (from an untrusted peer, or unlisted) and any host
// while PUBLIC_URL is set leave the links on PUBLIC_URL. And the bounded metric of how clients were known.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { parseLimitConfig } from "../../src/config-limits.js";
import { parsePublicHosts } from "../../src/public-url.js";
import { ConfigError } from "../../src/config-error.js";
import { PASSWORD, postFrom, startLoginServer, type LoginServer } from "./server.js";

// Only 127.0.0.2 is a proxy; 127.0.0.1 is an ordinary client that may send any header it likes.
const trust = parseLimitConfig({ TRUST_PROXY: "127.0.0.2" });
const LISTED = { "X-Forwarded-Host": "docs.example.com", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" };

let unset: LoginServer;
let fixed: LoginServer;
before(async () => {
  unset = await startLoginServer({ ...trust, publicUrl: "http://localhost:9", publicUrlFromEnv: false, publicHosts: ["docs.example.com"] });
  fixed = await startLoginServer({ ...trust, publicUrl: "https://docs.example.org", publicUrlFromEnv: true, publicHosts: ["docs.example.com"] });
});
after(async () => {
  await unset.close();
  await fixed.close();
});

let n = 0;
/** Signs up from `from` with `headers`; answers the verification email's link. */
async function verificationLink(s: LoginServer, from: string, headers: Record<string, string>): Promise<string> {
  const email = `links-${n++}-${process.pid}@example.test`;
  const res = await postFrom(s.url, "/api/auth/signup", { email, password: PASSWORD }, from, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const mail = await s.t.smtp.waitFor((m) => m.to.includes(email));
  const link = /https?:\/\/[^\s"<>]+verify[^\s"<>]*/.exec(mail.text)?.[0];
  assert.ok(link !== undefined, mail.text);
  return link;
}

describe("links from a trusted proxy's host", () => {
  test("PUBLIC_URL unset: a listed host said by the trusted proxy is the links' base, scheme included", async () => {
    assert.match(await verificationLink(unset, "127.0.0.2", LISTED), /^https:\/\/docs\.example\.com\//);
  });

  test("forged hosts are ignored: unlisted from the proxy, or listed but from an untrusted peer", async () => {
    assert.match(await verificationLink(unset, "127.0.0.2", { ...LISTED, "X-Forwarded-Host": "evil.example" }), /^http:\/\/localhost:9\//);
    assert.match(await verificationLink(unset, "127.0.0.1", LISTED), /^http:\/\/localhost:9\//);
  });

  test("PUBLIC_URL set: always PUBLIC_URL, whatever the trusted proxy says", async () => {
    assert.match(await verificationLink(fixed, "127.0.0.2", LISTED), /^https:\/\/docs\.example\.org\//);
  });

  test("the password-reset link follows the same rule", async () => {
    const email = `reset-${process.pid}@example.test`;
    assert.equal((await postFrom(unset.url, "/api/auth/signup", { email, password: PASSWORD })).status, 200);
    await unset.t.smtp.waitFor((m) => m.to.includes(email));
    const reset = async (from: string, headers: Record<string, string>) => {
      const before = unset.t.smtp.messages.length;
      assert.equal((await postFrom(unset.url, "/api/auth/forgot-password", { email }, from, headers)).status, 200);
      const mail = await unset.t.smtp.waitFor((m) => m.to.includes(email) && unset.t.smtp.messages.indexOf(m) >= before);
      return /https?:\/\/[^\s"<>]+reset[^\s"<>]*/.exec(mail.text)?.[0] ?? mail.text;
    };
    assert.match(await reset("127.0.0.1", LISTED), /^http:\/\/localhost:9\//);
    assert.match(await reset("127.0.0.2", LISTED), /^https:\/\/docs\.example\.com\//);
  });

  test("PUBLIC_HOSTS: a comma list of hosts (optional port), lower-cased; anything else names the variable", () => {
    assert.deepEqual(parsePublicHosts(" Docs.Example.com, docs.example.com:8443 ,[2001:db8::1]"), ["docs.example.com", "docs.example.com:8443", "[2001:db8::1]"]);
    assert.deepEqual(parsePublicHosts(undefined), []);
    assert.throws(() => parsePublicHosts("https://docs.example.com"), (e: unknown) => e instanceof ConfigError && /PUBLIC_HOSTS/.test(e.message));
  });
});

test("metrics: requests counted by how the client was known (proxy or direct), never by address", async () => {
  const res = await fetch(`${unset.url}/metrics`);
  const text = await res.text();
  const count = (via: string) => Number(new RegExp(`^docsvc_http_requests_by_client_total\\{via="${via}"\\} (\\d+)`, "m").exec(text)?.[1] ?? "0");
  assert.ok(count("proxy") >= 3, text.split("\n").filter((l) => l.includes("by_client")).join("\n"));
  assert.ok(count("direct") >= 2);
  assert.doesNotMatch(text, /127\.0\.0\.|203\.0\.113/);
});
