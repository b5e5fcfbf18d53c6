import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import { DAY, HOUR, MINUTE, setClock } from "../src/time.js";
import { MAX_VERSIONS, versionsToDelete, type RetainedVersion } from "../src/services/version-retention.js";
import { recordSave, sweepVersions } from "../src/services/versions.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let now = Date.parse("2026-06-01T12:00:00.000Z");
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  setClock({ now: () => now });
});
after(async () => {
  setClock(undefined);
  await t.close();
});
afterEach(() => {
  now += 400 * DAY;
});

const content = (i: number | string): string => SMALL_TEMPLATE.replace("Hello", `Hello ${i}`);

async function createTemplate(user = owner): Promise<string> {
  const res = await t.call("POST", "/api/templates", { token: user.token, body: { name: "V", content: content("start") } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id as string;
}

async function save(id: string, body: string, extra: Record<string, unknown> = {}, user = owner): Promise<void> {
  const res = await t.call("PUT", `/api/templates/${id}`, { token: user.token, body: { content: body, ...extra } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

async function versions(id: string, query = ""): Promise<Array<{ id: string; number: number; kind: string; label: string | null; createdAt: string }>> {
  const res = await t.call("GET", `/api/templates/${id}/versions${query}`, { token: owner.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as never;
}

describe("template versions", () => {
  test("create records version 1; each save a new numbered version, newest first; the single read has content", async () => {
    const id = await createTemplate();
    now += 3 * MINUTE;
    await save(id, content(1));
    now += 3 * MINUTE;
    await save(id, content(2));
    const list = await versions(id);
    assert.deepEqual(list.map((v) => [v.number, v.kind]), [[3, "auto"], [2, "auto"], [1, "auto"]]);
    assert.equal("content" in list[0]!, false);
    const one = await t.call("GET", `/api/templates/${id}/versions/${list[1]!.id}`, { token: owner.token });
    assert.equal(one.status, 200);
    assert.equal(one.body.content, content(1));
    assert.deepEqual((await versions(id, "?limit=1")).map((v) => v.number), [3]);
    assert.deepEqual((await versions(id, "?before=3&limit=5")).map((v) => v.number), [2, 1]);
    assertProblem(await t.call("GET", `/api/templates/${id}/versions?limit=0`, { token: owner.token }), 400);
    assertProblem(await t.call("GET", `/api/templates/${id}/versions?limit=abc`, { token: owner.token }), 400);
  });

  test("identical content is skipped", async () => {
    const id = await createTemplate();
    now += 10 * MINUTE;
    await save(id, content("start"));
    await save(id, content("start"), { name: "renamed" });
    assert.equal((await versions(id)).length, 1);
  });

  test("saves by the same author within 2 minutes coalesce into the latest auto version; later ones do not", async () => {
    const id = await createTemplate();
    now += 30_000;
    await save(id, content("a"));
    now += 60_000;
    await save(id, content("b"));
    let list = await versions(id);
    assert.equal(list.length, 1);
    const latest = await t.call("GET", `/api/templates/${id}/versions/${list[0]!.id}`, { token: owner.token });
    assert.equal(latest.body.content, content("b"));
    now += 31_000; // 2 min 1 s after the version's first save
    await save(id, content("c"));
    list = await versions(id);
    assert.equal(list.length, 2);
    // Another author within the window gets a version of their own.
    now += 10_000;
    await recordSave(t.deps.db, { templateId: id, workspaceId: owner.workspaceId, content: content("d"), authorId: "someone-else", kind: "auto" });
    assert.equal((await versions(id)).length, 3);
  });

  test("versionKind restore records a restore version even inside the coalescing window", async () => {
    const id = await createTemplate();
    now += 10_000;
    await save(id, content("x"), { versionKind: "restore" });
    const list = await versions(id);
    assert.deepEqual(list.map((v) => v.kind), ["restore", "auto"]);
  });

  test("POST names the current state, PATCH renames; Viewers read but may not write; other workspaces 404", async () => {
    const id = await createTemplate();
    const named = await t.call("POST", `/api/templates/${id}/versions`, { token: owner.token, body: { label: "First draft" } });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.equal(named.body.kind, "manual");
    assert.equal(named.body.label, "First draft");
    assert.equal(named.body.number, 1, "the auto version holding this content became the manual one");
    assert.equal(named.body.content, content("start"));
    now += 5 * MINUTE;
    await save(id, content("y"));
    const second = await t.call("POST", `/api/templates/${id}/versions`, { token: owner.token, body: { label: null } });
    assert.equal(second.body.number, 2);
    const renamed = await t.call("PATCH", `/api/templates/${id}/versions/${second.body.id}`, { token: owner.token, body: { label: "Final" } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.label, "Final");
    assert.equal((await versions(id))[0]!.label, "Final");

    const other = await t.signup();
    assertProblem(await t.call("GET", `/api/templates/${id}/versions`, { token: other.token }), 404);
    assertProblem(await t.call("GET", `/api/templates/${id}/versions/${second.body.id}`, { token: other.token }), 404);
    assertProblem(await t.call("PATCH", `/api/templates/${id}/versions/${second.body.id}`, { token: other.token, body: { label: "x" } }), 404);

    const viewer = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: viewer.email, role: "Viewer" } });
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: viewer.token });
    const viewerToken = accepted.body.accessToken as string;
    assert.equal((await t.call("GET", `/api/templates/${id}/versions`, { token: viewerToken })).status, 200);
    assertProblem(await t.call("POST", `/api/templates/${id}/versions`, { token: viewerToken, body: { label: "no" } }), 403);
    assertProblem(await t.call("PATCH", `/api/templates/${id}/versions/${second.body.id}`, { token: viewerToken, body: { label: "no" } }), 403);
  });

  test("after 24 hours auto versions thin to one per hour, after 30 days to one per day; manual and restore are kept", async () => {
    const start = Math.ceil(now / DAY) * DAY + 10 * DAY; // a UTC midnight, 10+ days after the creation
    const id = await createTemplate();
    // Day 0: four auto saves in hour 0 (3 minutes apart), one named, one restore, two in hour 1.
    const at = async (ms: number, i: string, extra: Record<string, unknown> = {}) => {
      now = start + ms;
      await save(id, content(i), extra);
    };
    await at(0, "h0a");
    await at(3 * MINUTE, "h0b");
    await at(6 * MINUTE, "h0c", { versionKind: "manual" });
    await at(9 * MINUTE, "h0d");
    await at(12 * MINUTE, "h0e", { versionKind: "restore" });
    await at(HOUR + MINUTE, "h1a");
    await at(HOUR + 5 * MINUTE, "h1b");
    const numbers = async () => (await versions(id, "?limit=200")).map((v) => v.number);
    // 1 = creation (days earlier, alone in its bucket); 2–6 in hour 0 (4 manual, 6 restore); 7–8 in hour 1.
    assert.deepEqual(await numbers(), [8, 7, 6, 5, 4, 3, 2, 1]);
    // Day 1, hour 2: two more. Saving thins on the way: hours 0 and 1 of day 0 are now past 24 h, so each
    // keeps its newest auto version (5 and 8) besides the manual and restore ones.
    await at(DAY + 2 * HOUR, "d1a");
    await at(DAY + 2 * HOUR + 10 * MINUTE, "d1b");
    assert.deepEqual(await numbers(), [10, 9, 8, 6, 5, 4, 1]);
    const kinds = (await versions(id)).map((v) => v.kind);
    assert.deepEqual(kinds, ["auto", "auto", "auto", "restore", "auto", "manual", "auto"]);

    // The periodic sweep (no save): a day later, 9 and 10 share an hour past 24 h.
    now = start + 2 * DAY + 3 * HOUR;
    assert.ok((await sweepVersions(t.deps.db, now)) >= 1); // other tests' templates may thin too
    assert.deepEqual(await numbers(), [10, 8, 6, 5, 4, 1]);

    // Past 30 days one save thins on its own: day 0's auto versions (5, 8) keep one per day (8).
    now = start + 32 * DAY;
    await save(id, content("late"));
    assert.deepEqual(await numbers(), [11, 10, 8, 6, 4, 1]);
  });

  test("at most 200 versions: the oldest auto versions go first, then named ones; the newest is kept", () => {
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    const mk = (n: number, kind: RetainedVersion["kind"]): RetainedVersion => ({ id: `v${n}`, number: n, kind, created_at: new Date(base + n * MINUTE).toISOString() });
    const list = Array.from({ length: 230 }, (_, i) => mk(i + 1, i % 2 === 0 ? "manual" : "auto"));
    const doomed = versionsToDelete(list, base + 300 * MINUTE);
    assert.equal(doomed.length, 30);
    assert.ok(doomed.every((id) => Number(id.slice(1)) % 2 === 0), "only auto versions removed");
    assert.deepEqual(doomed.slice(0, 3), ["v2", "v4", "v6"]);
    const named = Array.from({ length: MAX_VERSIONS + 5 }, (_, i) => mk(i + 1, "manual"));
    assert.deepEqual(versionsToDelete(named, base), ["v1", "v2", "v3", "v4", "v5"]);
  });

  test("the cap applies through saves too", async () => {
    const id = await createTemplate();
    for (let i = 0; i < MAX_VERSIONS + 3; i++) {
      now += 3 * MINUTE;
      await recordSave(t.deps.db, { templateId: id, workspaceId: owner.workspaceId, content: content(`cap${i}`), authorId: owner.userId, kind: "auto" });
    }
    const list = await versions(id, "?limit=200");
    assert.equal(list.length, MAX_VERSIONS);
    assert.equal(list[0]!.number, MAX_VERSIONS + 4);
    assert.equal((await versions(id, `?before=${list[MAX_VERSIONS - 1]!.number}`)).length, 0);
  });
});
