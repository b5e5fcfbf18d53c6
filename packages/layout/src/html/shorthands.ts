// Shorthand properties expanded into longhands at parse time, so the cascade only ever compares longhands
// (a later `margin-top` beats an earlier `margin`, as in browsers).
import { backgroundLonghands } from "./background-shorthand.js";
import { fontLonghands } from "./font-shorthand.js";
import { INITIAL_VALUES, isWideKeyword, LONGHANDS } from "./longhands.js";
import { SUPPORTED } from "./style.js";
import { parseColour, splitValue } from "./values.js";

/** A declaration after expansion. */
export interface Declaration {
  readonly property: string;
  readonly value: string;
  readonly important: boolean;
}

const SIDES = ["top", "right", "bottom", "left"] as const;
const BORDER_STYLES = new Set(["none", "hidden", "solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset"]);

/** The four values of a 1–4 value box shorthand (top, right, bottom, left). */
export function boxValues(value: string): [string, string, string, string] | undefined {
  const v = splitValue(value);
  if (v.length === 0 || v.length > 4) return undefined;
  const [t, r = t, b = t, l = r] = v as [string, string?, string?, string?];
  return [t, r, b, l];
}

/**
 * Marks a value that still has var() in it: `PENDING + shorthand + "\u0001" + value`, on each longhand the
 * shorthand sets. The cascade substitutes the element's custom properties and expands again (var.ts).
 */
export const PENDING = "\u0000var\u0001";

