// The outbound side of webhooks on its own: which addresses are refused (after resolution, IPv4-in-IPv6 forms
// too), that the request goes to the checked address (a name the system cannot resolve still arrives, with its
// Host header), no redirect followed, a deadline, a bounded read of the answer; the backoff and the settings.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { nonPublicKind } from "../../src/webhooks/address-policy.js";
import { postWebhook } from "../../src/webhooks/outbound.js";
import { parseWebhookSettings, retryDelay, WEBHOOK_DEFAULTS } from "../../src/webhooks/settings.js";
import { signatureHeader, verifySignature } from "../../src/webhooks/signature.js";

describe("address policy", () => {
  test("loopback, private, link-local and reserved addresses are named; public ones pass", () => {
    const cases: Record<string, string | undefined> = {
      "127.0.0.1": "loopback", "127.8.9.10": "loopback", "::1": "loopback", "::ffff:127.0.0.1": "loopback", "::ffff:7f00:1": "loopback",
      "10.1.2.3": "private", "172.16.5.4": "private", "172.31.255.255": "private", "192.168.1.1": "private", "100.64.0.1": "private", "fd00::1": "private",
      "64:ff9b::a00:1": "private", "2002:c0a8:101::1": "private",
      "169.254.169.254": "link-local", "fe80::1": "link-local",
      "0.0.0.0": "reserved", "::": "reserved", "224.0.0.1": "reserved", "255.255.255.255": "reserved", "ff02::1": "reserved",
      "8.8.8.8": undefined, "93.184.216.34": undefined, "172.32.0.1": undefined, "2606:4700:4700::1111": undefined,
    };
    for (const [address, kind] of Object.entries(cases)) assert.equal(nonPublicKind(address), kind, address);
  });
});

describe("postWebhook", () => {
  let server: Server;
  let port: number;
  const seen: { path: string; host: string | undefined }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? "", host: req.headers.host });
      req.resume();
      if (req.url === "/redirect") res.writeHead(302, { Location: "/elsewhere" }).end();
      else if (req.url === "/silent") return; // never answers
      else if (req.url === "/flood") {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const write = (): void => {
          while (sent < 1000 && res.write(chunk)) sent++;
          if (sent < 1000) res.once("drain", write);
          else res.end();
        };
        write();
      } else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const open = { allowPrivate: true, timeoutMs: 2_000 };

  test("connects to the resolved, checked address: a made-up name arrives with its Host header", async () => {
    const outcome = await postWebhook(`http://hooks.example:${port}/named`, "{}", {}, { ...open, resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    assert.deepEqual(outcome, { kind: "answered", status: 204 });
    assert.deepEqual(seen.at(-1), { path: "/named", host: `hooks.example:${port}` });
  });

  test("refused after resolution unless private addresses are allowed; nothing is sent", async () => {
    const before = seen.length;
    const resolve = async () => [{ address: "10.0.0.7", family: 4 }, { address: "127.0.0.1", family: 4 }];
    const outcome = await postWebhook(`http://hooks.example:${port}/x`, "{}", {}, { allowPrivate: false, timeoutMs: 2_000, resolve });
    assert.equal(outcome.kind, "refused");
    assert.match((outcome as { reason: string }).reason, /hooks\.example resolves to 10\.0\.0\.7, which is a private address/);
    const literal = await postWebhook(`http://[::ffff:127.0.0.1]:${port}/x`, "{}", {}, { allowPrivate: false, timeoutMs: 2_000 });
    assert.equal(literal.kind, "refused");
    assert.equal(seen.length, before);
    // Every address must be public for a name to be used, whichever comes first (192.0.2.1 is documentation space).
    const mixed = await postWebhook(`http://hooks.example:${port}/x`, "{}", {}, { allowPrivate: false, timeoutMs: 500, resolve: async () => [{ address: "127.0.0.1", family: 4 }, { address: "192.0.2.1", family: 4 }] });
    assert.equal(mixed.kind, "refused");
  });

  test("a redirect is an answer, not followed; a silent receiver times out; a flood is read only so far", async () => {
    const redirect = await postWebhook(`http://127.0.0.1:${port}/redirect`, "{}", {}, open);
    assert.deepEqual(redirect, { kind: "answered", status: 302 });
    assert.equal(seen.filter((s) => s.path === "/elsewhere").length, 0);

    const started = Date.now();
    const silent = await postWebhook(`http://127.0.0.1:${port}/silent`, "{}", {}, { allowPrivate: true, timeoutMs: 300 });
    assert.equal(silent.kind, "failed");
    assert.match((silent as { reason: string }).reason, /No answer within 300 ms/);
    assert.ok(Date.now() - started < 5_000);

    const flood = await postWebhook(`http://127.0.0.1:${port}/flood`, "{}", {}, open);
    assert.deepEqual(flood, { kind: "answered", status: 200 });
  });

  test("other schemes and credentials are refused", async () => {
    assert.equal((await postWebhook("ftp://example.com/x", "{}", {}, open)).kind, "refused");
    assert.equal((await postWebhook("http://u:p@example.com/x", "{}", {}, open)).kind, "refused");
  });
});

describe("signature, backoff, settings", () => {
  test("t=…,v1=… over `<t>.<body>`; old timestamps are refused by the verifier", () => {
    const header = signatureHeader("whsec_test", 1_700_000_000, '{"a":1}');
    assert.match(header, /^t=1700000000,v1=[0-9a-f]{64}$/);
    assert.equal(verifySignature("whsec_test", header, '{"a":1}', 1_700_000_100), true);
    assert.equal(verifySignature("whsec_test", header, '{"a":1}', 1_700_000_000 + 301), false);
    assert.equal(verifySignature("whsec_test", header, '{"a":2}', 1_700_000_000), false);
  });

  test("exponential backoff from the base, at most an hour; 24 hours of retries", () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => retryDelay({ retryBaseMs: 30_000 }, n)), [30_000, 60_000, 120_000, 240_000]);
    assert.equal(retryDelay({ retryBaseMs: 30_000 }, 20), 3_600_000);
    assert.equal(WEBHOOK_DEFAULTS.retryForMs, 24 * 3_600_000);
  });

  test("WEBHOOK_* variables", () => {
    assert.deepEqual(parseWebhookSettings({}), WEBHOOK_DEFAULTS);
    const set = parseWebhookSettings({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_TIMEOUT_MS: "2500", WEBHOOK_RETRY_BASE_MS: "100", WEBHOOK_POLL_MS: "50" });
    assert.deepEqual([set.allowPrivate, set.timeoutMs, set.retryBaseMs, set.pollMs], [true, 2500, 100, 50]);
    assert.throws(() => parseWebhookSettings({ WEBHOOK_ALLOW_PRIVATE: "yes please" }), /WEBHOOK_ALLOW_PRIVATE/);
    assert.throws(() => parseWebhookSettings({ WEBHOOK_RETRY_BASE_MS: "0" }), /WEBHOOK_RETRY_BASE_MS/);
  });
});
