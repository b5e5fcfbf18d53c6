// Sign-in with GitHub (plain OAuth 2 and its REST API) against a fake of GitHub's endpoints on loopback.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { uniqueEmail, type TestApp } from "../helpers/harness.js";
import { fakeGitHubEnv, startFakeGitHub, type FakeGitHub, type FakeGitHubUser } from "./support/fake-github.js";
import { callback, redirected, sessionFrom, start, startOAuthApp } from "./support/sign-in.js";

let github: FakeGitHub;
let t: TestApp;
before(async () => {
  github = await startFakeGitHub();
  t = await startOAuthApp(fakeGitHubEnv(github));
});
after(async () => {
  await t.close();
  await github.close();
});

let ids = 1000;
function account(emails: FakeGitHubUser["emails"]): FakeGitHubUser {
  ids += 1;
  return { id: ids, login: `user${ids}`, emails };
}

/** Start at docsvc, "sign in" at the fake (it answers at once), come back. */
async function signIn(user: FakeGitHubUser, redirect?: string) {
  github.signedIn = user;
  const started = await start(t, "github", redirect);
  const res = await fetch(started.authorizationUrl, { redirect: "manual" });
  const back = new URL(res.headers.get("location") ?? "");
  return callback(t, back, started.stateCookie);
}

describe("GitHub sign-in", () => {
  test("is listed, and start asks for the email scope with PKCE and no nonce", async () => {
    assert.deepEqual((await t.call("GET", "/api/auth/oauth/providers")).body, [{ id: "github", label: "GitHub" }]);
    const started = await start(t, "github");
    const query = started.authorizationUrl.searchParams;
    assert.equal(started.authorizationUrl.href.split("?")[0], `${github.url}/login/oauth/authorize`);
    assert.equal(query.get("client_id"), github.clientId);
    assert.equal(query.get("scope"), "read:user user:email");
    assert.equal(query.get("code_challenge_method"), "S256");
    assert.equal(query.get("nonce"), null);
  });

  test("a new user gets the verified primary address, not a secondary one", async () => {
    const email = uniqueEmail("gh-new");
    const user = account([
      { email: uniqueEmail("gh-secondary"), primary: false, verified: true },
      { email, primary: true, verified: true },
    ]);
    const issued = await sessionFrom(t, await signIn(user, "/home"), "/home");
    const me = await t.call("GET", "/api/auth/me", { token: issued.body.accessToken });
    assert.equal(me.body.user.email, email);
    assert.equal(me.body.user.emailVerified, true);
    assert.equal(me.body.role, "Owner");
    // The same GitHub account (by id) later signs in to the same user, whatever its address is by then.
    const again = await sessionFrom(t, await signIn({ ...user, emails: [{ email: uniqueEmail("gh-changed"), primary: true, verified: true }] }));
    assert.equal(again.body.user.id, issued.body.user.id);
  });

  test("an unverified primary address is refused; one without any primary address too", async () => {
    const existing = await t.signup(uniqueEmail("gh-existing"));
    let failed = redirected(await signIn(account([{ email: existing.email, primary: true, verified: false }])));
    assert.equal(failed.error, "email_unverified");
    failed = redirected(await signIn(account([])));
    assert.equal(failed.error, "email_missing");
  });

  test("GitHub's errors (a 200 with an error field, API failures, nonsense) are provider_error, never a 500", async () => {
    const user = account([{ email: uniqueEmail("gh-err"), primary: true, verified: true }]);
    github.tokenError = "bad_verification_code";
    try {
      const failed = redirected(await signIn(user, "/signin"));
      assert.equal(failed.error, "provider_error");
      assert.ok(failed.location.startsWith("/signin?"));
    } finally {
      github.tokenError = undefined;
    }
    for (const answer of [{ status: 502, body: { message: "Server Error" } }, { status: 200, body: { emails: "not a list" } }]) {
      github.apiAnswer = answer;
      try {
        assert.equal(redirected(await signIn(user)).error, "provider_error", JSON.stringify(answer));
      } finally {
        github.apiAnswer = undefined;
      }
    }
    // Nothing was created by the failures: the first real sign-in makes the account.
    const issued = await sessionFrom(t, await signIn(user));
    assert.equal(issued.body.user.email, user.emails[0]?.email);
  });
});
