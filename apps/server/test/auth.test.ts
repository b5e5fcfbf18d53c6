import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { refreshCookieFrom, startTestApp, uniqueEmail, type TestApp } from "./helpers/harness.js";
import { tokenFrom } from "./helpers/smtp.js";

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

function assertProblem(res: { status: number; headers: Headers; body: Record<string, unknown> }, status: number): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.match(res.headers.get("Content-Type") ?? "", /^application\/problem\+json/);
  assert.equal(res.body.status, status);
  assert.equal(typeof res.body.title, "string");
  assert.equal(typeof res.body.detail, "string");
}

describe("signup", () => {
  test("creates the user, an Owner workspace, a session and a refresh cookie, and emails a verification link", async () => {
    const email = uniqueEmail("signup");
    const res = await t.call("POST", "/api/auth/signup", { body: { email: `  ${email.toUpperCase()} `, password: "correct horse battery" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.tokenType, "Bearer");
    assert.equal(res.body.expiresIn, 900);
    assert.equal(typeof res.body.accessToken, "string");
    assert.equal(res.body.user.email, email);
    assert.equal(res.body.user.emailVerified, false);
    assert.match(res.body.user.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(res.body.role, "Owner");
    assert.equal(res.body.workspace.plan, "unlimited", "a fresh install does not throttle its own workspaces");
    const setCookie = res.headers.getSetCookie().join("\n");
    assert.match(setCookie, /docsvc_refresh=[^;]+/);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /Path=\/api\/auth/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    assert.match(mail.raw, /Subject: Confirm your email address/);
    assert.ok(tokenFrom(mail, "verify-email").length >= 32);
  });

  test("400 with errors.email for an address that already has an account", async () => {
    const user = await t.signup();
    const res = await t.call("POST", "/api/auth/signup", { body: { email: user.email, password: "another password" } });
    assertProblem(res, 400);
    assert.deepEqual(Object.keys(res.body.errors), ["email"]);
  });

  test("400 for a bad email, a short or over-long password, missing fields and a non-object body", async () => {
    let res = await t.call("POST", "/api/auth/signup", { body: { email: "not-an-email", password: "short" } });
    assertProblem(res, 400);
    assert.ok(res.body.errors.email);
    assert.ok(res.body.errors.password);
    res = await t.call("POST", "/api/auth/signup", { body: { email: uniqueEmail(), password: "é".repeat(37) } });
    assertProblem(res, 400);
    assert.match(res.body.errors.password[0], /72 bytes/);
    res = await t.call("POST", "/api/auth/signup", { body: {} });
    assertProblem(res, 400);
    assert.deepEqual(res.body.errors, { email: ["email is required."], password: ["password is required."] });
    res = await t.call("POST", "/api/auth/signup", { body: "[1,2]" });
    assertProblem(res, 400);
    res = await t.call("POST", "/api/auth/signup", { body: "{not json" });
    assertProblem(res, 400);
    assert.match(res.body.detail, /not valid JSON/);
  });
});

describe("login", () => {
  test("answers like signup for the right password and 401 for a wrong one or an unknown address", async () => {
    const user = await t.signup();
    const ok = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.workspace.id, user.workspaceId);
    assert.equal(ok.body.role, "Owner");
    assert.ok(refreshCookieFrom(ok.headers));
    const bad = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: "wrong password" } });
    assertProblem(bad, 401);
    assert.match(bad.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
    assertProblem(await t.call("POST", "/api/auth/login", { body: { email: uniqueEmail(), password: "whatever it is" } }), 401);
    assertProblem(await t.call("POST", "/api/auth/login", { body: { email: user.email } }), 400);
  });

  test("10 failed logins for one address from one client in 15 minutes answer 429 with Retry-After, even with the right password", async () => {
    const user = await t.signup();
    for (let i = 0; i < 10; i++) {
      assert.equal((await t.call("POST", "/api/auth/login", { body: { email: user.email, password: `wrong-${i}-password` } })).status, 401);
    }
    const res = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    assertProblem(res, 429);
    assert.ok(Number(res.headers.get("Retry-After")) > 0);
  });
});

