// Sign-in against a real OpenID Connect provider on loopback: new users, linking by verified email, refusing
// unverified email, signing in again, and the password-less user's way to a password.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as v from "valibot";
import * as responses from "../../src/schemas/responses.js";
import { uniqueEmail, type Reply, type TestApp } from "../helpers/harness.js";
import { tokenFrom } from "../helpers/smtp.js";
import { ProviderBrowser } from "./support/browser.js";
import { startTestIssuer, type TestIssuer } from "./support/oidc-provider.js";
import { callback, callbackPrefix, issuerEnv, redirected, sessionFrom, start, startOAuthApp } from "./support/sign-in.js";

let issuer: TestIssuer;
let t: TestApp;
before(async () => {
  issuer = await startTestIssuer(["http://localhost:8080/api/auth/oauth/acme/callback"]);
  t = await startOAuthApp({ ...issuerEnv("ACME", issuer), OAUTH_ACME_LABEL: "Acme SSO" });
});
after(async () => {
  await t.close();
  await issuer.close();
});

let logins = 0;
/** Signs in at the provider as a fresh login name carrying `claims`; answers docsvc's callback response. */
async function signInAs(claims: { email?: string; email_verified?: boolean }, login = `person-${++logins}`, redirect?: string): Promise<Reply> {
  issuer.accounts.set(login, claims);
  const started = await start(t, "acme", redirect);
  const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "acme"), { login });
  return callback(t, back, started.stateCookie);
}

async function verifyAddress(email: string): Promise<void> {
  const token = tokenFrom(await t.smtp.waitFor((m) => m.to.includes(email)), "verify-email");
  assert.equal((await t.call("POST", "/api/auth/verify-email", { body: { token } })).status, 200);
}

