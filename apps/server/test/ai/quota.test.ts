// Quotas, metering, the rate limit and the daily refine limit, through real HTTP against the fake model.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_PLANS } from "../../src/services/plans.js";
import type { TestUser } from "../helpers/harness.js";
import { band, skeleton } from "./support/scripts.js";
import { form, post, startAiServer, type AiServer } from "./support/server.js";

let s: AiServer;

before(async () => {
  // Refinements: 2 a day on the free plan here, so the limit is reachable.
  s = await startAiServer({ plans: { ...DEFAULT_PLANS, free: { ...DEFAULT_PLANS.free, renderBurst: 1000, renderRatePerSecond: 1000, aiRefinesPerDay: 2 } } });
  const one = skeleton({ bands: [{ id: "only", parentId: null, kind: "report-header", name: "all", height: 40 }] });
  s.fake.script = (call) => (call.pass === "skeleton" ? { json: one } : call.pass === "refine" ? { json: { elements: [{ id: "x", type: "text", x: 0, y: 0, width: 100, height: 20, text: "{{vat}} {{number}}" }], newFields: [{ key: "vat", type: "number" }, { key: "number", type: "string" }] } } : call.pass === "legacy" ? { json: { name: "Letter", elements: [{ type: "text", x: 0, y: 0, width: 200, height: 20, text: "Dear {{name}}" }] } } : { json: band(call.bandId ?? "?") });
});
after(() => s.close());

const usage = async (u: TestUser) => (await s.t.call("GET", "/api/usage", { token: u.token })).body;

test("each generation is one ai credit for both passes; the 26th of the month on the free plan is a 402 before any stream", async () => {
  const user = await s.t.signup();
  for (let i = 0; i < 25; i++) {
    const res = await post(s, "/api/ai/generate-band-template", user.token, form({ prompt: `invoice ${i}` }));
    assert.equal(res.events.at(-1)?.event, "done");
  }
  const u = await usage(user);
  assert.deepEqual(u.aiGenerations, { used: 25, limit: 25 });
  assert.equal(u.renders.ai, 25);
  const calls = s.fake.calls.length;
  const res = await post(s, "/api/ai/generate-band-template", user.token, form({ prompt: "one more" }));
  assert.equal(res.status, 402);
  assert.match(res.type, /problem\+json/);
  assert.match(res.json["detail"], /25 AI generations/);
  assert.equal(s.fake.calls.length, calls, "the model was not called");
  const revise = await post(s, "/api/ai/revise-document", user.token, form({ document: JSON.stringify({ name: "x", bands: [], schema: [] }), content: JSON.stringify({ version: 4, pageSize: { id: "a4" }, bands: [], schema: [] }), instruction: "x" }));
  assert.equal(revise.status, 402);
  // Another workspace has its own allowance.
  const other = await s.t.signup();
  assert.equal((await post(s, "/api/ai/generate-band-template", other.token, form({ prompt: "x" }))).status, 200);
});

test("refine-band answers the band's elements and only the new fields, is not metered, and has a daily limit", async () => {
  const user = await s.t.signup();
  const document = { name: "x", bands: [{ id: "only", parentId: null, kind: "report-header", name: null, height: 40, elements: [] }], schema: [{ key: "number", type: "string" }] };
  const ok = await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document, bandId: "only", instruction: "add the VAT" } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.bandId, "only");
  assert.equal(ok.body.elements[0].text, "{{vat}} {{number}}");
  assert.deepEqual(ok.body.newFields, [{ key: "vat", type: "number" }]);
  assert.equal((await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document, bandId: "nope", instruction: "x" } })).status, 400);
  assert.equal((await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document, bandId: "only", instruction: "" } })).status, 400);
  assert.equal((await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document, bandId: "only", instruction: "again" } })).status, 200);
  const third = await s.t.call("POST", "/api/ai/refine-band", { token: user.token, body: { document, bandId: "only", instruction: "and again" } });
  assert.equal(third.status, 429);
  assert.ok(Number(third.headers.get("Retry-After")) > 0);
  assert.equal((await usage(user)).aiGenerations.used, 0);
});

test("the legacy generate-template answers a name and a flat element list and costs one credit", async () => {
  const user = await s.t.signup();
  const res = await post(s, "/api/ai/generate-template", user.token, form({ prompt: "a letter" }));
  assert.equal(res.status, 200);
  assert.equal(res.json["name"], "Letter");
  assert.equal(res.json["elements"][0].text, "Dear {{name}}");
  assert.equal((await post(s, "/api/ai/generate-template", user.token, form({}))).status, 400);
  assert.equal((await usage(user)).aiGenerations.used, 1);
});

test("generation is rate-limited like rendering (429 with Retry-After)", async () => {
  const limited = await startAiServer({ plans: { ...DEFAULT_PLANS, free: { ...DEFAULT_PLANS.free, renderBurst: 1, renderRatePerSecond: 0.01 } } });
  try {
    limited.fake.script = s.fake.script;
    const user = await limited.t.signup();
    assert.equal((await post(limited, "/api/ai/generate-band-template", user.token, form({ prompt: "x" }))).status, 200);
    const second = await fetch(`${limited.url}/api/ai/generate-band-template`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form({ prompt: "x" }) });
    assert.equal(second.status, 429);
    assert.ok(second.headers.get("Retry-After"));
  } finally {
    await limited.close();
  }
});