describe("email verification and password reset", () => {
  test("verify-email confirms the address once; me shows it", async () => {
    const user = await t.signup();
    const token = tokenFrom(await t.smtp.waitFor((m) => m.to.includes(user.email)), "verify-email");
    const res = await t.call("POST", "/api/auth/verify-email", { body: { token } });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.emailVerified, true);
    assertProblem(await t.call("POST", "/api/auth/verify-email", { body: { token } }), 400);
    assertProblem(await t.call("POST", "/api/auth/verify-email", { body: { token: "nonsense" } }), 400);
    assertProblem(await t.call("POST", "/api/auth/verify-email", { body: {} }), 400);
    const me = await t.call("GET", "/api/auth/me", { token: user.token });
    assert.equal(me.body.user.emailVerified, true);
  });

  test("resend-verification sends a new link (the old one stops working) and answers 200 for unknown addresses", async () => {
    const user = await t.signup();
    const first = tokenFrom(await t.smtp.waitFor((m) => m.to.includes(user.email)), "verify-email");
    const res = await t.call("POST", "/api/auth/resend-verification", { body: { email: user.email } });
    assert.equal(res.status, 200);
    const second = tokenFrom(
      await t.smtp.waitFor((m) => m.to.includes(user.email) && tokenFrom(m, "verify-email") !== first),
      "verify-email",
    );
    assertProblem(await t.call("POST", "/api/auth/verify-email", { body: { token: first } }), 400);
    assert.equal((await t.call("POST", "/api/auth/verify-email", { body: { token: second } })).status, 200);
    assert.equal((await t.call("POST", "/api/auth/resend-verification", { body: { email: uniqueEmail() } })).status, 200);
    assertProblem(await t.call("POST", "/api/auth/resend-verification", { body: { email: "nope" } }), 400);
  });

  test("forgot-password + reset-password sets the password, ends every session, and the link works once", async () => {
    const user = await t.signup();
    assert.equal((await t.call("POST", "/api/auth/forgot-password", { body: { email: uniqueEmail() } })).status, 200);
    assert.equal((await t.call("POST", "/api/auth/forgot-password", { body: { email: user.email } })).status, 200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(user.email) && /reset-password/.test(m.text));
    const token = tokenFrom(mail, "reset-password");
    assertProblem(await t.call("POST", "/api/auth/reset-password", { body: { token, newPassword: "short" } }), 400);
    const res = await t.call("POST", "/api/auth/reset-password", { body: { token, newPassword: "a brand new password" } });
    assert.equal(res.status, 200);
    assertProblem(await t.call("GET", "/api/auth/me", { token: user.token }), 401);
    assertProblem(await t.call("POST", "/api/auth/reset-password", { body: { token, newPassword: "yet another password" } }), 400);
    assertProblem(await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } }), 401);
    assert.equal((await t.call("POST", "/api/auth/login", { body: { email: user.email, password: "a brand new password" } })).status, 200);
  });
});

