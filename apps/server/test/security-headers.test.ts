// The headers of every kind of answer: the app's pages (a strict Content Security Policy with a fresh style
// nonce, no framing, no referrer from token pages), its assets, API JSON and problems, PDF, ZIP, the AI's
// Server-Sent Events and the collaboration hub's upgrade; HSTS over TLS; CSP_MODE and CSP_REPORT_URI.
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { loadConfig, ConfigError } from "../src/config.js";
import { Hono } from "hono";
import { contentSecurityPolicy } from "../src/http/content-security-policy.js";
import type { AppEnv } from "../src/http/env.js";
import { securityHeaders } from "../src/http/security-headers.js";
import { contentDisposition } from "../src/routes/render.js";
import { DEFAULT_WEB_DIR } from "../src/routes/web.js";
import { SCALAR_CSP } from "../src/routes/openapi.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { TINY_TEMPLATE, createTemplate, waitForJob } from "./batch/helpers.js";
import { happy } from "./ai/support/scripts.js";
import { form, startAiServer } from "./ai/support/server.js";
import { signup as hubSignup, startHubTestServer } from "./collab/helpers.js";

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  assert.ok(policy, "a policy");
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name = "", ...values]) => [name, values]));
}

/** What no API answer may carry: a document's policy would break embedders and means nothing there. */
function assertApiHeaders(res: { headers: Headers }, what: string): void {
  assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff", what);
  assert.equal(res.headers.get("Cross-Origin-Resource-Policy"), "same-origin", what);
  assert.equal(res.headers.get("Referrer-Policy"), "no-referrer", what);
  for (const name of ["Content-Security-Policy", "Content-Security-Policy-Report-Only", "X-Frame-Options", "Permissions-Policy", "Strict-Transport-Security"]) {
    assert.equal(res.headers.get(name), null, `${what}: ${name}`);
  }
}

