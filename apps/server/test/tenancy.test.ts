// The tenancy matrix: a second workspace gets 404 on every id-bearing route of the first, in both lanes,
// and nothing of the first changes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp } from "./helpers/harness.js";

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test("another workspace's ids answer 404 everywhere, whatever the lane", async () => {
  const a = await t.signup();
  const aMember = await t.signup();
  const invite = await t.call("POST", "/api/workspaces/current/invites", { token: a.token, body: { email: aMember.email, role: "Editor" } });
  assert.equal((await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: aMember.token })).status, 200);
  const template = (await t.call("POST", "/api/templates", { token: a.token, body: { name: "A's", content: SMALL_TEMPLATE } })).body as { id: string; updatedAt: string };
  const aKey = (await t.call("POST", "/api/api-keys", { token: a.token, body: { name: "A key" } })).body as { id: string };

  const b = await t.signup();
  const bKey = (await t.call("POST", "/api/api-keys", { token: b.token, body: { name: "B key" } })).body as { key: string };

  const sessionCalls: [string, string, unknown?][] = [
    ["GET", `/api/templates/${template.id}`],
    ["PUT", `/api/templates/${template.id}`, { content: SMALL_TEMPLATE, name: "hijacked" }],
    ["PUT", `/api/templates/${template.id}`, { content: SMALL_TEMPLATE, expectedUpdatedAt: template.updatedAt }],
    ["DELETE", `/api/templates/${template.id}`],
    ["POST", `/api/templates/${template.id}/render`, { data: {} }],
    ["POST", "/api/render", { content: SMALL_TEMPLATE, data: {}, baseTemplateId: template.id }],
    ["DELETE", `/api/api-keys/${aKey.id}`],
    ["DELETE", `/api/workspaces/current/members/${aMember.userId}`],
    ["PATCH", `/api/workspaces/current/members/${aMember.userId}`, { role: "Viewer" }],
    ["POST", `/api/auth/switch-workspace/${a.workspaceId}`],
  ];
  for (const [method, path, body] of sessionCalls) {
    const res = await t.call(method, path, { token: b.token, body });
    assertProblem(res, 404);
  }
  for (const [method, path, body] of [
    ["POST", `/api/templates/${template.id}/render`, { data: {} }],
    ["POST", "/api/render", { content: SMALL_TEMPLATE, data: {}, baseTemplateId: template.id }],
  ] as const) {
    assertProblem(await t.call(method, path, { apiKey: bKey.key, body }), 404);
  }

  // Untouched.
  const still = await t.call("GET", `/api/templates/${template.id}`, { token: a.token });
  assert.equal(still.status, 200);
  assert.equal(still.body.name, "A's");
  assert.equal(still.body.updatedAt, template.updatedAt);
  assert.equal((await t.call("GET", "/api/api-keys", { token: a.token })).body.length, 1);
  const members = await t.call("GET", "/api/workspaces/current/members", { token: a.token });
  assert.deepEqual(members.body.map((m: { role: string }) => m.role), ["Owner", "Editor"]);
  // And B's lists show nothing of A's.
  assert.deepEqual((await t.call("GET", "/api/templates", { token: b.token })).body, []);
  assert.equal((await t.call("GET", "/api/workspaces/current/members", { token: b.token })).body.length, 1);
  assert.deepEqual((await t.call("GET", "/api/workspaces", { token: b.token })).body.map((w: { id: string }) => w.id), [b.workspaceId]);
});
