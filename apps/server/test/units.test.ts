// Small pieces with their own rules: ids, token buckets, the login throttle, page counting.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isUuid, uuidv7 } from "../src/ids.js";
import { countPdfPages } from "../src/render/pages.js";
import { MemoryLoginBuckets } from "../src/services/login-buckets.js";
import { LOGIN_DEFAULTS, LoginThrottle } from "../src/services/login-throttle.js";
import { RateLimiter } from "../src/services/rate-limit.js";

describe("uuidv7", () => {
  test("is a version-7, variant-10 UUID whose first 48 bits are the millisecond timestamp", () => {
    const ms = Date.UTC(2026, 10, 21, 19, 5, 0, 123);
    const id = uuidv7(ms);
    assert.ok(isUuid(id));
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(parseInt(id.replace(/-/g, "").slice(0, 12), 16), ms);
    assert.notEqual(uuidv7(ms), uuidv7(ms));
    assert.ok(uuidv7(ms) < uuidv7(ms + 1));
  });
});

describe("RateLimiter", () => {
  test("allows the burst, then refills at the plan's rate, per workspace", () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const plan = { renderRatePerSecond: 2, renderBurst: 3, aiGenerationsPerMonth: null };
    for (let i = 0; i < 3; i++) assert.deepEqual(limiter.take("a", plan), { ok: true });
    const denied = limiter.take("a", plan);
    assert.equal(denied.ok, false);
    assert.ok(!denied.ok && Math.abs(denied.retryAfterSeconds - 0.5) < 1e-9);
    assert.deepEqual(limiter.take("b", plan), { ok: true });
    now = 500;
    assert.deepEqual(limiter.take("a", plan), { ok: true });
    assert.equal(limiter.take("a", plan).ok, false);
    now = 60_000;
    for (let i = 0; i < 3; i++) assert.equal(limiter.take("a", plan).ok, true);
    assert.equal(limiter.take("a", plan).ok, false);
  });
});

describe("LoginThrottle", () => {
  test("refuses an (address, email) pair after its failures, refills with time, and a success starts the pair afresh", async () => {
    let now = 0;
    const rule = { capacity: 3, refillMs: 1000 };
    const throttle = new LoginThrottle(new MemoryLoginBuckets(() => now), { ...LOGIN_DEFAULTS, pairFailures: rule });
    for (let i = 0; i < 3; i++) {
      const attempt = await throttle.begin("192.0.2.1", "a@x");
      assert.equal(attempt.refused, undefined);
      if (attempt.refused === undefined) await attempt.failed();
    }
    assert.deepEqual(await throttle.begin("192.0.2.1", "a@x"), { refused: "pair", retryAfter: 1 });
    assert.equal((await throttle.begin("192.0.2.2", "a@x")).refused, undefined, "another address may still try");
    now = 1001;
    const later = await throttle.begin("192.0.2.1", "a@x");
    assert.equal(later.refused, undefined, "one failure has refilled");
    if (later.refused === undefined) await later.succeeded();
    for (let i = 0; i < 3; i++) {
      const attempt = await throttle.begin("192.0.2.1", "a@x");
      assert.equal(attempt.refused, undefined, `after a success, attempt ${i + 1} is admitted`);
      if (attempt.refused === undefined) await attempt.failed();
    }
  });
});

describe("LoginThrottle across addresses", () => {
  test("failures of one email from many addresses meet the per-email bucket; a trusted address skips only the per-address ones", async () => {
    const { LOGIN_FAILURE_WINDOW_MS } = await import("../src/services/login-throttle.js");
    const { parseAddressList } = await import("../src/http/address-list.js");
    const settings = { ...LOGIN_DEFAULTS, emailFailures: { capacity: 4, refillMs: LOGIN_FAILURE_WINDOW_MS / 4 }, addressLogins: { capacity: 1, refillMs: 60_000 }, trusted: parseAddressList("10.0.0.0/8") };
    const throttle = new LoginThrottle(new MemoryLoginBuckets(), settings);
    for (let i = 0; i < 4; i++) {
      const attempt = await throttle.begin(`192.0.2.${i}`, "v@x");
      assert.equal(attempt.refused, undefined);
      if (attempt.refused === undefined) await attempt.failed();
    }
    assert.equal((await throttle.begin("192.0.2.99", "v@x")).refused, "email");
    assert.equal((await throttle.begin("10.1.2.3", "v@x")).refused, "email", "a trusted address meets the per-email bucket too");
    // The address bucket (1 login) is spent only by a success; a trusted address has none.
    const first = await throttle.begin("198.51.100.1", "w@x");
    if (first.refused === undefined) await first.succeeded();
    assert.equal((await throttle.begin("198.51.100.1", "z@x")).refused, "address");
    for (let i = 0; i < 3; i++) {
      const trusted = await throttle.begin("10.9.9.9", `u${i}@x`);
      assert.equal(trusted.refused, undefined);
      if (trusted.refused === undefined) await trusted.succeeded();
    }
  });
});

describe("countPdfPages", () => {
  test("counts page objects, not the page tree", () => {
    const fake = "%PDF-1.7\n1 0 obj << /Type /Pages /Count 2 /Kids [2 0 R 3 0 R] >>\n2 0 obj << /Type /Page /Parent 1 0 R >>\n3 0 obj <</Type/Page/Parent 1 0 R>>\n";
    assert.equal(countPdfPages(new TextEncoder().encode(fake)), 2);
  });
});
