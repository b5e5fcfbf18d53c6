// The HTML around a documentation page: no script and no inline style (the app's CSP allows neither), the
// stylesheet from /docs/docs.css, a navigation list of every page.

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A complete page: `body` is trusted HTML (rendered by markdown.ts with raw HTML off); the rest is escaped. */
export function docsShell(title: string, pages: readonly { name: string; title: string }[], current: string | undefined, body: string): string {
  const nav = pages
    .map((p) => `<li><a href="/docs/${escape(p.name)}"${p.name === current ? ' aria-current="page"' : ""}>${escape(p.title)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · docsvc documentation</title>
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<nav aria-label="Documentation"><p><a href="/docs">docsvc documentation</a></p><ul>${nav}</ul><p><a href="/">Open the app</a> · <a href="/openapi/v1.json">OpenAPI</a></p></nav>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The stylesheet (served as a file, so the CSP's style-src 'self' admits it). */
export const DOCS_CSS = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.55; }
body { margin: 0; display: flex; gap: 2rem; }
nav { flex: 0 0 15rem; padding: 1.5rem; border-right: 1px solid #8884; position: sticky; top: 0; align-self: flex-start; max-height: 100vh; overflow: auto; }
nav ul { list-style: none; padding: 0; margin: 0 0 1rem; }
nav li { margin: 0.3rem 0; }
nav a[aria-current="page"] { font-weight: 600; }
main { flex: 1; max-width: 52rem; padding: 1.5rem 1.5rem 4rem; min-width: 0; }
pre { overflow: auto; padding: 0.8rem; background: #8881; border-radius: 4px; }
code { font-family: ui-monospace, monospace; font-size: 0.92em; }
table { border-collapse: collapse; display: block; overflow: auto; }
th, td { border: 1px solid #8886; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
span[title] { border-bottom: 1px dotted #8888; }
@media (max-width: 50rem) { body { display: block; } nav { position: static; border-right: 0; max-height: none; } }
`;
