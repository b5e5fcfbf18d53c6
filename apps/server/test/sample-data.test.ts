// A template's sample data (issue 31, item 8): kept with the template, shared by everyone in its workspace,
// versioned with it (a save that changes only the data is a version; restoring brings the data back), bounded
// and validated, absent on update keeps it, null clears it, and it is in the OpenAPI document.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MAX_SAMPLE_DATA_BYTES } from "../src/schemas/templates.js";
import { DAY, setClock } from "../src/time.js";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let now = Date.parse("2026-07-01T12:00:00.000Z");
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  setClock({ now: () => now });
});
after(async () => {
  setClock(undefined);
  await t.close();
});

const DATA = { number: "INV-7", items: [{ name: "Widget", qty: 2 }] };

async function call(method: string, path: string, body?: unknown, token = owner.token) {
  return t.call(method, path, { token, ...(body !== undefined ? { body } : {}) });
}

async function create(sampleData?: unknown): Promise<string> {
  const res = await call("POST", "/api/templates", { name: "Data", content: SMALL_TEMPLATE, ...(sampleData !== undefined ? { sampleData } : {}) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id as string;
}

async function versions(id: string): Promise<{ id: string; number: number }[]> {
  return (await call("GET", `/api/templates/${id}/versions`)).body as never;
}

describe("a template's sample data", () => {
  test("created with the template, read back by another member of the workspace, null when none", async () => {
    const id = await create(DATA);
    const editor = await t.signup();
    const invite = await call("POST", "/api/workspaces/current/invites", { email: editor.email, role: "Editor" });
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: editor.token });
    const other = await call("GET", `/api/templates/${id}`, undefined, accepted.body.accessToken as string);
    assert.equal(other.status, 200);
    assert.deepEqual(other.body.sampleData, DATA);
    const none = await call("GET", `/api/templates/${await create()}`);
    assert.equal(none.body.sampleData, null);
    // Another workspace does not see it at all.
    const stranger = await t.signup();
    assertProblem(await call("GET", `/api/templates/${id}`, undefined, stranger.token), 404);
  });

  test("an update sets it; absent keeps it (an older client never drops it); null clears it", async () => {
    const id = await create();
    let res = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: DATA });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.sampleData, DATA);
    res = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE.replace("Hello", "Hi") });
    assert.deepEqual(res.body.sampleData, DATA);
    assert.deepEqual((await call("GET", `/api/templates/${id}`)).body.sampleData, DATA);
    res = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: null });
    assert.equal(res.body.sampleData, null);
    assert.equal((await call("GET", `/api/templates/${id}`)).body.sampleData, null);
  });

  test("versioned with the template: a save changing only the data is a version, and each version holds its data", async () => {
    const id = await create({ number: "A" });
    now += DAY;
    await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: { number: "B" } });
    now += DAY;
    const list = await versions(id);
    assert.deepEqual(list.map((v) => v.number), [2, 1], "the data-only save recorded a version");
    const v1 = await call("GET", `/api/templates/${id}/versions/${list[1]!.id}`);
    const v2 = await call("GET", `/api/templates/${id}/versions/${list[0]!.id}`);
    assert.deepEqual(v1.body.sampleData, { number: "A" });
    assert.deepEqual(v2.body.sampleData, { number: "B" });
    // Restoring version 1 (its content and data, as the apps do) brings the data back and records a restore.
    const restored = await call("PUT", `/api/templates/${id}`, { content: v1.body.content, sampleData: v1.body.sampleData, versionKind: "restore" });
    assert.deepEqual(restored.body.sampleData, { number: "A" });
    assert.deepEqual((await versions(id)).map((v) => v.number), [3, 2, 1]);
    // Naming the current state keeps its data in the named version.
    now += DAY;
    const named = await call("POST", `/api/templates/${id}/versions`, { label: "Sent" });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.deepEqual(named.body.sampleData, { number: "A" });
  });

  test("validated: an object, at most 256 KiB as JSON, not too deep; nothing written when refused", async () => {
    const id = await create(DATA);
    for (const bad of [[1, 2], "text", 5]) {
      const res = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: bad });
      assertProblem(res, 400);
      assert.ok(res.body.errors.sampleData, JSON.stringify(res.body.errors));
    }
    const big = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: { blob: "x".repeat(MAX_SAMPLE_DATA_BYTES) } });
    assertProblem(big, 400);
    assert.match(String(big.body.errors.sampleData), /256 KiB/);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i += 1) deep = { deep };
    const tooDeep = await call("PUT", `/api/templates/${id}`, { content: SMALL_TEMPLATE, sampleData: deep });
    assertProblem(tooDeep, 400);
    assertProblem(await call("POST", "/api/templates", { name: "X", content: SMALL_TEMPLATE, sampleData: [1] }), 400);
    assert.deepEqual((await call("GET", `/api/templates/${id}`)).body.sampleData, DATA);
  });

  test("described in the OpenAPI document (the template, its versions, create and update bodies)", async () => {
    const schemas = (await t.call("GET", "/openapi/v1.json")).body.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    for (const name of ["Template", "TemplateVersionDetail", "CreateTemplateBody", "UpdateTemplateBody"]) {
      assert.ok(schemas[name]?.properties?.["sampleData"], `${name} has sampleData`);
    }
    assert.match(JSON.stringify(schemas["UpdateTemplateBody"]?.properties?.["sampleData"]), /absent keeps/);
  });
});
