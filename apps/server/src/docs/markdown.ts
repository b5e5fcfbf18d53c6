// The documentation pages (docs/*.md at the repository root) as HTML, for /docs. markdown-it with raw HTML off,
// so whatever a page holds is escaped text, never markup of its own; its link check drops javascript:, vbscript:,
// file: and data: URLs. Links between pages (`limits.md#login`) become /docs routes, headings get GitHub's ids
// so those anchors land, and relative links that leave docs/ (a package README, a source file) become plain
// text: the service does not serve the repository.
import MarkdownIt, { type Token } from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
const PAGE_LINK = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md(#[^\s]*)?$/i;
const ABSOLUTE = /^(?:https?:|mailto:)/i;

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, a -1, -2… suffix on repeats. */
export function headingSlug(text: string, seen: Map<string, number>): string {
  const base = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

/** Where a link in a page goes: another page's route, an anchor or a web address; undefined: no link. */
export function docsHref(href: string): string | undefined {
  if (href.startsWith("#") || ABSOLUTE.test(href)) return href;
  const page = PAGE_LINK.exec(href);
  if (page !== null) return `/docs/${page[1]!.toLowerCase()}${page[2] ?? ""}`;
  return undefined;
}

md.core.ruler.push("docsvc_docs", (state) => {
  const seen = new Map<string, number>();
  state.tokens.forEach((token, index) => {
    if (token.type === "heading_open") {
      const inline = state.tokens[index + 1];
      token.attrSet("id", headingSlug(inline?.content ?? "", seen));
    }
    if (token.type === "inline") rewriteLinks(token.children ?? []);
  });
});

function rewriteLinks(children: Token[]): void {
  const open: Token[] = [];
  for (const token of children) {
    if (token.type === "link_open") {
      const target = String(token.attrGet("href") ?? "");
      const href = docsHref(target);
      if (href === undefined) {
        // Kept as text (with the path as a tooltip) rather than a link to a page the service does not have.
        token.tag = "span";
        token.attrs = [["title", target]];
      } else {
        token.attrSet("href", href);
      }
      open.push(token);
    } else if (token.type === "link_close") {
      token.tag = open.pop()?.tag ?? "a";
    } else if (token.type === "image") {
      // No images are served under /docs: the alternative text stands in.
      token.type = "text";
      token.content = token.content || "";
      token.children = null;
    }
  }
}

/** A page's Markdown as HTML (a fragment for <main>). */
export function renderDocsMarkdown(markdown: string): string {
  return md.render(markdown);
}

/** The page's title: its first level-1 heading, else the file's name. */
export function pageTitle(markdown: string, fallback: string): string {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  return heading ? heading[1]!.replace(/[`*_]/g, "") : fallback;
}
