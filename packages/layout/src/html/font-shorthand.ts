// The `font` shorthand: `[style] [variant] [weight] [stretch] size[/line-height] family, …`. Everything it
// does not name is reset (weight to normal, line-height to normal), as browsers do — `body { font: 9pt/1.25
// Inter }` after `body { font-weight: bold }` prints regular text.
import { splitValue } from "./values.js";

const STYLES = new Set(["normal", "italic", "oblique"]);
const VARIANTS = new Set(["small-caps"]);
const WEIGHTS = new Set(["bold", "bolder", "lighter"]);
const STRETCHES = new Set(["ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded", "extra-expanded", "ultra-expanded"]);
/** System fonts: no equivalent on a server; the declaration is dropped (with a diagnostic by the caller). */
const SYSTEM = new Set(["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]);

/** The longhands of a `font` value, or undefined when it is not a valid one. */
export function fontLonghands(value: string): Map<string, string> | undefined {
  const trimmed = value.trim();
  if (SYSTEM.has(trimmed.toLowerCase())) return undefined;
  // Split the family list (which has commas and quoted names) from the part before it.
  const parts = splitValue(trimmed.replace(/\s*\/\s*/g, "/"));
  const out = new Map<string, string>([
    ["font-style", "normal"], ["font-variant", "normal"], ["font-weight", "normal"], ["font-stretch", "normal"], ["line-height", "normal"],
  ]);
  let i = 0;
  for (; i < parts.length && i < 4; i++) {
    const p = (parts[i] as string).toLowerCase();
    if (p === "normal") continue;
    if (STYLES.has(p) || /^oblique/.test(p)) out.set("font-style", p);
    else if (VARIANTS.has(p)) out.set("font-variant", p);
    else if (WEIGHTS.has(p) || /^\d+$/.test(p)) {
      const n = Number(p);
      if (/^\d+$/.test(p) && !(n >= 1 && n <= 1000)) return undefined;
      out.set("font-weight", p);
    } else if (STRETCHES.has(p)) out.set("font-stretch", p);
    else break;
  }
  const sizePart = parts[i];
  if (sizePart === undefined) return undefined;
  const slash = topLevelSlash(sizePart);
  const size = slash < 0 ? sizePart : sizePart.slice(0, slash);
  let lineHeight = slash < 0 ? undefined : sizePart.slice(slash + 1);
  i++;
  if (lineHeight === "") lineHeight = parts[i++]; // `9pt/ 1.25` was joined above; `9pt/` + `1.25` stays safe
  if (size === "" || /^\d+(\.\d+)?$/.test(size) && size !== "0") return undefined;
  const family = parts.slice(i).join(" ").trim();
  if (family === "") return undefined;
  out.set("font-size", size);
  if (lineHeight !== undefined) out.set("line-height", lineHeight);
  out.set("font-family", family);
  return out;
}

function topLevelSlash(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "/" && depth === 0) return i;
  }
  return -1;
}
