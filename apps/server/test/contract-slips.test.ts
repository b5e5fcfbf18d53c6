// Contract details seen from outside: Unicode case-insensitive name filter, a new JWT on every refresh, and the
// OpenAPI description of CreateBatchJsonBody.
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { after, before, describe, mock, test } from "node:test";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { refreshCookieFrom, startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

describe("contract slips", () => {
  test("the template name filter is case-insensitive beyond ASCII", async () => {
    for (const name of ["Ärger im Büro", "ärger zuhause", "ΣΟΦΊΑ report", "Plain"]) {
      assert.equal((await t.call("POST", "/api/templates", { token: owner.token, body: { name, content: SMALL_TEMPLATE } })).status, 200);
    }
    const names = async (filter: string): Promise<string[]> =>
      ((await t.call("GET", `/api/templates?name=${encodeURIComponent(filter)}`, { token: owner.token })).body as unknown as { name: string }[]).map((x) => x.name).sort();
    assert.deepEqual(await names("ÄRGER"), ["ärger zuhause", "Ärger im Büro"].sort());
    assert.deepEqual(await names("büRO"), ["Ärger im Büro"]);
    assert.deepEqual(await names("σοφία"), ["ΣΟΦΊΑ report"]);
    assert.deepEqual(await names("plain"), ["Plain"]);
    // Still a literal substring: LIKE wildcards mean themselves.
    assert.deepEqual(await names("%"), []);
  });

  test("two refreshes within the same second return different JWTs", async () => {
    const user = await t.signup();
    // The clock stands still, so both tokens carry the same iat and exp: only a unique id can tell them apart.
    mock.timers.enable({ apis: ["Date"], now: Date.now() });
    try {
      const first = await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${user.refreshCookie}` } });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const second = await t.call("POST", "/api/auth/refresh", { headers: { Cookie: `docsvc_refresh=${refreshCookieFrom(first.headers) ?? ""}` } });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      const tokens = [user.token, first.body.accessToken as string, second.body.accessToken as string];
      assert.equal(new Set(tokens).size, 3);
      const claims = tokens.map((tok) => decodeJwt(tok));
      assert.equal(claims[1]?.iat, claims[2]?.iat);
      assert.equal(new Set(claims.map((c) => c.jti)).size, 3);
    } finally {
      mock.timers.reset();
    }
    // The rotated session's token works; so does the earlier one until it expires (sessions, not tokens, are revoked).
    assert.equal((await t.call("GET", "/api/auth/me", { token: user.token })).status, 200);
  });

  test("OpenAPI: CreateBatchJsonBody requires output, fileNamePattern and emailColumn, each nullable", async () => {
    const body = (await t.call("GET", "/openapi/v1.json")).body.components.schemas.CreateBatchJsonBody as Record<string, any>;
    assert.deepEqual([...body.required].sort(), ["emailColumn", "fileNamePattern", "output", "rows"]);
    for (const field of ["output", "fileNamePattern", "emailColumn"]) {
      assert.ok((body.properties[field].anyOf as { type?: string }[]).some((s) => s.type === "null"), field);
    }
    assert.equal(body.properties.theme.$ref, "#/components/schemas/Theme");
    assert.ok(!body.required.includes("theme"));
  });
});
