// @supports: a condition is true when this converter reads the property (after shorthand expansion) and
// a `selector()` compiles here — so a sheet's fallback branch is taken for what we do not lay out, which
// is what a browser without the feature would print. Custom properties are always supported.
import { compileSelector } from "./select.js";
import { expand } from "./shorthands.js";
import { computeStyle, SUPPORTED } from "./style.js";

/** Whether an @supports condition holds here. */
export function supportsMatches(condition: string): boolean {
  const c = condition.trim();
  if (c === "") return false;
  const lower = c.toLowerCase();
  if (lower.startsWith("not ")) return !supportsMatches(c.slice(4));
  const ors = splitKeyword(c, "or");
  if (ors.length > 1) return ors.some(supportsMatches);
  const ands = splitKeyword(c, "and");
  if (ands.length > 1) return ands.every(supportsMatches);
  if (lower.startsWith("selector(") && c.endsWith(")")) return compileSelector(c.slice(9, -1).trim()) !== undefined;
  if (c.startsWith("(") && c.endsWith(")") && closes(c)) {
    const inner = c.slice(1, -1).trim();
    const colon = inner.indexOf(":");
    if (colon < 0 || inner.startsWith("(") || /^not\s/i.test(inner) || splitKeyword(inner, "and").length > 1 || splitKeyword(inner, "or").length > 1) return supportsMatches(inner);
    const property = inner.slice(0, colon).trim().toLowerCase();
    const value = inner.slice(colon + 1).trim();
    if (property.startsWith("--")) return true;
    if (value === "") return false;
    const longhands = expand(property, value, false);
    return longhands.length > 0 && longhands.every((d) => SUPPORTED.has(d.property) && valueTakes(d.property, d.value));
  }
  return false;
}

/** Values every property takes, or that equal common initial values (a computed style cannot tell them apart). */
const ALWAYS = new Set(["initial", "inherit", "unset", "revert", "normal", "none", "auto", "inline", "static", "0", "transparent", "currentcolor"]);

// Whether the converter reads this value of a supported property: its computed style differs from the one an
// unreadable value leaves (which is the initial one). `display: grid` where grid is not laid out is false.
function valueTakes(property: string, value: string): boolean {
  if (ALWAYS.has(value.trim().toLowerCase())) return true;
  const parent = computeStyle(new Map(), undefined, 12);
  const of = (v: string): string => JSON.stringify(computeStyle(new Map([[property, v]]), parent, 12), (_k, x: unknown) => (x instanceof Map ? [...x] : x));
  return of(value) !== of("\u0000invalid");
}

// Whether the parenthesis opened at 0 closes at the end (not `(a) and (b)`).
function closes(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0 && i < text.length - 1) return false;
  }
  return true;
}

function splitKeyword(text: string, keyword: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const re = new RegExp(`^\\s${keyword}\\s`, "i");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && re.test(text.slice(i, i + keyword.length + 2))) {
      out.push(text.slice(start, i));
      start = i + keyword.length + 2;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== "");
}
