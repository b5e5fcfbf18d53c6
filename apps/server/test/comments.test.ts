// Comments (Beta): threads, @mentions (resolved, mailed once), body limits, delete rules, tenancy.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { setClock } from "../src/time.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let twinA: TestUser;
let twinB: TestUser;
let templateId: string;
let now = Date.parse("2026-11-21T12:00:00.000Z");

async function member(role: "Editor" | "Viewer", email?: string): Promise<TestUser> {
  const u = await t.signup(email);
  const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: u.email, role } });
  const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: u.token });
  assert.equal(accepted.status, 200);
  return { ...u, token: accepted.body.accessToken, workspaceId: owner.workspaceId };
}

before(async () => {
  t = await startTestApp({ renderer: { render: () => Promise.reject(new Error("no")), validate: async () => ({ ok: true }), close: async () => undefined } });
  owner = await t.signup();
  editor = await member("Editor");
  viewer = await member("Viewer");
  const twin = `twin${randomBytes(3).toString("hex")}`;
  twinA = await member("Editor", `${twin}@one.example.test`);
  twinB = await member("Editor", `${twin}@two.example.test`);
  templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Quarterly report", content: SMALL_TEMPLATE } })).body.id;
  // Each comment gets its own millisecond, so thread order is deterministic.
  setClock({ now: () => (now += 1000) });
});
after(async () => {
  setClock(undefined);
  await t.close();
});

const post = (user: TestUser, body: unknown, id = templateId) => t.call("POST", `/api/templates/${id}/comments`, { token: user.token, body });
const list = (user: TestUser, id = templateId) => t.call("GET", `/api/templates/${id}/comments`, { token: user.token });
const remove = (user: TestUser, commentId: string, id = templateId) => t.call("DELETE", `/api/templates/${id}/comments/${commentId}`, { token: user.token });
const name = (u: TestUser) => u.email.split("@")[0];

