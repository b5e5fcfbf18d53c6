import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { fixtureText, SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
});
after(() => t.close());

async function create(name: string, content = SMALL_TEMPLATE, token = owner.token) {
  const res = await t.call("POST", "/api/templates", { token, body: { name, content } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { id: string; name: string; content: string; editorMode: string; createdAt: string; updatedAt: string };
}

describe("templates", () => {
  test("create answers the template with a UUIDv7 id, editorMode and timestamps; get returns it", async () => {
    const invoice = await fixtureText("invoice.template.json");
    const created = await create("Invoice", invoice);
    assert.match(created.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(created.name, "Invoice");
    assert.equal(created.content, invoice);
    assert.equal(created.editorMode, "report");
    assert.match(created.updatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await t.call("GET", `/api/templates/${created.id}`, { token: owner.token });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, created);
    assertProblem(await t.call("GET", "/api/templates/01900000-0000-7000-8000-000000000000", { token: owner.token }), 404);
    assertProblem(await t.call("GET", "/api/templates/not-a-uuid", { token: owner.token }), 404);
  });

  test("editorMode null means report; an unknown mode is 400", async () => {
    const res = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "N", content: SMALL_TEMPLATE, editorMode: null } });
    assert.equal(res.body.editorMode, "report");
    const bad = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "N", content: SMALL_TEMPLATE, editorMode: "wysiwyg" } });
    assertProblem(bad, 400);
    assert.ok(bad.body.errors.editorMode);
  });

  test("list filters by name (case-insensitive substring) and leaves content out", async () => {
    const user = await t.signup();
    await create("Quarterly Report", SMALL_TEMPLATE, user.token);
    await create("Invoice 100%", SMALL_TEMPLATE, user.token);
    await create("Packing slip", SMALL_TEMPLATE, user.token);
    const all = await t.call("GET", "/api/templates", { token: user.token });
    assert.equal(all.status, 200);
    assert.equal(all.body.length, 3);
    assert.deepEqual(Object.keys(all.body[0]).sort(), ["createdAt", "editorMode", "id", "name", "updatedAt"]);
    const filtered = await t.call("GET", "/api/templates?name=REPORT", { token: user.token });
    assert.deepEqual(filtered.body.map((x: { name: string }) => x.name), ["Quarterly Report"]);
    const percent = await t.call("GET", `/api/templates?name=${encodeURIComponent("%")}`, { token: user.token });
    assert.deepEqual(percent.body.map((x: { name: string }) => x.name), ["Invoice 100%"]);
    assert.deepEqual((await t.call("GET", "/api/templates?name=nothing", { token: user.token })).body, []);
  });

  test("content is validated by the layout model: 400 with errors keyed by document path, nothing stored", async () => {
    const user = await t.signup();
    const doc = JSON.parse(SMALL_TEMPLATE) as { bands: { elements: { width: unknown }[] }[] };
    doc.bands[0]!.elements[0]!.width = "wide";
    const res = await t.call("POST", "/api/templates", { token: user.token, body: { name: "Broken", content: JSON.stringify(doc) } });
    assertProblem(res, 400);
    assert.ok(res.body.errors["bands[0].elements[0].width"], JSON.stringify(res.body.errors));
    const notJson = await t.call("POST", "/api/templates", { token: user.token, body: { name: "Broken", content: "{nope" } });
    assertProblem(notJson, 400);
    assert.ok(notJson.body.errors["$"]);
    const oldVersion = await t.call("POST", "/api/templates", { token: user.token, body: { name: "Old", content: JSON.stringify({ ...doc, version: 3 }) } });
    assertProblem(oldVersion, 400);
    assert.ok(oldVersion.body.errors.version);
    assert.deepEqual((await t.call("GET", "/api/templates", { token: user.token })).body, []);
    const missing = await t.call("POST", "/api/templates", { token: user.token, body: { content: SMALL_TEMPLATE } });
    assertProblem(missing, 400);
    assert.deepEqual(missing.body.errors, { name: ["name is required."] });
    assertProblem(await t.call("POST", "/api/templates", { token: user.token, body: { name: "x" } }), 400);
    assertProblem(await t.call("POST", "/api/templates", { token: user.token, body: { name: "   ", content: SMALL_TEMPLATE } }), 400);
    assertProblem(await t.call("POST", "/api/templates", { token: user.token, body: { name: "x", content: { version: 4 } } }), 400);
  });

  test("update replaces content and name and moves updatedAt forward; bad content is 400 and changes nothing", async () => {
    const created = await create("Before");
    const doc = JSON.parse(SMALL_TEMPLATE) as { brand?: unknown };
    doc.brand = { primary: "#112233" };
    const res = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: JSON.stringify(doc), name: "After" } });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, "After");
    assert.equal(res.body.content, JSON.stringify(doc));
    assert.ok(res.body.updatedAt > created.updatedAt);
    assert.equal(res.body.createdAt, created.createdAt);
    const bad = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: "[]" } });
    assertProblem(bad, 400);
    const now = await t.call("GET", `/api/templates/${created.id}`, { token: owner.token });
    assert.deepEqual(now.body, res.body);
    assertProblem(await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { name: "No content" } }), 400);
    assertProblem(await t.call("PUT", "/api/templates/01900000-0000-7000-8000-000000000000", { token: owner.token, body: { content: SMALL_TEMPLATE } }), 404);
  });

  test("expectedUpdatedAt: the same instant (any spelling) saves; a stale one is 409 and does not overwrite", async () => {
    const created = await create("Concurrent");
    const sameInstant = created.updatedAt.replace("Z", "+00:00");
    const first = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE, name: "Mine", expectedUpdatedAt: sameInstant } });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const stale = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE, name: "Theirs", expectedUpdatedAt: created.updatedAt } });
    assertProblem(stale, 409);
    assert.equal((await t.call("GET", `/api/templates/${created.id}`, { token: owner.token })).body.name, "Mine");
    const fresh = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE, name: "Theirs", expectedUpdatedAt: first.body.updatedAt } });
    assert.equal(fresh.status, 200);
    const badStamp = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE, expectedUpdatedAt: "yesterday" } });
    assertProblem(badStamp, 400);
    assert.ok(badStamp.body.errors.expectedUpdatedAt);
  });

  test("concurrent saves with the same expectedUpdatedAt: exactly one wins, the rest are 409", async () => {
    const created = await create("Race");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE, name: `writer ${i}`, expectedUpdatedAt: created.updatedAt } }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    assert.equal((await t.call("GET", `/api/templates/${created.id}`, { token: owner.token })).body.name, winner.body.name);
  });

  test("two saves in a row always get distinct updatedAt values", async () => {
    const created = await create("Rapid");
    const stamps = new Set<string>([created.updatedAt]);
    for (let i = 0; i < 5; i++) {
      const res = await t.call("PUT", `/api/templates/${created.id}`, { token: owner.token, body: { content: SMALL_TEMPLATE } });
      stamps.add(res.body.updatedAt as string);
    }
    assert.equal(stamps.size, 6);
  });

  test("delete removes it; deleting again is 404", async () => {
    const created = await create("Doomed");
    const res = await t.call("DELETE", `/api/templates/${created.id}`, { token: owner.token });
    assert.equal(res.status, 200);
    assertProblem(await t.call("GET", `/api/templates/${created.id}`, { token: owner.token }), 404);
    assertProblem(await t.call("DELETE", `/api/templates/${created.id}`, { token: owner.token }), 404);
  });

  test("Viewers read but may not create, update or delete (403); no token is 401", async () => {
    const created = await create("Shared");
    const viewer = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: viewer.email, role: "Viewer" } });
    const token = (await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: viewer.token })).body.accessToken as string;
    assert.equal((await t.call("GET", "/api/templates", { token })).status, 200);
    assert.equal((await t.call("GET", `/api/templates/${created.id}`, { token })).status, 200);
    assertProblem(await t.call("POST", "/api/templates", { token, body: { name: "x", content: SMALL_TEMPLATE } }), 403);
    assertProblem(await t.call("PUT", `/api/templates/${created.id}`, { token, body: { content: SMALL_TEMPLATE } }), 403);
    assertProblem(await t.call("DELETE", `/api/templates/${created.id}`, { token }), 403);
    for (const [method, path] of [["GET", "/api/templates"], ["POST", "/api/templates"], ["GET", `/api/templates/${created.id}`], ["PUT", `/api/templates/${created.id}`], ["DELETE", `/api/templates/${created.id}`]] as const) {
      assertProblem(await t.call(method, path, { body: method === "POST" || method === "PUT" ? { name: "x", content: SMALL_TEMPLATE } : undefined }), 401);
    }
  });
});
