import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, uniqueEmail, type TestApp, type TestUser } from "./helpers/harness.js";
import { tokenFrom } from "./helpers/smtp.js";

let t: TestApp;
const ADMIN = uniqueEmail("admin");
before(async () => {
  t = await startTestApp({ config: { adminEmails: new Set([ADMIN]) } });
});
after(() => t.close());

/** Invites `email` into `owner`'s workspace with `role`; the invitee (signed up) accepts. Returns the invitee's token there. */
async function join(owner: TestUser, invitee: TestUser, role: string): Promise<string> {
  const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: invitee.email, role } });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: invitee.token });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return accepted.body.accessToken as string;
}

describe("workspaces and members", () => {
  test("list shows the user's workspaces with role and plan; members lists userId, email, role, joinedAt", async () => {
    const owner = await t.signup();
    const list = await t.call("GET", "/api/workspaces", { token: owner.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [{ id: owner.workspaceId, name: list.body[0].name, role: "Owner", plan: "unlimited" }]);
    const members = await t.call("GET", "/api/workspaces/current/members", { token: owner.token });
    assert.equal(members.status, 200);
    assert.equal(members.body.length, 1);
    assert.deepEqual(Object.keys(members.body[0]).sort(), ["email", "joinedAt", "role", "userId"]);
    assert.equal(members.body[0].userId, owner.userId);
    assertProblem(await t.call("GET", "/api/workspaces"), 401);
    assertProblem(await t.call("GET", "/api/workspaces/current/members"), 401);
  });

  test("invite: emailed and answered with its link; preview is public; accept needs the matching email", async () => {
    const owner = await t.signup();
    const inviteeEmail = uniqueEmail("invitee");
    const res = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: inviteeEmail, role: "EDITOR" } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ["email", "expiresAt", "id", "role", "token", "url"]);
    assert.equal(res.body.role, "Editor");
    assert.equal(res.body.url, `http://localhost:8080/invites/${encodeURIComponent(res.body.token)}`);
    const mail = await t.smtp.waitFor((m) => m.to.includes(inviteeEmail));
    assert.equal(tokenFrom(mail, "invites"), res.body.token);

    const preview = await t.call("GET", `/api/invites/${res.body.token}`);
    assert.equal(preview.status, 200);
    assert.equal(preview.body.role, "Editor");
    assert.equal(preview.body.inviterEmail, owner.email);
    assert.equal(preview.body.redeemable, true);
    assert.equal(typeof preview.body.workspaceName, "string");
    assertProblem(await t.call("GET", "/api/invites/unknown-token"), 404);

    const stranger = await t.signup();
    const wrong = await t.call("POST", `/api/invites/${res.body.token}/accept`, { token: stranger.token });
    assertProblem(wrong, 403);
    assert.match(wrong.body.detail, /different email/);
    assertProblem(await t.call("POST", `/api/invites/${res.body.token}/accept`), 401);

    const invitee = await t.signup(inviteeEmail);
    const accepted = await t.call("POST", `/api/invites/${res.body.token}/accept`, { token: invitee.token });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.workspace.id, owner.workspaceId);
    assert.equal(accepted.body.role, "Editor");
    assert.equal((await t.call("GET", `/api/invites/${res.body.token}`)).body.redeemable, false);
    assertProblem(await t.call("POST", `/api/invites/${res.body.token}/accept`, { token: invitee.token }), 400);
    assertProblem(await t.call("POST", "/api/invites/unknown-token/accept", { token: invitee.token }), 404);

    const members = await t.call("GET", "/api/workspaces/current/members", { token: owner.token });
    assert.deepEqual(members.body.map((m: { email: string; role: string }) => [m.email, m.role]), [[owner.email, "Owner"], [inviteeEmail, "Editor"]]);
    const list = await t.call("GET", "/api/workspaces", { token: accepted.body.accessToken });
    assert.equal(list.body.length, 2);
  });

  test("invite validation: bad email or role is 400; inviting a member is 400", async () => {
    const owner = await t.signup();
    assertProblem(await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: "nope", role: "Editor" } }), 400);
    const badRole = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: uniqueEmail(), role: "King" } });
    assertProblem(badRole, 400);
    assert.deepEqual(badRole.body.errors, { role: ["role must be one of Owner, Editor, Viewer."] });
    assertProblem(await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: owner.email, role: "Editor" } }), 400);
  });

  test("Editors and Viewers may not invite, remove or change roles (403); everyone may list members", async () => {
    const owner = await t.signup();
    const editor = await t.signup();
    const viewer = await t.signup();
    const editorToken = await join(owner, editor, "Editor");
    const viewerToken = await join(owner, viewer, "viewer");
    for (const token of [editorToken, viewerToken]) {
      assertProblem(await t.call("POST", "/api/workspaces/current/invites", { token, body: { email: uniqueEmail(), role: "Viewer" } }), 403);
      assertProblem(await t.call("DELETE", `/api/workspaces/current/members/${owner.userId}`, { token }), 403);
      assertProblem(await t.call("PATCH", `/api/workspaces/current/members/${owner.userId}`, { token, body: { role: "Viewer" } }), 403);
      assert.equal((await t.call("GET", "/api/workspaces/current/members", { token })).status, 200);
    }
  });

  test("roles change and members leave; the last Owner can be neither demoted nor removed", async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const otherToken = await join(owner, other, "Viewer");

    assertProblem(await t.call("PATCH", `/api/workspaces/current/members/${owner.userId}`, { token: owner.token, body: { role: "Editor" } }), 400);
    assertProblem(await t.call("DELETE", `/api/workspaces/current/members/${owner.userId}`, { token: owner.token }), 400);
    assertProblem(await t.call("PATCH", `/api/workspaces/current/members/${other.userId}`, { token: owner.token, body: { role: "Boss" } }), 400);
    assertProblem(await t.call("PATCH", `/api/workspaces/current/members/${other.userId}`, { token: owner.token, body: {} }), 400);

    const promoted = await t.call("PATCH", `/api/workspaces/current/members/${other.userId}`, { token: owner.token, body: { role: "owner" } });
    assert.equal(promoted.status, 200);
    assert.equal(promoted.body.role, "Owner");
    // The role is read live: the other member's existing token now acts as Owner.
    assert.equal((await t.call("GET", "/api/auth/me", { token: otherToken })).body.role, "Owner");
    // Two Owners: one may step down.
    const demoted = await t.call("PATCH", `/api/workspaces/current/members/${owner.userId}`, { token: otherToken, body: { role: "Editor" } });
    assert.equal(demoted.status, 200);
    assertProblem(await t.call("DELETE", `/api/workspaces/current/members/${other.userId}`, { token: otherToken }), 400);

    const removed = await t.call("DELETE", `/api/workspaces/current/members/${owner.userId}`, { token: otherToken });
    assert.equal(removed.status, 200);
    // The removed member's token for that workspace stops working at once.
    assertProblem(await t.call("GET", "/api/auth/me", { token: owner.token }), 401);
    assertProblem(await t.call("DELETE", `/api/workspaces/current/members/${owner.userId}`, { token: otherToken }), 404);
    assertProblem(await t.call("PATCH", `/api/workspaces/current/members/${owner.userId}`, { token: otherToken, body: { role: "Viewer" } }), 404);
  });
});

