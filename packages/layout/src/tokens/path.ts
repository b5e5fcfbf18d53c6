// Path lookup with row scopes: `customer.name`, `items[0].qty`, `row["first name"]`, `$root.x`.
import { BoundedCache } from "./cache.js";
import { todayIn } from "./date-value.js";
import { stripSpaces } from "./parse.js";
import type { RowScope, TokenContext } from "./types.js";

/** A parsed path step: an object key or an array index. */
export type PathSegment = string | number;

const pathCache = new BoundedCache<string, readonly PathSegment[] | undefined>(2000);

/** Splits a path into keys and indexes; `undefined` when the path is malformed (`a..b`, `a[`) or empty. */
export function parsePath(path: string): readonly PathSegment[] | undefined {
  return pathCache.get(path, parsePathUncached);
}

/** The value a path names, searching the current row, each enclosing row, then the data root. */
export function lookupPath(path: string, ctx: TokenContext, scope?: RowScope): unknown {
  const segments = parsePath(stripSpaces(path));
  return segments ? lookupSegments(segments, ctx, scope) : undefined;
}

/** Like `lookupPath`, for an already parsed path. */
export function lookupSegments(segments: readonly PathSegment[], ctx: TokenContext, scope?: RowScope): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return undefined;
  return walkPath(resolveHead(head, ctx, scope), rest);
}

// Built-ins win over data keys of the same name. A data key is looked up in the innermost scope that
// has it as its own key: the first segment picks the scope, the rest never falls back to an outer one.
function resolveHead(head: PathSegment, ctx: TokenContext, scope?: RowScope): unknown {
  switch (head) {
    case "$root":
      return ctx.root;
    case "$row":
      return scope?.row;
    case "$index":
      return scope ? scope.index + 1 : undefined;
    case "$page":
      return ctx.page;
    case "$pages":
      return ctx.pages;
    case "$now":
      return ctx.now;
    case "$today":
      return todayIn(ctx.now, ctx.timezone);
    case "$pageRows":
      return ctx.pageRows;
    case "$rowsBefore":
      return ctx.rowsBefore;
    case "$rowsThrough":
      return ctx.rowsBefore && ctx.pageRows ? [...ctx.rowsBefore, ...ctx.pageRows] : undefined;
  }
  for (let s = scope; s; s = s.parent) {
    if (hasOwn(s.row, head)) return (s.row as Record<PathSegment, unknown>)[head];
  }
  return hasOwn(ctx.root, head) ? (ctx.root as Record<PathSegment, unknown>)[head] : undefined;
}

/** Follows `segments` from `start` through own keys only; undefined where one is missing. */
export function walkPath(start: unknown, segments: readonly PathSegment[]): unknown {
  let value = start;
  for (const segment of segments) {
    if (!hasOwn(value, segment)) return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}

// Own keys only: `constructor` or `__proto__` in a template must not reach the prototype chain.
export function hasOwn(value: unknown, key: PathSegment): boolean {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key);
}

function parsePathUncached(path: string): readonly PathSegment[] | undefined {
  const segments: PathSegment[] = [];
  let i = 0;
  let expectKey = true; // at the start and after `.`, a bare key (or `[`) must follow
  while (i < path.length) {
    const c = path[i];
    if (c === "[") {
      const bracket = readBracket(path, i);
      if (!bracket) return undefined;
      segments.push(bracket.segment);
      i = bracket.end;
      expectKey = false;
    } else if (c === ".") {
      if (expectKey) return undefined;
      expectKey = true;
      i++;
    } else {
      if (!expectKey) return undefined; // `a[0]b`
      let end = i;
      while (end < path.length && path[end] !== "." && path[end] !== "[") end++;
      const key = path.slice(i, end);
      if (key.includes("]")) return undefined;
      segments.push(key);
      i = end;
      expectKey = false;
    }
  }
  if (expectKey && segments.length > 0) return undefined; // trailing `.`
  return segments.length > 0 ? Object.freeze(segments) : undefined;
}

// `[3]` is an index, `["a b"]` a quoted key (escapes as in filter arguments), `[x]` the key `x`.
function readBracket(path: string, open: number): { segment: PathSegment; end: number } | undefined {
  if (path[open + 1] === '"') {
    let key = "";
    for (let j = open + 2; j < path.length; j++) {
      const c = path[j];
      if (c === "\\") key += path[++j] ?? "";
      else if (c === '"') return path[j + 1] === "]" ? { segment: key, end: j + 2 } : undefined;
      else key += c;
    }
    return undefined;
  }
  const close = path.indexOf("]", open);
  if (close < 0) return undefined;
  const inner = path.slice(open + 1, close);
  if (!inner) return undefined;
  return { segment: /^\d+$/.test(inner) ? Number(inner) : inner, end: close + 1 };
}
