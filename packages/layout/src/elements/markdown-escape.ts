// Tokens in markdown resolve before parsing, and a data value must not add markdown structure: every
// resolved value is escaped (ASCII punctuation backslash-escaped, line breaks kept as hard breaks) unless
// the token's pipe ends with the `markdown` filter (`{{ notes | markdown }}`), which inserts it raw.
import { isolateValue, resolveText } from "../tokens/resolve.js";
import type { RowScope, TemplateText, TokenContext, TokenPart } from "../tokens/types.js";

// Every ASCII punctuation character markdown-it accepts a backslash escape for.
const SIGNIFICANT = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** The value as literal markdown text: no emphasis, links, headings, lists, code, HTML or entities. */
export function escapeMarkdown(value: string): string {
  // Edge whitespace is trimmed: leading spaces would make an indented code block, trailing ones a hard break.
  const escaped = value.trim().replace(SIGNIFICANT, "\\$&");
  // A line break in a value is a hard break, never a blank line (which would start a new block).
  return escaped.replace(/\r\n?/g, "\n").replace(/[ \t]*\n[ \t\n]*/g, "\\\n");
}

/** The markdown source with tokens resolved: values escaped, or raw after a `markdown` filter. */
export function resolveMarkdown(template: TemplateText, tokens: TokenContext, scope: RowScope | undefined): string {
  if (!template.hasTokens) return template.source;
  let out = "";
  for (const part of template.parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    out += part.filters[part.filters.length - 1]?.name === "markdown"
      ? resolveText(single(part), tokens, scope)
      : isolateValue(escapeMarkdown(resolveText(single(part), tokens, scope)), tokens);
  }
  return out;
}

function single(part: TokenPart): TemplateText {
  return { source: part.source, parts: [part], hasTokens: true, usesPageTokens: part.path === "$page" || part.path === "$pages" };
}