/** Expands one declaration into longhands (itself when it is not a shorthand). */
export function expand(property: string, value: string, important: boolean): Declaration[] {
  const out: Declaration[] = [];
  const add = (p: string, v: string): void => void out.push({ property: p, value: v, important });
  const longhands = LONGHANDS.get(property);
  if (!property.startsWith("--") && /var\(/i.test(value)) {
    for (const p of longhands ?? [property]) if (!longhands || SUPPORTED.has(p)) add(p, `${PENDING}${property}\u0001${value}`);
    return out;
  }
  if (longhands && isWideKeyword(value)) {
    for (const p of longhands) if (SUPPORTED.has(p)) add(p, value.trim().toLowerCase());
    return out;
  }
  // A shorthand's reset of a longhand the converter does not read is left out (no diagnostic for it).
  const addAll = (values: ReadonlyMap<string, string>): void => {
    for (const [p, v] of values) if (SUPPORTED.has(p) || INITIAL_VALUES.get(p) !== v) add(p, v);
  };
  switch (property) {
    case "font": {
      const values = fontLonghands(value);
      if (values) addAll(values);
      return out;
    }
    case "place-items":
    case "place-content":
    case "place-self": {
      const [align, justify = align] = splitValue(value);
      const [a, j] = LONGHANDS.get(property) as [string, string];
      if (align !== undefined) addAll(new Map([[a, align], [j, justify as string]]));
      return out;
    }
    case "margin":
    case "padding": {
      const box = boxValues(value);
      if (box) SIDES.forEach((side, i) => add(`${property}-${side}`, box[i] as string));
      return out;
    }
    case "border-width":
    case "border-style":
    case "border-color": {
      const box = boxValues(value);
      const part = property.slice(7);
      if (box) SIDES.forEach((side, i) => add(`border-${side}-${part}`, box[i] as string));
      return out;
    }
    case "border":
    case "border-top":
    case "border-right":
    case "border-bottom":
    case "border-left": {
      const sides = property === "border" ? SIDES : [property.slice(7)];
      const parts = borderParts(value);
      for (const side of sides) {
        add(`border-${side}-width`, parts.width);
        add(`border-${side}-style`, parts.style);
        add(`border-${side}-color`, parts.color);
      }
      return out;
    }
    case "background": {
      const values = backgroundLonghands(value);
      if (values) addAll(values);
      return out;
    }
    case "flex": {
      const v = splitValue(value);
      if (v[0] === "none") return [...expand("flex-grow", "0", important), ...expand("flex-shrink", "0", important), ...expand("flex-basis", "auto", important)];
      if (v[0] === "auto") return [...expand("flex-grow", "1", important), ...expand("flex-shrink", "1", important), ...expand("flex-basis", "auto", important)];
      const numbers = v.filter((p) => /^[\d.]+$/.test(p));
      const basis = v.find((p) => !/^[\d.]+$/.test(p));
      add("flex-grow", numbers[0] ?? "1");
      add("flex-shrink", numbers[1] ?? "1");
      add("flex-basis", basis ?? "0%");
      return out;
    }
    case "flex-flow": {
      for (const p of splitValue(value)) add(p.includes("wrap") ? "flex-wrap" : "flex-direction", p);
      return out;
    }
    case "grid-gap":
      return expand("gap", value, important);
    case "grid-row-gap":
    case "grid-column-gap":
      return expand(property.slice(5), value, important);
    case "gap": {
      const [row, column = row] = splitValue(value);
      if (row !== undefined) {
        add("row-gap", row);
        add("column-gap", column as string);
      }
      return out;
    }
    case "list-style": {
      // `none` sets whichever of type and image is not given otherwise; a url() is the image
      const parts = splitValue(value);
      const image = parts.find((p) => /^url\(/i.test(p));
      const type = parts.find((p) => p !== image && p !== "inside" && p !== "outside" && p !== "none");
      add("list-style-type", type ?? (parts.includes("none") || image ? (image && !parts.includes("none") ? "disc" : "none") : "disc"));
      add("list-style-image", image ?? "none");
      return out;
    }
    case "page-break-before":
    case "page-break-after":
    case "page-break-inside": {
      const v = value.trim() === "always" ? "page" : value.trim();
      add(property.slice(5), v);
      return out;
    }
    case "-webkit-hyphens":
      add("hyphens", value);
      return out;
    case "border-radius": {
      add("border-radius", splitValue(value)[0] ?? "0");
      return out;
    }
    case "columns": {
      // `columns: 12em`, `columns: 2`, `columns: 2 12em`, `columns: auto`.
      const parts = splitValue(value);
      add("column-count", parts.find((p) => /^\d+$/.test(p)) ?? "auto");
      add("column-width", parts.find((p) => !/^\d+$/.test(p) && p !== "auto") ?? "auto");
      return out;
    }
    case "column-rule": {
      const { width, style, color } = borderParts(value);
      add("column-rule-width", width);
      add("column-rule-style", style);
      add("column-rule-color", color);
      return out;
    }
    case "grid-row":
    case "grid-column": {
      const [start = "auto", end] = value.split("/").map((s) => s.trim());
      add(`${property}-start`, start);
      add(`${property}-end`, end ?? (isName(start) ? start : "auto"));
      return out;
    }
    case "grid-area": {
      // row-start / column-start / row-end / column-end; a missing one repeats a name, else auto.
      const v = value.split("/").map((s) => s.trim());
      const rs = v[0] ?? "auto";
      const cs = v[1] ?? (isName(rs) ? rs : "auto");
      add("grid-row-start", rs);
      add("grid-column-start", cs);
      add("grid-row-end", v[2] ?? (isName(rs) ? rs : "auto"));
      add("grid-column-end", v[3] ?? (isName(cs) ? cs : "auto"));
      return out;
    }
    case "inset": {
      const box = boxValues(value);
      if (box) SIDES.forEach((side, i) => add(side, box[i] as string));
      return out;
    }
    default:
      add(property, value);
      return out;
  }
}

/** A grid line given by an area name (not a number, `span …` or `auto`). */
function isName(v: string): boolean {
  return /^[a-z_-][\w-]*$/i.test(v) && v !== "auto" && v !== "span";
}

function borderParts(value: string): { width: string; style: string; color: string } {
  let width = "medium";
  let style = "none";
  let color = "currentcolor";
  for (const p of splitValue(value)) {
    if (BORDER_STYLES.has(p)) style = p;
    else if (parseColour(p) !== undefined || p === "currentcolor") color = p;
    else width = p;
  }
  return { width, style, color };
}
