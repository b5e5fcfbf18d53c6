// Cross-cutting HTTP behaviour: problem+json, request ids, body limits, health, OpenAPI, Scalar.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { JSON_BODY_LIMIT } from "../src/app.js";
import { assertProblem } from "./helpers/assert.js";
import { startTestApp, type TestApp } from "./helpers/harness.js";

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe("errors and request ids", () => {
  test("every response carries X-Request-Id; a sane incoming id is kept, and problems echo it as traceId", async () => {
    const fresh = await t.call("GET", "/health");
    assert.match(fresh.headers.get("X-Request-Id") ?? "", /^[0-9a-f-]{36}$/);
    const kept = await t.call("GET", "/api/auth/me", { headers: { "X-Request-Id": "proxy-id-12345" } });
    assert.equal(kept.headers.get("X-Request-Id"), "proxy-id-12345");
    assert.equal(kept.body.traceId, "proxy-id-12345");
    const junk = await t.call("GET", "/health", { headers: { "X-Request-Id": "bad id with spaces" } });
    assert.notEqual(junk.headers.get("X-Request-Id"), "bad id with spaces");
  });

  test("unknown routes are 404 problem+json", async () => {
    const res = await t.call("GET", "/api/nothing-here");
    assertProblem(res, 404);
    assert.equal(res.body.type, "about:blank");
    assert.equal(res.body.title, "Not Found");
  });

  test("a JSON body over 25 MB is 413 problem+json; malformed JSON is 400", async () => {
    const big = `{"name":"x","content":"${"a".repeat(JSON_BODY_LIMIT)}"}`;
    const user = await t.signup();
    const res = await t.call("POST", "/api/templates", { token: user.token, body: big });
    assertProblem(res, 413);
    const withLength = await t.call("POST", "/api/auth/login", { body: big, headers: { "Content-Length": String(Buffer.byteLength(big)) } });
    assertProblem(withLength, 413);
    const bad = await t.call("POST", "/api/auth/login", { body: '{"email":' });
    assertProblem(bad, 400);
    assert.deepEqual(Object.keys(bad.body.errors), ["body"]);
  });

  test("a JSON body without a Content-Type is still read (curl users forget it)", async () => {
    const res = await t.call("POST", "/api/auth/login", { body: JSON.stringify({ email: "nobody@example.test", password: "whatever-password" }), headers: { "Content-Type": "text/plain" } });
    assertProblem(res, 401);
  });
});

describe("health", () => {
  test("reports the database reachable", async () => {
    const res = await t.call("GET", "/health");
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: "ok", database: "ok" });
  });

  test("503 when the database is gone; other failures are a generic 500 with a traceId and the cause logged", async () => {
    const lines: string[] = [];
    const { createLogger } = await import("../src/log.js");
    const broken = await startTestApp({ log: createLogger("error", (l) => lines.push(l)) });
    const user = await broken.signup();
    await broken.deps.db.destroy();
    const health = await broken.call("GET", "/health");
    assert.equal(health.status, 503);
    assert.deepEqual(health.body, { status: "error", database: "unreachable" });
    const res = await broken.call("GET", "/api/templates", { token: user.token });
    assertProblem(res, 500);
    assert.equal(res.body.detail, "An unexpected error occurred.");
    assert.equal(res.body.traceId, res.headers.get("X-Request-Id"));
    assert.ok(lines.some((l) => l.includes(res.body.traceId) && l.includes('"level":"error"')));
    assert.ok(!JSON.stringify(res.body).toLowerCase().includes("driver"));
    await broken.deps.mailer.close();
    await broken.smtp.close();
    await broken.deps.renderer.close();
  });
});

