// The flow's defences against a real OpenID Connect provider on loopback: single-use and browser-bound state,
// the nonce, PKCE, redirect validation, and an unreachable issuer (a clear error, retried later, never a 500).
import assert from "node:assert/strict";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { hashToken } from "../../src/auth/tokens.js";
import { refreshCookieFrom, type Reply, type TestApp } from "../helpers/harness.js";
import { ProviderBrowser } from "./support/browser.js";
import { startTestIssuer, type TestIssuer } from "./support/oidc-provider.js";
import { callback, callbackPrefix, issuerEnv, redirected, sessionFrom, start, startOAuthApp, type Started } from "./support/sign-in.js";

const CALLBACKS = ["acme", "late"].map((p) => `http://localhost:8080/api/auth/oauth/${p}/callback`);
const RETRY_MS = 300;

let issuer: TestIssuer;
let latePort: number;
let t: TestApp;
before(async () => {
  issuer = await startTestIssuer(CALLBACKS);
  issuer.accounts.set("sam", { email: "sam@example.test", email_verified: true });
  latePort = await freePort();
  t = await startOAuthApp(
    {
      ...issuerEnv("ACME", issuer),
      // Nothing listens there yet: the issuer comes up during a test.
      OAUTH_LATE_ISSUER: `http://127.0.0.1:${latePort}`,
      OAUTH_LATE_CLIENT_ID: issuer.clientId,
      OAUTH_LATE_CLIENT_SECRET: issuer.clientSecret,
      OAUTH_REDIRECT_ORIGINS: "https://app.example.test, http://localhost:5173",
    },
    RETRY_MS,
  );
});
after(async () => {
  await t.close();
  await issuer.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts at docsvc and signs in at the provider; answers the flow and the URL the provider sent back. */
async function atProvider(redirect = "/after"): Promise<{ started: Started; back: URL }> {
  const started = await start(t, "acme", redirect);
  const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "acme"), { login: "sam" });
  return { started, back };
}

function assertNoSession(res: Reply): void {
  assert.equal(refreshCookieFrom(res.headers), undefined);
}

function assertProblem(res: Reply, status: number, field?: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.match(res.headers.get("content-type") ?? "", /^application\/problem\+json/);
  if (field !== undefined) assert.ok(res.body.errors?.[field], JSON.stringify(res.body));
  assertNoSession(res);
}

async function setFlow(state: string, column: "nonce" | "code_verifier", value: string): Promise<void> {
  const result = await t.deps.db.updateTable("oauth_states").set({ [column]: value }).where("state_hash", "=", hashToken(state)).executeTakeFirst();
  assert.equal(result.numUpdatedRows, 1n);
}

describe("state", () => {
  test("a replayed callback is refused: the state works once", async () => {
    const { started, back } = await atProvider();
    await sessionFrom(t, await callback(t, back, started.stateCookie), "/after");
    assertProblem(await callback(t, back, started.stateCookie), 400, "state");
  });

  test("a forged or missing state is a 400 (nowhere safe to go back to)", async () => {
    const { started, back } = await atProvider();
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-value-0123456789");
    assertProblem(await callback(t, forged, "forged-state-value-0123456789"), 400, "state");
    const missing = new URL(back);
    missing.searchParams.delete("state");
    assertProblem(await callback(t, missing, started.stateCookie), 400, "state");
    // A state started for one provider does not complete another's flow.
    assertProblem(await callback(t, new URL(`/api/auth/oauth/late/callback${back.search}`, back), started.stateCookie), 400, "state");
  });

  test("a callback in a browser that did not start the flow is refused (no login CSRF)", async () => {
    const { back } = await atProvider("/after");
    const res = await callback(t, back, undefined);
    const failed = redirected(res);
    assert.equal(failed.error, "state_mismatch");
    assert.ok(failed.location.startsWith("/after?"));
    assertNoSession(res);
  });
});

describe("ID token and PKCE", () => {
  test("a wrong nonce is refused", async () => {
    const started = await start(t, "acme");
    await setFlow(started.state, "nonce", "not-the-nonce-that-was-sent");
    const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "acme"), { login: "sam" });
    const res = await callback(t, back, started.stateCookie);
    assert.equal(redirected(res).error, "provider_error");
    assertNoSession(res);
  });

  test("a missing or wrong PKCE verifier is refused by the provider, and that is a provider_error, not a 500", async () => {
    for (const verifier of ["", "a-verifier-that-does-not-match-the-challenge-0123456789abc"]) {
      const started = await start(t, "acme");
      await setFlow(started.state, "code_verifier", verifier);
      const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "acme"), { login: "sam" });
      const res = await callback(t, back, started.stateCookie);
      assert.equal(redirected(res).error, "provider_error");
      assertNoSession(res);
    }
  });

  test("a code the provider does not know is refused", async () => {
    const { started, back } = await atProvider();
    back.searchParams.set("code", "made-up-code");
    const res = await callback(t, back, started.stateCookie);
    assert.equal(redirected(res).error, "provider_error");
  });
});

describe("redirect", () => {
  test("other origins, protocol-relative and backslash paths are refused with 400 before anything starts", async () => {
    for (const redirect of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "https://app.example.test.evil.example/", "http://user@localhost:8080/"]) {
      const res = await t.call("GET", `/api/auth/oauth/acme/start?redirect=${encodeURIComponent(redirect)}`);
      assertProblem(res, 400, "redirect");
      assert.equal(res.headers.getSetCookie().length, 0, redirect);
    }
  });

  test("paths, PUBLIC_URL's origin and OAUTH_REDIRECT_ORIGINS are accepted", async () => {
    for (const redirect of ["/", "/templates?id=1#x", "http://localhost:8080/done", "https://app.example.test/signed-in", "http://localhost:5173/"]) {
      const started = await start(t, "acme", redirect);
      assert.equal(started.authorizationUrl.origin, issuer.issuer);
    }
    const { started, back } = await atProvider("https://app.example.test/signed-in");
    await sessionFrom(t, await callback(t, back, started.stateCookie), "https://app.example.test/signed-in");
  });
});

describe("an unreachable issuer", () => {
  test("start comes back with error=provider_unavailable (never a 500), and is retried once the issuer is up", async () => {
    let failed = redirected(await t.call("GET", "/api/auth/oauth/late/start?redirect=%2Fsignin"));
    assert.equal(failed.error, "provider_unavailable");
    assert.match(failed.message ?? "", /could not be reached/);
    assert.ok(failed.location.startsWith("/signin?"));

    const late = await startTestIssuer(CALLBACKS, latePort);
    try {
      await sleep(RETRY_MS * 2);
      const started = await start(t, "late");
      assert.equal(started.authorizationUrl.origin, `http://127.0.0.1:${latePort}`);
      const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "late"), { login: "x" });
      // The issuer goes away between the login and the code exchange.
      await late.close();
      const res = await callback(t, back, started.stateCookie);
      failed = redirected(res);
      assert.equal(failed.error, "provider_unavailable");
      assertNoSession(res);
    } finally {
      await late.close();
    }
  });
});
