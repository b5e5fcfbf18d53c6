// The documentation at /docs: an index of every page, /docs/<page> (docs/<page>.md rendered to HTML) and the
// stylesheet. Read-only, no query or body; a name is looked up among the listed pages, never joined onto the disk.
// Like the web app, no API operation (the OpenAPI document does not list it); the app's CSP applies unchanged.
import { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { DocsPages, defaultDocsDir } from "../docs/pages.js";
import { DOCS_CSS, docsShell } from "../docs/shell.js";

const HTML = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" };

/** Serves docs/*.md from `dir` (default: the repository's or the installed package's docs/). */
export function docsRoutes(dir: string = defaultDocsDir()): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const pages = new DocsPages(dir);

  // A middleware rather than routes, as for the web app and the fonts: no API operation (the OpenAPI document,
  // whose test compares it with the app's routes, does not list it); what it does not serve falls through to 404.
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const rest = c.req.path.replace(/^\/docs\/?/, "");
    if (rest === "docs.css") {
      return c.body(DOCS_CSS, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" });
    }
    const titles = await pages.titles();
    if (rest === "") {
      const list = titles.map((p) => `<li><a href="/docs/${p.name}">${escapeText(p.title)}</a></li>`).join("\n");
      return c.body(docsShell("Contents", titles, undefined, `<h1>docsvc documentation</h1>\n<ul>\n${list}\n</ul>`), 200, HTML);
    }
    const name = rest.replace(/\.md$/, "");
    const page = pages.page(name);
    if (page === undefined) return next();
    const { title, html } = await page;
    return c.body(docsShell(title, titles, name, html), 200, HTML);
  });

  return app;
}

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
