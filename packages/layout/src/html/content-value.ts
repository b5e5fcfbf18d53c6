// The `content` property read into parts (CSS Generated Content 3 and GCPM): strings, attr(), counter(),
// counters(), quotes, url() images, and for paged media string(), element(), target-counter(),
// target-text() and leader(). Values are read once per distinct text (styles are shared, so are these).

export type ContentPart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "attr"; readonly name: string }
  | { readonly kind: "counter"; readonly name: string; readonly style: string }
  | { readonly kind: "counters"; readonly name: string; readonly separator: string; readonly style: string }
  | { readonly kind: "quote"; readonly open: boolean; readonly print: boolean }
  | { readonly kind: "image"; readonly url: string }
  | { readonly kind: "string"; readonly name: string; readonly which: string }
  | { readonly kind: "element"; readonly name: string; readonly which: string }
  | { readonly kind: "target-counter"; readonly target: TargetRef; readonly name: string; readonly style: string }
  | { readonly kind: "target-text"; readonly target: TargetRef; readonly which: string }
  | { readonly kind: "leader"; readonly fill: string };

/** Where a target-* function points: `attr(href)` (read on the element) or a `"#id"` string. */
export type TargetRef = { readonly attr: string } | { readonly url: string };

/** What a `content` value says: nothing (`none`/`normal`), or its parts; `unknown` lists functions not understood. */
export interface Content {
  readonly parts: readonly ContentPart[] | null;
  readonly unknown: readonly string[];
}

const cache = new Map<string, Content>();

/** Reads a `content` value. */
export function parseContent(value: string): Content {
  let found = cache.get(value);
  if (!found) {
    found = read(value);
    if (cache.size > 2000) cache.clear();
    cache.set(value, found);
  }
  return found;
}

function read(value: string): Content {
  const trimmed = value.trim();
  if (/^(none|normal)$/i.test(trimmed)) return { parts: null, unknown: [] };
  const parts: ContentPart[] = [];
  const unknown: string[] = [];
  for (const token of tokens(trimmed)) {
    if (token.kind === "string") parts.push({ kind: "text", text: token.value });
    else if (token.kind === "ident") {
      const id = token.value.toLowerCase();
      if (id === "open-quote" || id === "close-quote") parts.push({ kind: "quote", open: id === "open-quote", print: true });
      else if (id === "no-open-quote" || id === "no-close-quote") parts.push({ kind: "quote", open: id === "no-open-quote", print: false });
      else unknown.push(id);
    } else {
      const part = functionPart(token.name, token.args);
      if (part) parts.push(part);
      else unknown.push(`${token.name}()`);
    }
  }
  return { parts, unknown };
}

function functionPart(name: string, args: readonly string[]): ContentPart | undefined {
  const arg = (i: number): string => unquote(args[i] ?? "");
  const ident = (i: number, fallback: string): string => (args[i] !== undefined ? (args[i] as string).trim().toLowerCase() : fallback);
  switch (name) {
    case "attr":
      return args[0] ? { kind: "attr", name: (args[0].trim().split(/\s+/)[0] as string).toLowerCase() } : undefined;
    case "counter":
      return args[0] ? { kind: "counter", name: ident(0, ""), style: ident(1, "decimal") } : undefined;
    case "counters":
      return args[0] && args[1] !== undefined ? { kind: "counters", name: ident(0, ""), separator: arg(1), style: ident(2, "decimal") } : undefined;
    case "url":
      // A data: URL holds commas (`data:image/png;base64,…`): the arguments are one.
      return { kind: "image", url: unquote(args.join(",")) };
    case "string":
      return args[0] ? { kind: "string", name: ident(0, ""), which: ident(1, "first") } : undefined;
    case "element":
      return args[0] ? { kind: "element", name: ident(0, ""), which: ident(1, "first") } : undefined;
    case "target-counter": {
      const target = targetOf(args[0]);
      return target && args[1] ? { kind: "target-counter", target, name: ident(1, "page"), style: ident(2, "decimal") } : undefined;
    }
    case "target-text": {
      const target = targetOf(args[0]);
      return target ? { kind: "target-text", target, which: ident(1, "content") } : undefined;
    }
    case "leader": {
      const fill = ident(0, "dotted");
      const text = fill === "dotted" ? "." : fill === "solid" ? "_" : fill === "space" ? " " : arg(0);
      return text !== "" ? { kind: "leader", fill: text } : undefined;
    }
    default:
      return undefined;
  }
}

function targetOf(arg: string | undefined): TargetRef | undefined {
  if (arg === undefined) return undefined;
  const a = arg.trim();
  const attr = /^attr\(\s*([\w-]+)\s*\)$/i.exec(a);
  if (attr) return { attr: (attr[1] as string).toLowerCase() };
  const url = /^url\(\s*["']?([^"')]*)["']?\s*\)$/i.exec(a);
  if (url) return { url: url[1] as string };
  if (/^["']/.test(a)) return { url: unquote(a) };
  return undefined;
}

type Token = { kind: "string"; value: string } | { kind: "ident"; value: string } | { kind: "function"; name: string; args: string[] };

// Strings, identifiers and functions (with their comma-separated arguments, nested brackets kept whole).
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      out.push({ kind: "string", value: unquote(text.slice(i, end)) });
      i = end;
    } else {
      const m = /^[-\w]+/.exec(text.slice(i));
      if (!m) {
        i++;
        continue;
      }
      const word = m[0];
      i += word.length;
      if (text[i] !== "(") {
        out.push({ kind: "ident", value: word });
        continue;
      }
      // Arguments up to the matching bracket, split at top-level commas.
      const args: string[] = [];
      let depth = 0;
      let current = "";
      for (i++; i < text.length; i++) {
        const d = text[i] as string;
        if (d === '"' || d === "'") {
          const end = stringEnd(text, i);
          current += text.slice(i, end);
          i = end - 1;
        } else if (d === "(") {
          depth++;
          current += d;
        } else if (d === ")") {
          if (depth === 0) break;
          depth--;
          current += d;
        } else if (d === "," && depth === 0) {
          args.push(current.trim());
          current = "";
        } else current += d;
      }
      i++;
      if (current.trim() !== "" || args.length > 0) args.push(current.trim());
      out.push({ kind: "function", name: word.toLowerCase(), args });
    }
  }
  return out;
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
  return Math.min(text.length, i + 1);
}

/** A CSS string's text (escapes read: `\\A` a line break, `\\201C` a code point, `\\"` a quote). */
export function unquote(s: string): string {
  const t = s.trim();
  const body = /^["']/.test(t) ? t.slice(1, t.endsWith(t[0] as string) && t.length > 1 ? -1 : undefined) : t;
  return body.replace(/\\([0-9a-f]{1,6}) ?|\\(.)/gi, (_m, hex: string | undefined, ch: string | undefined) => (hex !== undefined ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ch as string)));
}
