// AI off (503 after authentication, status says so), status when on, keep-alive comments, JSON mode.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp } from "../helpers/harness.js";
import { band, skeleton } from "./support/scripts.js";
import { form, post, startAiServer } from "./support/server.js";

test("with AI_PROVIDER unset every AI endpoint is 503 naming the variables, after authentication", async () => {
  const t = await startTestApp();
  try {
    const user = await t.signup();
    for (const path of ["/api/ai/generate-band-template", "/api/ai/revise-document", "/api/ai/refine-band", "/api/ai/generate-template"]) {
      assert.equal((await t.call("POST", path, { body: {} })).status, 401, path);
      const res = await t.call("POST", path, { token: user.token, body: {} });
      assert.equal(res.status, 503, path);
      assert.match(res.headers.get("Content-Type") ?? "", /problem\+json/);
      for (const name of ["AI_PROVIDER", "AI_MODEL", "AI_API_KEY", "AI_BASE_URL"]) assert.ok(String(res.body.detail).includes(name), `${path} names ${name}`);
    }
    const status = await t.call("GET", "/api/ai/status", { token: user.token });
    assert.deepEqual(status.body, { enabled: false, provider: null, model: null, structuredOutputs: null });
    assert.equal((await t.call("GET", "/api/ai/status")).status, 401);
  } finally {
    await t.close();
  }
});

test("status names the provider and model; a slow answer keeps the stream open with comment lines", async () => {
  const s = await startAiServer({ ai: { keepAliveMs: 50 } });
  try {
    const user = await s.t.signup();
    const status = await s.t.call("GET", "/api/ai/status", { token: user.token });
    assert.deepEqual(status.body, { enabled: true, provider: "openai-compatible", model: "fake-model", structuredOutputs: true });
    s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton(), delayMs: 400 } : { json: band(call.bandId ?? "?") });
    const res = await post(s, "/api/ai/generate-band-template", user.token, form({ prompt: "x" }));
    assert.ok(res.comments >= 2, `${res.comments} keep-alive comments`);
    assert.equal(res.events.at(-1)?.event, "done");
  } finally {
    await s.close();
  }
});

test("AI_STRUCTURED_OUTPUTS=false: JSON mode with the answer's schema written into the prompt", async () => {
  const s = await startAiServer({ structuredOutputs: false });
  try {
    const user = await s.t.signup();
    s.fake.script = (call) => (call.pass === "skeleton" ? { json: skeleton() } : { json: band(call.bandId ?? "?") });
    const res = await post(s, "/api/ai/generate-band-template", user.token, form({ prompt: "x" }));
    assert.equal(res.events.at(-1)?.event, "done");
    const first = s.fake.calls[0];
    assert.deepEqual(first?.body["response_format"], { type: "json_object" });
    assert.match(first?.system ?? "", /matching this JSON schema:\n\{/);
    assert.match(first?.system ?? "", /"bands"/);
  } finally {
    await s.close();
  }
});

test("the OpenAPI document describes the four endpoints' request bodies from the same schemas", async () => {
  const t = await startTestApp();
  try {
    const doc = (await t.call("GET", "/openapi/v1.json")).body;
    const body = (path: string, type: string) => doc.paths[path].post.requestBody.content[type].schema.$ref.split("/").pop();
    assert.equal(body("/api/ai/generate-band-template", "multipart/form-data"), "GenerateBandTemplateForm");
    assert.equal(body("/api/ai/revise-document", "multipart/form-data"), "ReviseDocumentForm");
    assert.equal(body("/api/ai/refine-band", "application/json"), "RefineBandBody");
    assert.equal(body("/api/ai/generate-template", "multipart/form-data"), "GenerateTemplateForm");
    const schemas = doc.components.schemas;
    assert.deepEqual(Object.keys(schemas.GenerateBandTemplateForm.properties).sort(), ["css", "html", "image", "paper", "prompt"]);
    assert.deepEqual(schemas.ReviseDocumentForm.required.sort(), ["content", "document"]);
    assert.equal(schemas.RefineBandBody.properties.document.$ref, "#/components/schemas/GeneratedBandTemplate");
    assert.deepEqual(schemas.GeneratedBandTemplate.required.sort(), ["bands", "name", "schema"]);
    assert.ok(doc.paths["/api/ai/generate-band-template"].post.responses["200"].content["text/event-stream"]);
    assert.ok(doc.paths["/api/ai/generate-band-template"].post.responses["402"]);
  } finally {
    await t.close();
  }
});
