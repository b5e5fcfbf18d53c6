// The documentation at /docs: every docs/*.md on disk listed (none hard-coded), pages rendered from Markdown with
// raw HTML escaped and unsafe links dropped, links between pages turned into /docs routes that land on heading
// ids, nothing but listed pages read; and in the real app, under its Content Security Policy, every link
// between the repository's own pages leads to a page that exists.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Hono } from "hono";
import type { AppEnv } from "../src/http/env.js";
import { notFoundHandler } from "../src/http/problem.js";
import { DocsPages, defaultDocsDir } from "../src/docs/pages.js";
import { docsRoutes } from "../src/routes/docs.js";
import { startTestApp, type TestApp } from "./helpers/harness.js";

describe("docs route on a folder of pages", () => {
  let dir: string;
  let app: Hono<AppEnv>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsvc-docs-"));
    await writeFile(join(dir, "alpha.md"), "# Alpha page\n\nSee [the limits](beta.md#login-limits) and [top](#alpha-page).\n");
    await writeFile(
      join(dir, "beta.md"),
      [
        "# Beta: limits",
        "",
        "## Login limits",
        "",
        "<script>alert(1)</script> <img src=x onerror=alert(1)>",
        "",
        "[bad](javascript:alert(1)) [source](../apps/server/src/app.ts) [web](https://example.com/x) ![logo](logo.png)",
        "",
        "## Login limits",
      ].join("\n"),
    );
    await writeFile(join(dir, "notes.txt"), "not a page");
    app = new Hono<AppEnv>();
    app.route("/docs", docsRoutes(dir));
    app.notFound(notFoundHandler);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test("the index lists every .md file on disk by its title", async () => {
    const res = await app.request("/docs");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("Content-Type"), "text/html; charset=utf-8");
    const html = await res.text();
    assert.match(html, /<a href="\/docs\/alpha">Alpha page<\/a>/);
    assert.match(html, /<a href="\/docs\/beta">Beta: limits<\/a>/);
    assert.doesNotMatch(html, /notes/);
  });

  test("a page added later appears once the routes are made again (listing at start)", async () => {
    await writeFile(join(dir, "gamma.md"), "# Gamma\n");
    assert.equal((await app.request("/docs/gamma")).status, 404);
    const fresh = new Hono<AppEnv>().route("/docs", docsRoutes(dir));
    assert.match(await (await fresh.request("/docs")).text(), /<a href="\/docs\/gamma">Gamma<\/a>/);
    await rm(join(dir, "gamma.md"));
  });

  test("links between pages become /docs routes whose anchors are heading ids", async () => {
    const alpha = await (await app.request("/docs/alpha")).text();
    assert.match(alpha, /<a href="\/docs\/beta#login-limits">the limits<\/a>/);
    assert.match(alpha, /<a href="#alpha-page">top<\/a>/);
    assert.match(alpha, /<h1 id="alpha-page">Alpha page<\/h1>/);
    assert.match(alpha, /<a href="\/docs\/alpha" aria-current="page">/);
    const beta = await (await app.request("/docs/beta.md")).text();
    assert.match(beta, /<h2 id="login-limits">Login limits<\/h2>[\s\S]*<h2 id="login-limits-1">/);
  });

  test("raw HTML is text, unsafe and repository links are not links, images are their alt text", async () => {
    const beta = await (await app.request("/docs/beta")).text();
    assert.doesNotMatch(beta, /<script|<img|onerror=alert[^<]*>/);
    assert.match(beta, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(beta, /href="javascript:/i);
    assert.match(beta, /<span title="\.\.\/apps\/server\/src\/app\.ts">source<\/span>/);
    assert.match(beta, /<a href="https:\/\/example\.com\/x">web<\/a>/);
    assert.match(beta, /logo/);
  });

  test("only listed pages are read: other names and paths answer the problem 404", async () => {
    for (const path of ["/docs/notes", "/docs/..%2Fpackage", "/docs/..%2F..%2Fetc%2Fpasswd", "/docs/ALPHA", "/docs/alpha/x"]) {
      const res = await app.request(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json", path);
    }
  });

  test("the stylesheet is a file (the CSP admits no inline style) and pages hold no script or style", async () => {
    const css = await app.request("/docs/docs.css");
    assert.equal(css.headers.get("Content-Type"), "text/css; charset=utf-8");
    const html = await (await app.request("/docs/alpha")).text();
    assert.match(html, /<link rel="stylesheet" href="\/docs\/docs.css">/);
    assert.doesNotMatch(html, /<script|<style|style="/);
  });
});

describe("docs route in the app", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test("served under the app's Content Security Policy", async () => {
    const res = await t.app.request("/docs");
    assert.equal(res.status, 200);
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    assert.match(policy, /script-src 'self'/);
    assert.match(policy, /style-src 'self'/);
  });

  test("every page of the repository's docs/ renders, and every link between them leads to a listed page", async () => {
    const pages = new DocsPages(defaultDocsDir());
    assert.ok(pages.names.length >= 1, "docs/ has pages");
    const ids = new Map<string, Set<string>>();
    const links: { from: string; to: string; anchor: string | undefined }[] = [];
    for (const name of pages.names) {
      const res = await t.app.request(`/docs/${name}`);
      assert.equal(res.status, 200, name);
      const html = await res.text();
      ids.set(name, new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!)));
      for (const m of html.matchAll(/<a href="\/docs\/([^"#]+)(?:#([^"]*))?"/g)) links.push({ from: name, to: m[1]!, anchor: m[2] });
    }
    for (const link of links) {
      assert.ok(pages.has(link.to), `${link.from} links to /docs/${link.to}, which is not a page`);
      if (link.anchor !== undefined) assert.ok(ids.get(link.to)?.has(link.anchor), `${link.from} links to ${link.to}#${link.anchor}, which has no such heading`);
    }
  });
});
