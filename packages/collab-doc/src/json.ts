// Plain JSON values as the Y.Doc stores them inside Y.Maps. Yjs keeps an inserted object by reference on the
// inserting side, so every value is copied on the way in (and out): later mutation of a caller's object must
// never change the shared document behind Yjs's back.

/** A JSON value. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** A JSON object. */
export type JsonObject = { readonly [key: string]: Json };

/** Whether `value` is a plain object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are equal, object key order aside (a document read back from the Y.Doc may order
 * keys differently from the stored text). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameJson(ra[k], rb[k]));
}

/**
 * A deep copy with `undefined` object members dropped (JSON semantics: an absent key and an undefined one
 * are the same document). Anything that is not JSON (functions, symbols) is dropped too.
 */
export function cloneJson(value: unknown): Json | undefined {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((v) => cloneJson(v) ?? null);
  if (typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = cloneJson(v);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return undefined;
}
