import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

describe("API keys", () => {
  test("create shows the secret once; list shows id, name, prefix, createdAt, lastUsedAt only", async () => {
    const res = await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "  CI  " } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["createdAt", "id", "key", "lastUsedAt", "name", "prefix"]);
    assert.match(res.body.key, /^dsk_[A-Za-z0-9_-]{32,}$/);
    assert.equal(res.body.name, "CI");
    assert.ok(res.body.key.startsWith(res.body.prefix));
    assert.equal(res.body.lastUsedAt, null);
    const list = await t.call("GET", "/api/api-keys", { token: owner.token });
    assert.equal(list.status, 200);
    const listed = list.body.find((k: { id: string }) => k.id === res.body.id);
    assert.deepEqual(Object.keys(listed).sort(), ["createdAt", "id", "lastUsedAt", "name", "prefix"]);
    assert.ok(!JSON.stringify(list.body).includes(res.body.key));
  });

  test("400 for a missing or empty name; 401 without a session", async () => {
    assertProblem(await t.call("POST", "/api/api-keys", { token: owner.token, body: {} }), 400);
    assertProblem(await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "  " } }), 400);
    assertProblem(await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "x".repeat(101) } }), 400);
    assertProblem(await t.call("POST", "/api/api-keys", { body: { name: "x" } }), 401);
    assertProblem(await t.call("GET", "/api/api-keys"), 401);
  });

  test("a key is refused (401) on every endpoint that is not render or batch", async () => {
    const { key } = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "machine" } })).body as { key: string };
    const template = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "T", content: SMALL_TEMPLATE } });
    const id = template.body.id as string;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/auth/me"],
      ["GET", "/api/auth/session"],
      ["POST", "/api/auth/logout"],
      ["POST", "/api/auth/logout-all"],
      ["POST", "/api/auth/change-password", { currentPassword: "a", newPassword: "bbbbbbbbbb" }],
      ["POST", `/api/auth/switch-workspace/${owner.workspaceId}`],
      ["GET", "/api/templates"],
      ["POST", "/api/templates", { name: "x", content: SMALL_TEMPLATE }],
      ["GET", `/api/templates/${id}`],
      ["PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE }],
      ["DELETE", `/api/templates/${id}`],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys", { name: "x" }],
      ["GET", "/api/usage"],
      ["GET", "/api/usage/daily"],
      ["GET", "/api/workspaces"],
      ["GET", "/api/workspaces/current/members"],
      ["POST", "/api/workspaces/current/invites", { email: "a@b.test", role: "Viewer" }],
      ["GET", "/api/admin/workspaces"],
    ];
    for (const [method, path, body] of routes) {
      const res = await t.call(method, path, { apiKey: key, body });
      assertProblem(res, 401);
      assert.match(res.body.detail, /API keys are accepted only on the render and batch endpoints/, path);
    }
    // Nothing was changed by those attempts.
    assert.equal((await t.call("GET", `/api/templates/${id}`, { token: owner.token })).status, 200);
  });

  test("a key is accepted on the render lane, records lastUsedAt, and stops working when deleted", async () => {
    const created = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "renderer" } })).body as { id: string; key: string };
    // A theme error is answered after authentication, without rendering: proof the key was accepted.
    const accepted = await t.call("POST", "/api/render", { apiKey: created.key, body: { content: SMALL_TEMPLATE, data: {}, theme: { primary: "blue" } } });
    assertProblem(accepted, 400);
    const listed = (await t.call("GET", "/api/api-keys", { token: owner.token })).body.find((k: { id: string }) => k.id === created.id);
    assert.match(listed.lastUsedAt, /^\d{4}-\d\d-\d\dT/);
    assert.equal((await t.call("DELETE", `/api/api-keys/${created.id}`, { token: owner.token })).status, 200);
    assertProblem(await t.call("POST", "/api/render", { apiKey: created.key, body: { content: SMALL_TEMPLATE, data: {} } }), 401);
    assertProblem(await t.call("DELETE", `/api/api-keys/${created.id}`, { token: owner.token }), 404);
    assertProblem(await t.call("POST", "/api/render", { apiKey: "dsk_forged", body: { content: SMALL_TEMPLATE, data: {} } }), 401);
    assertProblem(await t.call("POST", "/api/render", { apiKey: "not-even-a-key", body: { content: SMALL_TEMPLATE, data: {} } }), 401);
  });

  test("Viewers may not list, create or delete keys (403)", async () => {
    const viewer = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: viewer.email, role: "Viewer" } });
    const token = (await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: viewer.token })).body.accessToken as string;
    const key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "k" } })).body as { id: string };
    assertProblem(await t.call("GET", "/api/api-keys", { token }), 403);
    assertProblem(await t.call("POST", "/api/api-keys", { token, body: { name: "mine" } }), 403);
    assertProblem(await t.call("DELETE", `/api/api-keys/${key.id}`, { token }), 403);
  });
});
