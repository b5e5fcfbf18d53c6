// `{{ path | filter:"arg" }}` parsing. Results are cached per distinct string because a document
// repeats the same few texts once per row.
import { BoundedCache } from "./cache.js";
import type { FilterCall, TemplatePart, TemplateText, TokenPart } from "./types.js";

const PAGE_PATHS = /^\$pages?(?:$|[.[])/;
const templateCache = new BoundedCache<string, TemplateText>(2000);
const chainCache = new BoundedCache<string, readonly FilterCall[]>(500);

/** Splits text into literal strings and tokens; a text without tokens is one literal part. */
export function parseTemplate(text: string): TemplateText {
  return templateCache.get(text, parseUncached);
}

/** Parses a pipe without a path, as a table column's `format` (`number:"#,##0.00"`); a leading `|` is allowed. */
export function parseFilterChain(format: string): readonly FilterCall[] {
  return chainCache.get(format, (text) => {
    const body = text.trimStart().startsWith("|") ? text.trimStart().slice(1) : text;
    return parseFilters(splitOutsideQuotes(body, "|"));
  });
}

/** Parses the inside of one token (no braces): the path and its filters. */
export function parseExpression(body: string): { readonly path: string; readonly filters: readonly FilterCall[] } {
  const [head = "", ...rest] = splitOutsideQuotes(body, "|");
  return { path: stripSpaces(head), filters: parseFilters(rest) };
}

function parseUncached(text: string): TemplateText {
  const parts: TemplatePart[] = [];
  let literal = "";
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{{", i);
    if (open < 0) break;
    const scan = scanBody(text, open + 2);
    if (scan.kind === "unterminated") break;
    if (scan.kind === "nested") {
      // `{{ a {{ b }}`: the first pair never closes, so it is text and the inner one is the token.
      literal += text.slice(i, scan.at);
      i = scan.at;
      continue;
    }
    literal += text.slice(i, open);
    if (literal) parts.push(literal);
    literal = "";
    const source = text.slice(open, scan.at + 2);
    const { path, filters } = parseExpression(text.slice(open + 2, scan.at));
    parts.push({ kind: "token", source, path, filters } satisfies TokenPart);
    i = scan.at + 2;
  }
  literal += text.slice(i);
  if (literal) parts.push(literal);
  const tokens = parts.filter((p): p is TokenPart => typeof p !== "string");
  return Object.freeze({
    source: text,
    parts: Object.freeze(parts),
    hasTokens: tokens.length > 0,
    usesPageTokens: tokens.some((t) => PAGE_PATHS.test(t.path)),
  });
}

type Scan = { kind: "close" | "nested"; at: number } | { kind: "unterminated" };

// Finds the `}}` that closes a token, skipping quoted arguments so `date:"'}}'"` stays whole.
function scanBody(text: string, start: number): Scan {
  let inQuote = false;
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (inQuote) {
      if (c === "\\") j++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (text.startsWith("}}", j)) return { kind: "close", at: j };
    else if (text.startsWith("{{", j)) return { kind: "nested", at: j };
  }
  return { kind: "unterminated" };
}

function parseFilters(segments: readonly string[]): readonly FilterCall[] {
  const filters: FilterCall[] = [];
  for (const segment of segments) {
    const colon = indexOutsideQuotes(segment, ":");
    const name = stripSpaces(colon < 0 ? segment : segment.slice(0, colon)).toLowerCase();
    if (!name) continue; // `{{ a | }}` and `a || b`: an empty step does nothing
    if (colon < 0) filters.push({ name });
    else filters.push({ name, arg: parseArg(segment.slice(colon + 1)) });
  }
  return Object.freeze(filters);
}

// A quoted argument keeps its inner spaces and resolves `\x` to `x`; a bare one is trimmed.
function parseArg(raw: string): string {
  const text = raw.trim();
  if (!text.startsWith('"')) return text;
  let out = "";
  for (let j = 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\" && j + 1 < text.length) out += text[++j];
    else if (c === '"') return out; // anything after the closing quote is ignored
    else out += c;
  }
  return out;
}

/** Splits on `sep` where it is not inside a double-quoted string. */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (let at = indexOutsideQuotes(rest, sep); at >= 0; at = indexOutsideQuotes(rest, sep)) {
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}

function indexOutsideQuotes(text: string, ch: string): number {
  let inQuote = false;
  for (let j = 0; j < text.length; j++) {
    const c = text[j];
    if (inQuote) {
      if (c === "\\") j++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (c === ch) return j;
  }
  return -1;
}

/** Removes whitespace outside double quotes: whitespace inside the braces is ignored, except in `["first name"]`. */
export function stripSpaces(text: string): string {
  let out = "";
  let inQuote = false;
  for (let j = 0; j < text.length; j++) {
    const c = text[j] ?? "";
    if (inQuote) {
      if (c === "\\" && j + 1 < text.length) out += c + (text[++j] ?? "");
      else {
        if (c === '"') inQuote = false;
        out += c;
      }
    } else if (c === '"') {
      inQuote = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}