describe("OpenID Connect sign-in", () => {
  test("lists the configured provider and answers 404 for any other", async () => {
    const list = await t.call("GET", "/api/auth/oauth/providers");
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [{ id: "acme", label: "Acme SSO" }]);
    v.parse(v.array(responses.OAuthProvider), list.body);
    for (const path of ["/api/auth/oauth/github/start", "/api/auth/oauth/nope/callback?state=x&code=y"]) {
      const res = await t.call("GET", path);
      assert.equal(res.status, 404);
      assert.match(res.headers.get("content-type") ?? "", /problem\+json/);
    }
  });

  test("the OpenAPI document has the flow's operations, start and callback answering 302", async () => {
    const doc = (await t.call("GET", "/openapi/v1.json")).body;
    for (const path of ["/api/auth/oauth/{provider}/start", "/api/auth/oauth/{provider}/callback"]) {
      const op = doc.paths[path].get;
      assert.ok(op.responses["302"].headers.Location, path);
      assert.equal(op.responses["200"], undefined, path);
      assert.deepEqual(op.parameters[0], { name: "provider", in: "path", required: true, schema: { type: "string" } });
      assert.deepEqual(op.security, []);
    }
    assert.equal(doc.paths["/api/auth/oauth/providers"].get.responses["200"].content["application/json"].schema.items.$ref, "#/components/schemas/OAuthProvider");
    assert.equal(doc.paths["/api/auth/identities"].get.responses["200"].content["application/json"].schema.items.$ref, "#/components/schemas/Identity");
    assert.ok(doc.paths["/api/auth/identities/{id}"].delete.responses["400"]);
  });

  test("a new user end to end: provider login, refresh cookie, JWT, verified email, Owner of a new workspace", async () => {
    const email = uniqueEmail("oidc-new");
    const login = `new-${logins++}`;
    issuer.accounts.set(login, { email, email_verified: true });
    const started = await start(t, "acme", "/welcome?tab=1");
    const auth = started.authorizationUrl;
    assert.equal(auth.origin, issuer.issuer);
    assert.equal(auth.searchParams.get("code_challenge_method"), "S256");
    assert.ok((auth.searchParams.get("nonce") ?? "").length >= 32);
    assert.equal(auth.searchParams.get("redirect_uri"), callbackPrefix(t, "acme"));
    assert.deepEqual(auth.searchParams.get("scope")?.split(" "), ["openid", "email", "profile"]);
    assert.equal(started.stateCookie, started.state);

    const back = await new ProviderBrowser().visit(auth, callbackPrefix(t, "acme"), { login });
    const res = await callback(t, back, started.stateCookie);
    assert.match(res.headers.getSetCookie().join("\n"), /docsvc_oauth_state=;/, "the flow cookie is cleared");
    const issued = await sessionFrom(t, res, "/welcome?tab=1");
    const me = await t.call("GET", "/api/auth/me", { token: issued.body.accessToken });
    assert.equal(me.status, 200);
    assert.equal(me.body.user.email, email);
    assert.equal(me.body.user.emailVerified, true);
    assert.equal(me.body.role, "Owner");
    assert.equal(me.body.workspace.name, `${email.split("@")[0]}'s workspace`);

    const identities = await t.call("GET", "/api/auth/identities", { token: issued.body.accessToken });
    assert.equal(identities.status, 200);
    assert.equal(identities.body.length, 1);
    v.parse(v.array(responses.Identity), identities.body);
    assert.deepEqual({ ...identities.body[0], id: undefined, createdAt: undefined }, { id: undefined, provider: "acme", label: "Acme SSO", email, createdAt: undefined });

    // No password: a login with any password is refused like a wrong one.
    assert.equal((await t.call("POST", "/api/auth/login", { body: { email, password: "correct horse battery" } })).status, 401);
    const change = await t.call("POST", "/api/auth/change-password", { token: issued.body.accessToken, body: { currentPassword: "whatever it is", newPassword: "a new password" } });
    assert.equal(change.status, 400);
    assert.match(change.body.errors.currentPassword[0], /forgot-password/);
  });

  test("the same identity signs in again to the same user", async () => {
    const email = uniqueEmail("oidc-again");
    const first = await sessionFrom(t, await signInAs({ email, email_verified: true }, "again"));
    // The provider's session is a new browser's; the provider still says the same subject.
    const second = await sessionFrom(t, await signInAs({ email, email_verified: true }, "again"));
    assert.equal(second.body.user.id, first.body.user.id);
    const identities = await t.call("GET", "/api/auth/identities", { token: second.body.accessToken });
    assert.equal(identities.body.length, 1);
  });

  test("an existing password account is linked by a verified email and keeps its password", async () => {
    const user = await t.signup(uniqueEmail("oidc-link"));
    await verifyAddress(user.email);
    const issued = await sessionFrom(t, await signInAs({ email: user.email.toUpperCase(), email_verified: true }));
    assert.equal(issued.body.user.id, user.userId);
    assert.equal(issued.body.workspace.id, user.workspaceId);
    const login = await t.call("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    assert.equal(login.status, 200);
    const identities = await t.call("GET", "/api/auth/identities", { token: user.token });
    assert.equal(identities.body.length, 1);
  });

  test("an unverified email is refused, for an existing account and for a new one", async () => {
    const user = await t.signup(uniqueEmail("oidc-unverified"));
    await verifyAddress(user.email);
    let failed = redirected(await signInAs({ email: user.email, email_verified: false }, undefined, "/signin"));
    assert.equal(failed.error, "email_unverified");
    assert.match(failed.message ?? "", /not verified/);
    assert.ok(failed.location.startsWith("/signin?"));
    assert.equal((await t.call("GET", "/api/auth/identities", { token: user.token })).body.length, 0);

    const stranger = uniqueEmail("oidc-unverified-new");
    failed = redirected(await signInAs({ email: stranger }));
    assert.equal(failed.error, "email_unverified");
    assert.equal((await t.call("POST", "/api/auth/forgot-password", { body: { email: stranger } })).status, 200);
    assert.equal((await t.call("POST", "/api/auth/login", { body: { email: stranger, password: "whatever it is" } })).status, 401);

    failed = redirected(await signInAs({}));
    assert.equal(failed.error, "email_missing");
  });

  test("an account whose address was never verified loses the password set by whoever registered it", async () => {
    const squatter = await t.signup(uniqueEmail("oidc-squat"));
    const issued = await sessionFrom(t, await signInAs({ email: squatter.email, email_verified: true }));
    assert.equal(issued.body.user.id, squatter.userId);
    assert.equal(issued.body.user.emailVerified, true);
    assert.equal((await t.call("GET", "/api/auth/me", { token: squatter.token })).status, 401, "the earlier session ended");
    assert.equal((await t.call("POST", "/api/auth/login", { body: { email: squatter.email, password: squatter.password } })).status, 401);
  });

  test("an issuer that accepts only client_secret_post gets the secret in the body", async () => {
    const posty = await startTestIssuer(["http://localhost:8080/api/auth/oauth/posty/callback"], 0, "client_secret_post");
    const app = await startOAuthApp(issuerEnv("POSTY", posty));
    try {
      const email = uniqueEmail("oidc-post");
      posty.accounts.set("p", { email, email_verified: true });
      const started = await start(app, "posty");
      const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(app, "posty"), { login: "p" });
      const issued = await sessionFrom(app, await callback(app, back, started.stateCookie));
      assert.equal(issued.body.user.email, email);
    } finally {
      await app.close();
      await posty.close();
    }
  });

  test("cancelling at the provider comes back with error=access_denied and no session", async () => {
    const started = await start(t, "acme", "/signin");
    const back = await new ProviderBrowser().visit(started.authorizationUrl, callbackPrefix(t, "acme"), { login: "x", cancel: true });
    const res = await callback(t, back, started.stateCookie);
    const failed = redirected(res);
    assert.equal(failed.error, "access_denied");
    assert.ok(failed.location.startsWith("/signin?"));
    assert.doesNotMatch(res.headers.getSetCookie().join("\n"), /docsvc_refresh=[^;]/);
  });

  test("the password-less user sets a password through forgot-password; only then can the identity go", async () => {
    const email = uniqueEmail("oidc-reset");
    const issued = await sessionFrom(t, await signInAs({ email, email_verified: true }));
    const token = issued.body.accessToken as string;
    const [identity] = (await t.call("GET", "/api/auth/identities", { token })).body as unknown as { id: string }[];
    assert.ok(identity);

    const refused = await t.call("DELETE", `/api/auth/identities/${identity.id}`, { token });
    assert.equal(refused.status, 400);
    assert.match(refused.body.detail, /only way to sign in/);

    assert.equal((await t.call("POST", "/api/auth/forgot-password", { body: { email } })).status, 200);
    const resetToken = tokenFrom(await t.smtp.waitFor((m) => m.to.includes(email)), "reset-password");
    assert.equal((await t.call("POST", "/api/auth/reset-password", { body: { token: resetToken, newPassword: "now with a password" } })).status, 200);
    const login = await t.call("POST", "/api/auth/login", { body: { email, password: "now with a password" } });
    assert.equal(login.status, 200);

    const other = await t.signup();
    assert.equal((await t.call("DELETE", `/api/auth/identities/${identity.id}`, { token: other.token })).status, 404, "not another user's");
    const unlinked = await t.call("DELETE", `/api/auth/identities/${identity.id}`, { token: login.body.accessToken });
    assert.equal(unlinked.status, 200);
    assert.deepEqual((await t.call("GET", "/api/auth/identities", { token: login.body.accessToken })).body, []);
    assert.equal((await t.call("DELETE", `/api/auth/identities/${identity.id}`, { token: login.body.accessToken })).status, 404);
  });
});
