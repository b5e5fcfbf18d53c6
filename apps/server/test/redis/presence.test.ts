// Presence on Redis (REDIS_URL): heartbeats, expiry on the service clock, DELETE, membership checked live,
// and keys that expire on their own under the deployment's prefix.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createLogger } from "../../src/log.js";
import { connectRedis, type RedisHandle } from "../../src/redis/client.js";
import { RedisPresenceStore } from "../../src/redis/presence.js";
import { setClock } from "../../src/time.js";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";

const skip = await redisUnavailable();
if (skip !== undefined) console.warn(`presence.test (Redis): skipped: ${skip}`);
const keys = testPrefix();
let redis: RedisHandle;
let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let templateId: string;
let now = Date.parse("2026-11-23T12:00:00.000Z");

describe("presence on Redis", { skip }, () => {
  before(async () => {
    redis = connectRedis(TEST_REDIS_URL, keys.prefix, createLogger("silent"));
    await redis.ready(3_000);
    t = await startTestApp({ presence: (db) => new RedisPresenceStore(redis, db) });
    owner = await t.signup();
    const e = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: e.email, role: "Editor" } });
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: e.token });
    editor = { ...e, token: accepted.body.accessToken, workspaceId: owner.workspaceId };
    templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "P", content: SMALL_TEMPLATE } })).body.id;
    setClock({ now: () => now });
  });
  after(async () => {
    setClock(undefined);
    await t?.close();
    await redis?.close();
    await keys.cleanup();
  });

  const beat = (user: TestUser) => t.call("POST", "/api/presence", { token: user.token, body: { resourceType: "template", resourceId: templateId } });
  const viewers = async (user: TestUser) => (await t.call("GET", `/api/presence/template/${templateId}`, { token: user.token })).body as unknown as { userId: string; email: string; lastSeenAt: string }[];

  test("heartbeats list viewers most recent first with emails; 30 s later the silent one is gone; DELETE leaves at once", async () => {
    assert.equal((await beat(owner)).status, 200);
    now += 5_000;
    assert.equal((await beat(editor)).status, 200);
    assert.deepEqual(await viewers(owner), [
      { userId: editor.userId, email: editor.email, lastSeenAt: new Date(now).toISOString() },
      { userId: owner.userId, email: owner.email, lastSeenAt: new Date(now - 5_000).toISOString() },
    ]);
    now += 25_001;
    assert.deepEqual((await viewers(owner)).map((v) => v.userId), [editor.userId]);
    assert.equal((await t.call("DELETE", `/api/presence/template/${templateId}`, { token: editor.token })).status, 200);
    assert.deepEqual(await viewers(owner), []);
  });

  test("the set lives under the prefix and expires on its own; a removed member drops out at once", async () => {
    await beat(owner);
    await beat(editor);
    const key = `${keys.prefix}presence:${owner.workspaceId}:template:${templateId}`;
    const ttl = await redis.client.pttl(key);
    assert.ok(ttl > 0 && ttl <= 30_000, `PTTL ${ttl}`);
    assert.equal((await t.call("DELETE", `/api/workspaces/current/members/${editor.userId}`, { token: owner.token })).status, 200);
    assert.deepEqual((await viewers(owner)).map((v) => v.userId), [owner.userId]);
  });
});
