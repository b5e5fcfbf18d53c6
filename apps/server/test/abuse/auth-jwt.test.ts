// A JWT signed with the service's real key but without `exp` would be valid forever: it is refused (401),
// as is one that expired; a token as the service issues it is accepted.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";

let t: TestApp;
let user: TestUser;
before(async () => {
  t = await startTestApp();
  user = await t.signup();
});
after(() => t.close());

/** The claims of the user's real token, re-signed with the real key and `shape` applied. */
async function forged(shape: (jwt: SignJWT) => SignJWT): Promise<string> {
  const payload = JSON.parse(Buffer.from(user.token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  const { sid, ws, role, email, sub } = payload;
  const jwt = new SignJWT({ sid, ws, role, email }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(String(sub)).setIssuer("docsvc").setIssuedAt();
  return shape(jwt).sign(t.config.jwtSecret);
}

describe("session JWTs", () => {
  test("without exp: 401, quickly; with a past exp: 401; as issued: 200", async () => {
    const start = performance.now();
    const noExp = await t.call("GET", "/api/auth/me", { token: await forged((j) => j) });
    assert.equal(noExp.status, 401);
    assert.ok(performance.now() - start < 2000);
    const expired = await t.call("GET", "/api/auth/me", { token: await forged((j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 60)) });
    assert.equal(expired.status, 401);
    const withExp = await t.call("GET", "/api/auth/me", { token: await forged((j) => j.setExpirationTime("5m")) });
    assert.equal(withExp.status, 200);
    assert.equal((await t.call("GET", "/api/auth/me", { token: user.token })).status, 200);
  });
});