describe("security headers", () => {
  let t: TestApp;
  let user: TestUser;

  before(async () => {
    t = await startTestApp();
    t.deps.batch.start();
    user = await t.signup();
  });
  after(() => t.close());

  test("an app page: a strict policy with a fresh style nonce, no framing, no opener, no unused features", async () => {
    const first = await t.app.request("/templates");
    assert.equal(first.status, 200);
    const html = await first.text();
    const policy = directives(first.headers.get("Content-Security-Policy"));
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
    assert.ok(nonce !== undefined && nonce.length >= 22 && !html.includes("DOCSVC_CSP_NONCE"), "the placeholder is replaced by a nonce");
    assert.deepEqual(policy.get("default-src"), ["'self'"]);
    assert.deepEqual(policy.get("script-src"), ["'self'"]);
    assert.deepEqual(policy.get("script-src-attr"), ["'none'"]);
    assert.deepEqual(policy.get("style-src"), ["'self'", `'nonce-${nonce}'`]);
    assert.deepEqual(policy.get("style-src-attr"), ["'none'"]);
    assert.deepEqual(policy.get("img-src"), ["'self'", "data:", "blob:"]);
    assert.deepEqual(policy.get("font-src"), ["'self'"]);
    assert.deepEqual(policy.get("connect-src"), ["'self'", "ws://localhost:8080"]);
    assert.deepEqual(policy.get("worker-src"), ["'self'"]);
    assert.deepEqual(policy.get("object-src"), ["'none'"]);
    assert.deepEqual(policy.get("base-uri"), ["'none'"]);
    assert.deepEqual(policy.get("form-action"), ["'self'"]);
    assert.deepEqual(policy.get("frame-ancestors"), ["'none'"]);
    assert.equal(policy.has("report-uri"), false);
    for (const [name, values] of policy) assert.ok(!values.includes("'unsafe-inline'") && !values.includes("'unsafe-eval'"), name);
    assert.equal(first.headers.get("X-Frame-Options"), "DENY");
    assert.equal(first.headers.get("Cross-Origin-Opener-Policy"), "same-origin");
    assert.equal(first.headers.get("Referrer-Policy"), "strict-origin-when-cross-origin");
    assert.equal(first.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(first.headers.get("Strict-Transport-Security"), null, "not over plain HTTP to an http PUBLIC_URL");
    const permissions = first.headers.get("Permissions-Policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) assert.match(permissions, new RegExp(`(^|, )${feature}=\\(\\)`), feature);
    assert.doesNotMatch(permissions, /clipboard/, "copying an API key still works");

    const second = await t.app.request("/templates");
    const again = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(await second.text())?.[1];
    assert.notEqual(again, nonce, "each answer has its own nonce");
    assert.deepEqual(directives(second.headers.get("Content-Security-Policy")).get("style-src"), ["'self'", `'nonce-${again}'`]);
  });

  test("the built page has no inline script: every script is a file under /assets/", async () => {
    const html = await readFile(join(DEFAULT_WEB_DIR, "index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length > 0);
    for (const [, attributes = "", body = ""] of scripts) {
      assert.match(attributes, /\bsrc="\/assets\/[^"]+\.js"/);
      assert.equal(body.trim(), "");
    }
    assert.doesNotMatch(html, /\son[a-z]+=/i, "no event-handler attributes");
    assert.doesNotMatch(html, /\sstyle=/i, "no style attributes");
  });

  test("the emailed token pages send no referrer at all", async () => {
    for (const path of ["/verify-email?token=abc", "/reset-password?token=abc", "/invites/tok_123"]) {
      const res = await t.app.request(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get("Referrer-Policy"), "no-referrer", path);
      assert.ok(res.headers.get("Content-Security-Policy"), path);
    }
  });

  test("an asset: cached for a year, nosniff, no document policy", async () => {
    const name = (await readdir(join(DEFAULT_WEB_DIR, "assets"))).find((f) => /^index-.*\.js$/.test(f));
    assert.ok(name);
    const res = await t.app.request(`/assets/${name}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(res.headers.get("Cross-Origin-Resource-Policy"), "same-origin");
    assert.equal(res.headers.get("Content-Security-Policy"), null);
    const font = await t.app.request("/fonts/fonts.css");
    assert.equal(font.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(font.headers.get("Content-Security-Policy"), null);
  });

  test("API JSON, problems and 404s: no-store, same-origin resources, no document policy", async () => {
    const list = await t.call("GET", "/api/templates", { token: user.token });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get("Cache-Control"), "no-store");
    assertApiHeaders(list, "GET /api/templates");
    const unauthorised = await t.call("GET", "/api/templates");
    assert.equal(unauthorised.status, 401);
    assert.equal(unauthorised.headers.get("Cache-Control"), "no-store");
    assertApiHeaders(unauthorised, "401");
    const missing = await t.call("GET", "/api/nothing-here");
    assert.equal(missing.status, 404);
    assertApiHeaders(missing, "404");
    const openapi = await t.app.request("/openapi/v1.json");
    assert.equal(openapi.headers.get("X-Content-Type-Options"), "nosniff");
    assert.equal(openapi.headers.get("Content-Security-Policy"), null);
  });

  test("a PDF: inline with a safe file name, nosniff, no-store, no document policy", async () => {
    const created = await t.call("POST", "/api/templates", { token: user.token, body: { name: `Q3 "report"\r\nX-Evil: 1 'é'`, content: SMALL_TEMPLATE } });
    assert.equal(created.status, 200);
    const res = await t.call("POST", `/api/templates/${created.body.id}/render`, { token: user.token, body: { data: {} } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "application/pdf");
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    const disposition = res.headers.get("Content-Disposition") ?? "";
    assert.equal(disposition, `inline; filename="Q3-report-X-Evil-1-e.pdf"; filename*=UTF-8''Q3%20%22report%22%0D%0AX-Evil%3A%201%20%27%C3%A9%27.pdf`);
    assertApiHeaders(res, "PDF");
  });

  test("the extended file name is RFC 5987 attr-chars only, whatever the title", () => {
    const value = contentDisposition({ title: "It's (final)* !", fileName: "It-s-final.pdf" });
    const star = /filename\*=UTF-8''(.*)$/.exec(value)?.[1] ?? "";
    assert.match(star, /^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    assert.doesNotMatch(star, /['()*!]/);
    assert.equal(decodeURIComponent(star), "It's (final)* !.pdf");
  });

  test("a batch ZIP: an attachment with a safe file name, nosniff, no-store, no document policy", async () => {
    const templateId = await createTemplate(t, user.token, TINY_TEMPLATE);
    const submitted = await t.call("POST", `/api/templates/${templateId}/render-batch`, { token: user.token, body: { rows: [{ name: "a" }], output: "zip" } });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const job = await waitForJob(t, user.token, templateId, submitted.body.jobId as string);
    assert.equal(job.status, "completed");
    const res = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${submitted.body.jobId}/result`, { token: user.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "application/zip");
    assert.match(res.headers.get("Content-Disposition") ?? "", /^attachment; filename="batch-[A-Za-z0-9-]+\.zip"$/);
    assert.equal(res.headers.get("Cache-Control"), "no-store");
    assertApiHeaders(res, "ZIP");
  });

  test("HSTS: when PUBLIC_URL is https, and when the connection itself is TLS", async () => {
    const tls = { incoming: { socket: { encrypted: true, remoteAddress: "127.0.0.1" } } };
    for (const path of ["/templates", "/api/templates", "/assets/missing.js"]) {
      const res = await t.app.request(path, {}, tls);
      assert.equal(res.headers.get("Strict-Transport-Security"), "max-age=31536000", path);
    }
    // The refresh cookie is Secure over a TLS connection even when PUBLIC_URL says http, and not otherwise.
    const signupOver = async (env: object) => {
      const body = JSON.stringify({ email: `tls-${Math.random().toString(36).slice(2)}@example.test`, password: "correct horse battery" });
      const res = await t.app.request("/api/auth/signup", { method: "POST", headers: { "Content-Type": "application/json" }, body }, env);
      assert.equal(res.status, 200);
      return res.headers.getSetCookie().find((line) => line.startsWith("docsvc_refresh=")) ?? "";
    };
    assert.match(await signupOver(tls), /; Secure(;|$)/);
    assert.doesNotMatch(await signupOver({ incoming: { socket: { encrypted: false, remoteAddress: "127.0.0.1" } } }), /Secure/);
    const plain = await t.app.request("/api/templates", {}, { incoming: { socket: { encrypted: false, remoteAddress: "127.0.0.1" } } });
    assert.equal(plain.headers.get("Strict-Transport-Security"), null);
    // A forged X-Forwarded-Proto is not believed (no proxy is trusted yet).
    const forged = await t.app.request("/templates", { headers: { "X-Forwarded-Proto": "https" } });
    assert.equal(forged.headers.get("Strict-Transport-Security"), null);

    const published = await startTestApp({ config: { publicUrl: "https://docs.example.com" } });
    try {
      const page = await published.app.request("/templates");
      assert.equal(page.headers.get("Strict-Transport-Security"), "max-age=31536000");
      assert.deepEqual(directives(page.headers.get("Content-Security-Policy")).get("connect-src"), ["'self'", "wss://docs.example.com"]);
      const signup = await published.call("POST", "/api/auth/signup", { body: { email: "hsts@example.test", password: "correct horse battery" } });
      assert.equal(signup.headers.get("Strict-Transport-Security"), "max-age=31536000");
      assert.match(signup.headers.getSetCookie().join("\n"), /docsvc_refresh=[^;]+;.*Secure/);
    } finally {
      await published.close();
    }
  });
});

describe("CSP_MODE and CSP_REPORT_URI", () => {
  test("report-only sends the policy under the Report-Only header, with the report address", async () => {
    const t = await startTestApp({ config: { csp: { reportOnly: true, reportUri: "https://csp.example.com/report" } } });
    try {
      const res = await t.app.request("/templates");
      assert.equal(res.headers.get("Content-Security-Policy"), null);
      const policy = directives(res.headers.get("Content-Security-Policy-Report-Only"));
      assert.deepEqual(policy.get("report-uri"), ["https://csp.example.com/report"]);
      assert.deepEqual(policy.get("script-src"), ["'self'"]);
    } finally {
      await t.close();
    }
  });

  test("the environment: enforce by default; a bad mode or report address stops start-up", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-csp-config-"));
    try {
      const base = { DATA_DIR: dir, JWT_SECRET: "x".repeat(32) };
      assert.deepEqual((await loadConfig(base)).csp, { reportOnly: false, reportUri: undefined });
      assert.deepEqual((await loadConfig({ ...base, CSP_MODE: "Report-Only", CSP_REPORT_URI: "/csp-reports" })).csp, { reportOnly: true, reportUri: "/csp-reports" });
      await assert.rejects(loadConfig({ ...base, CSP_MODE: "off" }), ConfigError);
      for (const bad of ["javascript:alert(1)", "https://x.test/a; script-src *", "https://x.test/a b", "relative/path"]) {
        await assert.rejects(loadConfig({ ...base, CSP_REPORT_URI: bad }), ConfigError, bad);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("any HTML answer gets the page policy, whatever its path; a route's own headers are kept", async () => {
    const app = new Hono<AppEnv>();
    app.use(securityHeaders({ publicUrl: "http://localhost:8080" }));
    app.get("/api/oops", (c) => c.html("<p>a route that should not answer HTML</p>"));
    app.get("/api/cached", (c) => c.json({}, 200, { "Cache-Control": "private, max-age=60", "Referrer-Policy": "origin" }));
    const html = await app.request("/api/oops");
    assert.deepEqual(directives(html.headers.get("Content-Security-Policy")).get("script-src"), ["'self'"]);
    assert.equal(html.headers.get("X-Frame-Options"), "DENY");
    assert.equal(html.headers.get("Cache-Control"), "no-store");
    const cached = await app.request("/api/cached");
    assert.equal(cached.headers.get("Cache-Control"), "private, max-age=60");
    assert.equal(cached.headers.get("Referrer-Policy"), "origin");
    assert.equal(cached.headers.get("Content-Security-Policy"), null);
  });

  test("the policy names the hub's WebSocket origin of PUBLIC_URL, and nothing it is not given", () => {
    const policy = directives(contentSecurityPolicy("https://docs.example.com:8443/base", { reportOnly: false }));
    assert.deepEqual(policy.get("connect-src"), ["'self'", "wss://docs.example.com:8443"]);
    assert.deepEqual(policy.get("style-src"), ["'self'"]);
  });
});

describe("headers of streamed and upgraded answers", () => {
  test("the AI's Server-Sent Events: no-store, nosniff, no document policy", async () => {
    const s = await startAiServer();
    try {
      s.fake.script = happy;
      const user = await s.t.signup();
      const res = await fetch(`${s.url}/api/ai/generate-band-template`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form({ prompt: "an invoice" }) });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("Content-Type") ?? "", /^text\/event-stream/);
      assert.equal(res.headers.get("Cache-Control"), "no-store");
      assertApiHeaders(res, "SSE");
      assert.match(await res.text(), /event: done/);
    } finally {
      await s.close();
    }
  });

  test("the hub: negotiate is API JSON; the upgrade carries no page policy or cookie; a refusal is not stored", async () => {
    const s = await startHubTestServer();
    try {
      const user = await hubSignup(s.url);
      const negotiate = await fetch(`${s.url}/hubs/collab/negotiate?negotiateVersion=1`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` } });
      assert.equal(negotiate.status, 200);
      assert.equal(negotiate.headers.get("Cache-Control"), "no-store");
      assertApiHeaders(negotiate, "negotiate");
      const ws = new WebSocket(`${s.url.replace("http", "ws")}/hubs/collab?access_token=${encodeURIComponent(user.token)}`);
      const upgrade = await new Promise<IncomingMessage>((resolve, reject) => {
        ws.once("upgrade", resolve);
        ws.once("error", reject);
      });
      ws.close();
      assert.equal(upgrade.statusCode, 101);
      assert.equal(upgrade.headers["content-security-policy"], undefined);
      assert.equal(upgrade.headers["set-cookie"], undefined);
      const refused = new WebSocket(`${s.url.replace("http", "ws")}/hubs/collab`);
      const response = await new Promise<IncomingMessage>((resolve) => refused.once("unexpected-response", (_req, res) => resolve(res)));
      refused.on("error", () => undefined);
      assert.equal(response.statusCode, 401);
      assert.equal(response.headers["cache-control"], "no-store");
      assert.equal(response.headers["x-content-type-options"], "nosniff");
      response.destroy();
    } finally {
      await s.close();
    }
  });

  test("the development reference page has its own policy (Scalar from its CDN), still unframeable", async () => {
    const t = await startTestApp({ config: { development: true } });
    try {
      const res = await t.app.request("/scalar/v1");
      assert.equal(res.headers.get("Content-Security-Policy"), SCALAR_CSP);
      assert.deepEqual(directives(SCALAR_CSP).get("frame-ancestors"), ["'none'"]);
      assert.equal(res.headers.get("X-Frame-Options"), "DENY");
    } finally {
      await t.close();
    }
  });
});
