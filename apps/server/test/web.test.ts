// The web app's static route: hashed assets cached for a year, index.html for the app's routes, and the
// API's own paths left alone (they still answer problem+json 404s).
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Hono } from "hono";
import type { AppEnv } from "../src/http/env.js";
import { notFoundHandler } from "../src/http/problem.js";
import { webRoutes } from "../src/routes/web.js";

describe("web app route", () => {
  let dir: string;
  let app: Hono<AppEnv>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsvc-web-route-"));
    await mkdir(join(dir, "app", "assets"), { recursive: true });
    await writeFile(join(dir, "app", "index.html"), "<!doctype html><title>docsvc</title>");
    await writeFile(join(dir, "app", "assets", "index-abc123.js"), "console.log(1)");
    await writeFile(join(dir, "app", "assets", "pdf.worker-def.mjs"), "export {}");
    await writeFile(join(dir, "secret.txt"), "outside the app");
    app = new Hono<AppEnv>();
    app.get("/api/templates", (c) => c.json([]));
    app.route("/", webRoutes(join(dir, "app")));
    app.notFound(notFoundHandler);
  });

  after(() => rm(dir, { recursive: true, force: true }));

  test("hashed assets are immutable for a year, with their types", async () => {
    const js = await app.request("/assets/index-abc123.js");
    assert.equal(js.status, 200);
    assert.equal(js.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    assert.equal(js.headers.get("Content-Type"), "text/javascript; charset=utf-8");
    assert.equal(await js.text(), "console.log(1)");
    const worker = await app.request("/assets/pdf.worker-def.mjs");
    assert.equal(worker.headers.get("Content-Type"), "text/javascript; charset=utf-8");
  });

  test("the app's routes and the emailed links answer index.html, revalidated each time", async () => {
    for (const path of ["/", "/templates", "/templates/0190c0de-0000-7000-8000-000000000000", "/verify-email?token=abc", "/invites/tok_123"]) {
      const res = await app.request(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get("Content-Type"), "text/html; charset=utf-8", path);
      assert.equal(res.headers.get("Cache-Control"), "no-cache", path);
      assert.match(await res.text(), /<title>docsvc<\/title>/, path);
    }
    assert.equal((await app.request("/templates", { method: "HEAD" })).status, 200);
  });

  test("API paths, missing files and other methods fall through to the problem+json 404", async () => {
    assert.deepEqual(await (await app.request("/api/templates")).json(), []);
    for (const path of ["/api/nothing", "/hubs/collab/x", "/openapi/v2.json", "/health/x", "/metrics", "/assets/missing.js", "/favicon.ico"]) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json", path);
    }
    assert.equal((await app.request("/templates", { method: "POST" })).status, 404);
  });

  test("nothing outside the app's folder is served", async () => {
    for (const path of ["/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt"]) {
      const res = await app.request(path);
      assert.notEqual(await res.text(), "outside the app", path);
    }
  });
});
