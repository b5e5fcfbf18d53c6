import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEFAULT_PLANS } from "../../src/services/plans.js";
import { assertProblem } from "../helpers/assert.js";
import { startTestApp, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate, upload } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp({ config: { defaultPlan: "free" }, plans: { ...DEFAULT_PLANS, free: { renderRatePerSecond: 0.01, renderBurst: 3, aiGenerationsPerMonth: 25 } } });
  owner = await t.signup();
});
after(() => t.close());

describe("batch rate limits", () => {
  test("submissions share the workspace's render bucket (one token each, whatever the row count); reads do not spend it", async () => {
    const id = await createTemplate(t, owner.token);
    const rows = Array.from({ length: 50 }, (_, i) => ({ name: `n${i}` }));
    assert.equal((await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: {} } })).status, 200);
    assert.equal((await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "zip" } })).status, 200);
    assert.equal((await upload(t, owner.token, id, { name: "r.csv", bytes: "name\na\n" })).status, 200);
    const limited = await t.call("POST", `/api/templates/${id}/render-batch`, { token: owner.token, body: { rows, output: "zip" } });
    assertProblem(limited, 429);
    assert.ok(Number(limited.headers.get("Retry-After")) >= 1);
    assert.equal((await upload(t, owner.token, id, { name: "r.csv", bytes: "name\na\n" })).status, 429);
    assert.equal((await t.call("GET", `/api/templates/${id}/render-batch/jobs`, { token: owner.token })).status, 200);
    assert.equal((await t.call("GET", `/api/templates/${id}/render-batch/template`, { token: owner.token })).status, 200);
    // Rejected submissions stored nothing.
    assert.equal(((await t.call("GET", `/api/templates/${id}/render-batch/jobs`, { token: owner.token })).body as unknown as unknown[]).length, 2);
  });
});