describe("sessions", () => {
  test("me and session describe the caller; no or bad token is 401", async () => {
    const user = await t.signup();
    const me = await t.call("GET", "/api/auth/me", { token: user.token });
    assert.equal(me.status, 200);
    assert.deepEqual(Object.keys(me.body).sort(), ["isAdmin", "role", "user", "workspace"]);
    assert.equal(me.body.user.email, user.email);
    assert.equal(me.body.workspace.id, user.workspaceId);
    assert.equal(me.body.role, "Owner");
    assert.equal(me.body.isAdmin, false);
    const session = await t.call("GET", "/api/auth/session", { token: user.token });
    assert.equal(session.status, 200);
    assert.equal(session.body.userId, user.userId);
    assert.equal(session.body.workspaceId, user.workspaceId);
    assertProblem(await t.call("GET", "/api/auth/me"), 401);
    assertProblem(await t.call("GET", "/api/auth/me", { token: "not.a.jwt" }), 401);
    assertProblem(await t.call("GET", "/api/auth/session"), 401);
  });

  test("logout kills the token at once; logout-all kills every session", async () => {
    const user = await t.signup();
    const second = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    const res = await t.call("POST", "/api/auth/logout", { token: user.token });
    assert.equal(res.status, 200);
    assert.match(res.headers.getSetCookie().join(""), /docsvc_refresh=;/);
    assertProblem(await t.call("GET", "/api/auth/me", { token: user.token }), 401);
    assertProblem(await t.call("POST", "/api/auth/logout", { token: user.token }), 401);
    assert.equal((await t.call("GET", "/api/auth/me", { token: second.body.accessToken })).status, 200);

    const third = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    assert.equal((await t.call("POST", "/api/auth/logout-all", { token: second.body.accessToken })).status, 200);
    assertProblem(await t.call("GET", "/api/auth/me", { token: second.body.accessToken }), 401);
    assertProblem(await t.call("GET", "/api/auth/me", { token: third.body.accessToken }), 401);
    const cookie = refreshCookieFrom(third.headers);
    assertProblem(await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${cookie}` } }), 401);
    assertProblem(await t.call("POST", "/api/auth/logout-all"), 401);
  });

  test("refresh rotates the cookie; reusing a used refresh token revokes the whole session", async () => {
    const user = await t.signup();
    const first = await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${user.refreshCookie}` } });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.tokenType, "Bearer");
    const rotated = refreshCookieFrom(first.headers);
    assert.ok(rotated);
    assert.notEqual(rotated, user.refreshCookie);
    assert.equal((await t.call("GET", "/api/auth/me", { token: first.body.accessToken })).status, 200);

    // The old cookie again: reuse. The session ends: the new refresh token and every access token die.
    const reuse = await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${user.refreshCookie}` } });
    assertProblem(reuse, 401);
    assertProblem(await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${rotated}` } }), 401);
    assertProblem(await t.call("GET", "/api/auth/me", { token: first.body.accessToken }), 401);
    assertProblem(await t.call("GET", "/api/auth/me", { token: user.token }), 401);
  });

  test("refresh with a live Bearer token (no cookie jar) answers like login; without anything it is 401", async () => {
    const user = await t.signup();
    const res = await t.call("POST", "/api/auth/refresh", { token: user.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.id, user.userId);
    assert.ok(refreshCookieFrom(res.headers));
    assertProblem(await t.call("POST", "/api/auth/refresh"), 401);
    assertProblem(await t.call("POST", "/api/auth/refresh", { headers: { Cookie: "docsvc_refresh=forged" } }), 401);
    assertProblem(await t.call("POST", "/api/auth/refresh", { token: "bad.token.here" }), 401);
  });

  test("change-password checks the current password and ends the other sessions, keeping this one", async () => {
    const user = await t.signup();
    const other = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    assertProblem(await t.call("POST", "/api/auth/change-password", { token: user.token, body: { currentPassword: "wrong one!", newPassword: "new password 1" } }), 400);
    assertProblem(await t.call("POST", "/api/auth/change-password", { token: user.token, body: { currentPassword: user.password } }), 400);
    assertProblem(await t.call("POST", "/api/auth/change-password", { body: { currentPassword: user.password, newPassword: "new password 1" } }), 401);
    const res = await t.call("POST", "/api/auth/change-password", { token: user.token, body: { currentPassword: user.password, newPassword: "new password 1" } });
    assert.equal(res.status, 200);
    assert.equal((await t.call("GET", "/api/auth/me", { token: user.token })).status, 200);
    assertProblem(await t.call("GET", "/api/auth/me", { token: other.body.accessToken }), 401);
    assert.equal((await t.call("POST", "/api/auth/login", { body: { email: user.email, password: "new password 1" } })).status, 200);
  });

  test("switch-workspace issues a JWT for a workspace the user belongs to and 404 otherwise", async () => {
    const a = await t.signup();
    const b = await t.signup();
    // b invites a; a accepts, then switches back and forth.
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: b.token, body: { email: a.email, role: "viewer" } });
    assert.equal(invite.status, 200);
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: a.token });
    assert.equal(accepted.status, 200);
    const toOwn = await t.call("POST", `/api/auth/switch-workspace/${a.workspaceId}`, { token: accepted.body.accessToken });
    assert.equal(toOwn.status, 200);
    assert.equal(toOwn.body.workspace.id, a.workspaceId);
    assert.equal(toOwn.body.role, "Owner");
    const toB = await t.call("POST", `/api/auth/switch-workspace/${b.workspaceId}`, { token: toOwn.body.accessToken });
    assert.equal(toB.body.role, "Viewer");
    const me = await t.call("GET", "/api/auth/me", { token: toB.body.accessToken });
    assert.equal(me.body.workspace.id, b.workspaceId);
    assert.equal(me.body.role, "Viewer");
    const stranger = await t.signup();
    assertProblem(await t.call("POST", `/api/auth/switch-workspace/${stranger.workspaceId}`, { token: a.token }), 404);
    assertProblem(await t.call("POST", "/api/auth/switch-workspace/not-a-uuid", { token: a.token }), 404);
    assertProblem(await t.call("POST", `/api/auth/switch-workspace/${a.workspaceId}`), 401);
  });
});