describe("admin", () => {
  test("only a verified ADMIN_EMAILS address may list workspaces and set plans", async () => {
    const admin = await t.signup(ADMIN);
    const someone = await t.signup();
    // Unverified: not yet an administrator (anyone could have signed up with the address first).
    assertProblem(await t.call("GET", "/api/admin/workspaces", { token: admin.token }), 403);
    const token = tokenFrom(await t.smtp.waitFor((m) => m.to.includes(ADMIN)), "verify-email");
    assert.equal((await t.call("POST", "/api/auth/verify-email", { body: { token } })).status, 200);
    assert.equal((await t.call("GET", "/api/auth/me", { token: admin.token })).body.isAdmin, true);

    const all = await t.call("GET", "/api/admin/workspaces", { token: admin.token });
    assert.equal(all.status, 200);
    assert.ok(all.body.length >= 2);
    const found = await t.call("GET", `/api/admin/workspaces?search=${encodeURIComponent(someone.email)}`, { token: admin.token });
    assert.deepEqual(found.body.map((w: { id: string }) => w.id), [someone.workspaceId]);
    assert.deepEqual(Object.keys(found.body[0]).sort(), ["createdAt", "id", "memberCount", "name", "plan"]);

    const set = await t.call("POST", `/api/admin/workspaces/${someone.workspaceId}/plan`, { token: admin.token, body: { plan: "pro" } });
    assert.equal(set.status, 200);
    assert.equal(set.body.plan, "pro");
    assert.equal((await t.call("GET", "/api/usage", { token: someone.token })).body.plan, "pro");
    assert.equal((await t.call("GET", "/api/workspaces", { token: someone.token })).body[0].plan, "pro");
    assertProblem(await t.call("POST", `/api/admin/workspaces/${someone.workspaceId}/plan`, { token: admin.token, body: { plan: "platinum" } }), 400);
    assertProblem(await t.call("POST", "/api/admin/workspaces/01900000-0000-7000-8000-000000000000/plan", { token: admin.token, body: { plan: "pro" } }), 404);

    assertProblem(await t.call("GET", "/api/admin/workspaces", { token: someone.token }), 403);
    assertProblem(await t.call("POST", `/api/admin/workspaces/${someone.workspaceId}/plan`, { token: someone.token, body: { plan: "enterprise" } }), 403);
    assertProblem(await t.call("GET", "/api/admin/workspaces"), 401);
  });
});
