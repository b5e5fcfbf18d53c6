// Presence (Beta): heartbeats expire after 30 s on the service clock; GET, POST and DELETE with their errors.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setClock } from "../src/time.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let templateId: string;
let now = Date.parse("2026-11-21T12:00:00.000Z");

before(async () => {
  t = await startTestApp({ renderer: { render: () => Promise.reject(new Error("no")), validate: async () => ({ ok: true }), close: async () => undefined } });
  owner = await t.signup();
  const v = await t.signup();
  const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: v.email, role: "Viewer" } });
  const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: v.token });
  viewer = { ...v, token: accepted.body.accessToken, workspaceId: owner.workspaceId };
  templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "P", content: SMALL_TEMPLATE } })).body.id;
  setClock({ now: () => now });
});
after(async () => {
  setClock(undefined);
  await t.close();
});

const beat = (user: TestUser, body: unknown = { resourceType: "template", resourceId: templateId }) => t.call("POST", "/api/presence", { token: user.token, body });
const viewers = (user: TestUser, id = templateId, type = "template") => t.call("GET", `/api/presence/${type}/${id}`, { token: user.token });

describe("presence", () => {
  test("a heartbeat lists the user with id, email and last seen until 30 s pass; DELETE leaves at once", async () => {
    const res = await beat(owner);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { resourceType: "template", resourceId: templateId, lastSeenAt: new Date(now).toISOString(), expiresAt: new Date(now + 30_000).toISOString() });
    now += 5_000;
    assert.equal((await beat(viewer)).status, 200, "Viewers have presence too");
    const list = await viewers(viewer);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [
      { userId: viewer.userId, email: viewer.email, lastSeenAt: new Date(now).toISOString() },
      { userId: owner.userId, email: owner.email, lastSeenAt: new Date(now - 5_000).toISOString() },
    ]);
    // The owner stops calling: gone once 30 s have passed since their heartbeat, the viewer still there.
    now += 25_001;
    assert.deepEqual((await viewers(owner)).body.map((v: { userId: string }) => v.userId), [viewer.userId]);
    // Heartbeats keep a viewer present.
    await beat(viewer);
    now += 29_000;
    assert.deepEqual((await viewers(owner)).body.map((v: { userId: string }) => v.userId), [viewer.userId]);
    const left = await t.call("DELETE", `/api/presence/template/${templateId}`, { token: viewer.token });
    assert.deepEqual([left.status, left.body], [200, { ok: true }]);
    assert.deepEqual((await viewers(owner)).body, []);
    // Leaving twice is fine.
    assert.equal((await t.call("DELETE", `/api/presence/template/${templateId}`, { token: viewer.token })).status, 200);
  });

  test("400 for a bad body, 401 without a session, 404 for unknown ids, kinds and other workspaces", async () => {
    assertProblem(await beat(owner, { resourceType: "template" }), 400);
    const badId = await beat(owner, { resourceType: "template", resourceId: "nope" });
    assertProblem(badId, 400);
    assert.ok(badId.body.errors.resourceId);
    const badType = await beat(owner, { resourceType: "planet", resourceId: templateId });
    assertProblem(badType, 400);
    assert.ok(badType.body.errors.resourceType);
    assertProblem(await t.call("POST", "/api/presence", { body: { resourceType: "template", resourceId: templateId } }), 401);
    assertProblem(await t.call("GET", `/api/presence/template/${templateId}`), 401);
    assertProblem(await t.call("DELETE", `/api/presence/template/${templateId}`), 401);
    const missing = "01900000-0000-7000-8000-000000000000";
    assertProblem(await beat(owner, { resourceType: "template", resourceId: missing }), 404);
    assertProblem(await viewers(owner, missing), 404);
    assertProblem(await viewers(owner, "not-a-uuid"), 404);
    assertProblem(await viewers(owner, templateId, "planet"), 404);
    assertProblem(await t.call("DELETE", `/api/presence/template/${missing}`, { token: owner.token }), 404);
  });

  test("another workspace's resource is a 404 for every presence endpoint", async () => {
    const stranger = await t.signup();
    assertProblem(await beat(stranger), 404);
    assertProblem(await viewers(stranger), 404);
    assertProblem(await t.call("DELETE", `/api/presence/template/${templateId}`, { token: stranger.token }), 404);
  });
});