describe("comments", () => {
  test("create answers the comment with author and resolved mentions; each mentioned member is emailed once", async () => {
    const body = `@${name(editor)} and @${viewer.email}, see this. Also @${name(editor)} again, @nobody, @${name(owner)} (me), mail@${name(editor)}.`;
    const res = await post(owner, { body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual({ ...res.body, id: undefined, createdAt: undefined }, {
      id: undefined,
      templateId,
      parentId: null,
      body,
      author: { userId: owner.userId, email: owner.email },
      mentions: [
        { userId: editor.userId, email: editor.email },
        { userId: viewer.userId, email: viewer.email },
        { userId: owner.userId, email: owner.email },
      ],
      createdAt: undefined,
      deleted: false,
      anchor: null,
      replies: [],
    });
    const mention = (to: string) => (m: { to: readonly string[]; text: string }) => m.to.includes(to) && m.text.includes("mentioned you");
    const toEditor = await t.smtp.waitFor(mention(editor.email));
    assert.match(toEditor.text, /mentioned you in a comment on "Quarterly report"/);
    assert.match(toEditor.text, new RegExp(`/templates/${templateId}#comment-${res.body.id}`));
    await t.smtp.waitFor(mention(viewer.email));
    await t.deps.mailer.drain();
    // One email per mentioned member; none to the author for mentioning themselves.
    const sent = t.smtp.messages.filter((m) => m.text.includes("mentioned you")).map((m) => m.to.join());
    assert.deepEqual(sent.sort(), [editor.email, viewer.email].sort());
  });

  test("a name shared by two members mentions nobody; their full emails do", async () => {
    const ambiguous = await post(editor, { body: `@${name(twinA)} hello` });
    assert.deepEqual(ambiguous.body.mentions, []);
    const exact = await post(editor, { body: `@${twinA.email} @${twinB.email.toUpperCase()}` });
    assert.deepEqual(exact.body.mentions.map((m: { userId: string }) => m.userId), [twinA.userId, twinB.userId]);
  });

  test("replies nest under their parent; deleting a parent keeps its replies under a deleted comment", async () => {
    const other = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Threads", content: SMALL_TEMPLATE } });
    const id = other.body.id as string;
    const root = (await post(editor, { body: "root" }, id)).body;
    const reply = (await post(viewer, { body: "reply", parentId: root.id }, id)).body;
    const nested = (await post(owner, { body: "nested", parentId: reply.id }, id)).body;
    const second = (await post(owner, { body: "second thread" }, id)).body;
    assert.equal(reply.parentId, root.id);
    let threads = (await list(viewer, id)).body;
    assert.deepEqual(threads.map((c: { id: string }) => c.id), [root.id, second.id]);
    assert.deepEqual(threads[0].replies.map((c: { id: string }) => c.id), [reply.id]);
    assert.deepEqual(threads[0].replies[0].replies.map((c: { id: string }) => c.id), [nested.id]);

    assert.equal((await remove(editor, root.id, id)).status, 200);
    threads = (await list(viewer, id)).body;
    assert.deepEqual({ ...threads[0], replies: undefined }, { id: root.id, templateId: id, parentId: null, body: null, author: null, mentions: [], createdAt: root.createdAt, deleted: true, anchor: null, replies: undefined });
    assert.equal(threads[0].replies[0].body, "reply");
    // A reply to a deleted comment is refused; deleting it twice is a 404.
    assertProblem(await post(owner, { body: "late", parentId: root.id }, id), 400);
    assertProblem(await remove(owner, root.id, id), 404);
    // Once its last reply is gone, the deleted comment disappears too.
    assert.equal((await remove(owner, nested.id, id)).status, 200);
    assert.equal((await remove(viewer, reply.id, id)).status, 200);
    assert.deepEqual((await list(owner, id)).body.map((c: { id: string }) => c.id), [second.id]);
  });

  test("delete: the author or an Owner; anyone else 403", async () => {
    const mine = (await post(viewer, { body: "viewer's" })).body;
    const theirs = (await post(editor, { body: "editor's" })).body;
    assertProblem(await remove(editor, mine.id), 403);
    assertProblem(await remove(viewer, theirs.id), 403);
    assert.equal((await remove(viewer, mine.id)).status, 200);
    assert.equal((await remove(owner, theirs.id)).status, 200);
    const ids = (await list(owner)).body.map((c: { id: string }) => c.id);
    assert.ok(!ids.includes(mine.id) && !ids.includes(theirs.id));
  });

  test("400 for bodies outside 1–10,000 characters or a bad parentId; 401 without a session", async () => {
    assertProblem(await post(owner, {}), 400);
    const empty = await post(owner, { body: "   " });
    assertProblem(empty, 400);
    assert.ok(empty.body.errors.body);
    assertProblem(await post(owner, { body: "x".repeat(10_001) }), 400);
    // Characters, not UTF-16 units: 10,000 emoji are fine.
    assert.equal((await post(owner, { body: "😀".repeat(10_000) })).status, 200);
    assertProblem(await post(owner, { body: "hi", parentId: "nope" }), 400);
    assertProblem(await post(owner, { body: "hi", parentId: "01900000-0000-7000-8000-000000000000" }), 400);
    assertProblem(await t.call("GET", `/api/templates/${templateId}/comments`), 401);
    assertProblem(await t.call("POST", `/api/templates/${templateId}/comments`, { body: { body: "x" } }), 401);
    assertProblem(await t.call("DELETE", `/api/templates/${templateId}/comments/01900000-0000-7000-8000-000000000000`), 401);
  });

  test("a comment can be pinned to an element or a band; the anchor is stored and listed, replies take none", async () => {
    const id = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Pins", content: SMALL_TEMPLATE } })).body.id;
    const onElement = await post(viewer, { body: "too close to the edge", anchor: { kind: "element", id: "title" } }, id);
    assert.equal(onElement.status, 200, JSON.stringify(onElement.body));
    assert.deepEqual(onElement.body.anchor, { kind: "element", id: "title" });
    const onBand = (await post(editor, { body: "band too tall", anchor: { kind: "band", id: "b1" } }, id)).body;
    const whole = (await post(editor, { body: "overall fine", anchor: null }, id)).body;
    const listed = (await list(owner, id)).body as unknown as { id: string; anchor: unknown }[];
    assert.deepEqual(listed.map((c) => [c.id, c.anchor]), [
      [onElement.body.id, { kind: "element", id: "title" }],
      [onBand.id, { kind: "band", id: "b1" }],
      [whole.id, null],
    ]);
    const reply = await post(owner, { body: "agreed", parentId: onBand.id, anchor: { kind: "band", id: "b1" } }, id);
    assertProblem(reply, 400);
    assert.ok(reply.body.errors.anchor);
    for (const anchor of [{ kind: "page", id: "x" }, { kind: "element", id: "" }, { kind: "element", id: "x".repeat(201) }, { kind: "element" }, "title"]) {
      const bad = await post(owner, { body: "x", anchor }, id);
      assertProblem(bad, 400);
      assert.ok(bad.body.errors.anchor ?? Object.keys(bad.body.errors).some((k: string) => k.startsWith("anchor")), JSON.stringify(bad.body.errors));
    }
  });

  test("unknown ids and another workspace's template or comment are 404", async () => {
    const missing = "01900000-0000-7000-8000-000000000000";
    assertProblem(await list(owner, missing), 404);
    assertProblem(await post(owner, { body: "x" }, missing), 404);
    assertProblem(await remove(owner, missing), 404);
    assertProblem(await remove(owner, "not-a-uuid"), 404);
    const stranger = await t.signup();
    const c = (await post(owner, { body: "private" })).body;
    assertProblem(await list(stranger), 404);
    assertProblem(await post(stranger, { body: "x" }), 404);
    assertProblem(await remove(stranger, c.id), 404);
    // A comment id used under another template of the same workspace is not found there either.
    const elsewhere = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "E", content: SMALL_TEMPLATE } })).body.id;
    assertProblem(await remove(owner, c.id, elsewhere), 404);
  });
});
