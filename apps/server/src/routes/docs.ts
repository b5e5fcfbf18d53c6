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

  app.get("/docs.css", (c) => c.body(DOCS_CSS, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" }));

  app.get("/", async (c) => {
    const titles = await pages.titles();
    const list = titles.map((p) => `<li><a href="/docs/${p.name}">${escapeText(p.title)}</a></li>`).join("\n");
    const body = `<h1>docsvc documentation</h1>\n<ul>\n${list}\n</ul>`;
    return c.body(docsShell("Contents", titles, undefined, body), 200, HTML);
  });

  app.get("/:page", async (c) => {
    const name = c.req.param("page").replace(/\.md$/, "");
    const page = pages.page(name);
    if (page === undefined) return c.notFound();
    const { title, html } = await page;
    return c.body(docsShell(title, await pages.titles(), name, html), 200, HTML);
  });

  return app;
}

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