describe("OpenAPI", () => {
  test("/openapi/v1.json is OpenAPI 3.1.1 with the spec's component names, responses, summaries and both security schemes", async () => {
    const res = await t.call("GET", "/openapi/v1.json");
    assert.equal(res.status, 200);
    const doc = res.body;
    assert.equal(doc.openapi, "3.1.1");
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      "SignUpBody", "LoginBody", "VerifyEmailBody", "EmailBody", "ResetPasswordBody", "ChangePasswordBody",
      "CreateTemplateBody", "UpdateTemplateBody", "RenderTemplateBody", "RenderInlineBody", "CreateApiKeyBody",
      "InviteMemberBody", "UpdateMemberRoleBody", "SetWorkspacePlanRequest", "Theme", "ProblemDetails",
    ]) {
      assert.ok(names.includes(name), name);
    }
    assert.deepEqual(doc.components.schemas.LoginBody.required, ["email", "password"]);
    assert.deepEqual(doc.components.schemas.CreateTemplateBody.required, ["name", "content"]);
    assert.equal(doc.components.schemas.RenderTemplateBody.properties.theme.$ref, "#/components/schemas/Theme");
    assert.equal(doc.components.schemas.RenderTemplateBody.properties.data.type, "object");
    assert.deepEqual(doc.components.schemas.UpdateMemberRoleBody.properties.role.enum, ["Owner", "Editor", "Viewer"]);
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ["apiKeyAuth", "bearerAuth"]);
    assert.equal(doc.components.securitySchemes.apiKeyAuth.name, "X-Api-Key");

    const login = doc.paths["/api/auth/login"].post;
    assert.equal(login.requestBody.content["application/json"].schema.$ref, "#/components/schemas/LoginBody");
    assert.equal(login.responses["200"].content["application/json"].schema.$ref, "#/components/schemas/TokenResponse");
    assert.ok(login.responses["429"]);
    // upgrade-to-report takes an optional body; import-html's sampleData is documented.
    const upgrade = doc.paths["/api/templates/{id}/upgrade-to-report"].post;
    assert.equal(upgrade.requestBody.required, false);
    assert.equal(upgrade.requestBody.content["application/json"].schema.$ref, "#/components/schemas/UpgradeToReportBody");
    for (const body of ["UpgradeToReportBody", "ImportHtmlBody"]) {
      const sample = doc.components.schemas[body].properties.sampleData.anyOf[0];
      assert.equal(sample.type, "object", body);
      assert.match(sample.description, /columns/, body);
    }
    assert.equal(login.requestBody.required, true);
    const render = doc.paths["/api/templates/{id}/render"].post;
    assert.deepEqual(render.security, [{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    assert.ok(render.responses["200"].content["application/pdf"]);
    assert.equal(render.parameters[0].schema.format, "uuid");
    assert.deepEqual(doc.paths["/api/templates"].get.security, [{ bearerAuth: [] }]);
    assert.deepEqual(doc.paths["/health"].get.security, []);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string; operationId?: string }>>)) {
      for (const [method, op] of Object.entries(item)) assert.ok(op.summary && op.operationId, `${method} ${path}`);
    }
    // Every $ref resolves.
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const r of refs) assert.ok(names.includes(r.split("/").pop()!.replace('"', "")), r);
  });

  test("every route the app serves is in the document, and every documented operation is served", async () => {
    const doc = (await t.call("GET", "/openapi/v1.json")).body;
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
    }
    const served = new Set(
      t.app.routes
        .filter((r) => r.method !== "ALL" && !r.path.startsWith("/openapi") && !r.path.startsWith("/scalar"))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "") || "/"}`),
    );
    assert.deepEqual([...served].filter((r) => !documented.has(r)), []);
    assert.deepEqual([...documented].filter((r) => !served.has(r)), []);
  });

  test("Scalar is served only when NODE_ENV=development", async () => {
    assertProblem(await t.call("GET", "/scalar/v1"), 404);
    const dev = await startTestApp({ config: { development: true } });
    const res = await dev.app.request("/scalar/v1");
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /data-url="\/openapi\/v1.json"/);
    assert.match(html, /@scalar\/api-reference/);
    await dev.close();
  });
});
