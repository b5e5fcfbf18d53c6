// Custom properties and var(): every `--name` inherits; a value with var() is substituted per element at
// cascade time (its parent's custom properties plus its own), with fallbacks, and only then expanded
// when it was a shorthand. A reference that cannot be resolved (unknown name without fallback, a cycle)
// makes the declaration invalid at computed-value time: the property behaves as `unset`, as in browsers.
// Substituted text is bounded (MAX_VALUE) so that `--a: var(--b) var(--b)` chains cannot grow without end.
import { expand, PENDING } from "./shorthands.js";

/** Longest value a substitution may produce; longer is invalid (Chromium has a similar guard). */
export const MAX_VALUE = 16_384;

/** Custom properties of an element with none: shared. */
export const NO_CUSTOM: ReadonlyMap<string, string> = new Map();

/** Replaces every var() in `value`; undefined when one cannot be resolved. */
export function substitute(value: string, lookup: (name: string) => string | undefined): string | undefined {
  let out = "";
  let i = 0;
  const lower = value.toLowerCase();
  for (;;) {
    const at = lower.indexOf("var(", i);
    if (at < 0) break;
    // `var(` must not end another identifier (`covar(` is not var())
    if (at > 0 && /[\w-]/.test(value[at - 1] as string)) {
      out += value.slice(i, at + 4);
      i = at + 4;
      continue;
    }
    const close = matching(value, at + 3);
    if (close < 0) return undefined;
    const inner = value.slice(at + 4, close);
    const comma = topLevelComma(inner);
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    if (!name.startsWith("--")) return undefined;
    let replacement = lookup(name);
    if (replacement === undefined && comma >= 0) replacement = substitute(inner.slice(comma + 1).trim(), lookup);
    if (replacement === undefined) return undefined;
    out += value.slice(i, at) + replacement;
    if (out.length > MAX_VALUE) return undefined;
    i = close + 1;
  }
  return out + value.slice(i);
}

function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i;
  }
  return -1;
}

function topLevelComma(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) return i;
  }
  return -1;
}

/** An element's custom properties: its parent's with its own declared ones (raw) resolved over them. */
export function resolveCustom(own: ReadonlyMap<string, string>, parent: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  if (own.size === 0) return parent;
  const resolved = new Map(parent);
  const state = new Map<string, "busy" | "done">();
  const resolve = (name: string): string | undefined => {
    const raw = own.get(name);
    if (raw === undefined) return parent.get(name);
    const s = state.get(name);
    if (s === "done") return resolved.get(name);
    if (s === "busy") return undefined; // a cycle: every property in it is invalid
    state.set(name, "busy");
    const keyword = raw.trim().toLowerCase();
    let value: string | undefined;
    if (keyword === "inherit" || keyword === "unset") value = parent.get(name);
    else if (keyword === "initial") value = undefined;
    else value = /var\(/i.test(raw) ? substitute(raw, resolve) : raw;
    state.set(name, "done");
    if (value === undefined) resolved.delete(name);
    else resolved.set(name, value);
    return value;
  };
  for (const name of own.keys()) resolve(name);
  return resolved;
}

/** The value of a longhand whose declaration had var(): substituted, expanded; `unset` when invalid. */
export function pendingValue(longhand: string, pending: string, custom: ReadonlyMap<string, string>): string {
  const rest = pending.slice(PENDING.length);
  const split = rest.indexOf("\u0001");
  const shorthand = rest.slice(0, split);
  const value = substitute(rest.slice(split + 1), (name) => custom.get(name));
  if (value === undefined || value.trim() === "") return "unset";
  if (shorthand === longhand) return value.trim();
  return expand(shorthand, value, false).find((d) => d.property === longhand)?.value ?? "unset";
}
