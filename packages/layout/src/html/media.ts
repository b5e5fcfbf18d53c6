// @media as Chromium prints: the media type is `print` (so `screen` rules are skipped and `print`/`all`
// applied), and size features are answered by the page area (the viewport of a printed page: the @page
// size minus its margins). Media Queries 4 ranges (`(width >= 600px)`) and `not`/`only` are read; an
// unknown feature is false, like in browsers.
import { parseLength } from "./values.js";

/** The page area in points. */
export interface MediaViewport {
  readonly width: number;
  readonly height: number;
}

/** Whether a media query list (the @media prelude, lower case) matches a printed page of this area. */
export function mediaMatches(prelude: string, viewport: MediaViewport): boolean {
  const text = prelude.trim().toLowerCase();
  if (text === "") return true;
  return splitTop(text, ",").some((query) => queryMatches(query.trim(), viewport));
}

function queryMatches(query: string, viewport: MediaViewport): boolean {
  let q = query;
  let negate = false;
  if (q.startsWith("not ")) {
    negate = true;
    q = q.slice(4).trim();
  } else if (q.startsWith("only ")) q = q.slice(5).trim();
  const parts = splitTop(q, " and ").map((p) => p.trim()).filter((p) => p !== "");
  if (parts.length === 0) return false;
  let result = true;
  for (const part of parts) {
    if (part.startsWith("(")) result &&= featureMatches(part, viewport);
    else if (/^[a-z-]+$/.test(part)) result &&= part === "print" || part === "all";
    else result = false;
  }
  return negate ? !result : result;
}

const BASE = { em: 12, rem: 12 };

function featureMatches(part: string, viewport: MediaViewport): boolean {
  const inner = part.replace(/^\(|\)$/g, "").trim();
  if (inner.startsWith("not ")) return !featureMatches(`(${inner.slice(4).trim()})`, viewport);
  const ratio = viewport.width / viewport.height;
  const size = (name: string): number | undefined => {
    if (name === "width" || name === "device-width") return viewport.width;
    if (name === "height" || name === "device-height") return viewport.height;
    if (name === "aspect-ratio" || name === "device-aspect-ratio") return ratio;
    return undefined;
  };
  const value = (text: string, name: string): number | undefined => {
    if (name.endsWith("aspect-ratio")) {
      const [a, b = "1"] = text.split("/").map((s) => Number(s.trim()));
      return Number.isFinite(a) && Number.isFinite(Number(b)) && Number(b) !== 0 ? (a as number) / Number(b) : undefined;
    }
    const l = parseLength(text, BASE);
    return l && l.pct === 0 ? l.pt : undefined;
  };
  // Ranges: `width >= 600px`, `400px < width <= 800px`
  const range = /^(?:([^<>=]+?)\s*(<=|<|>=|>|=)\s*)?([a-z-]+)\s*(<=|<|>=|>|=)?\s*([^<>=]*)$/.exec(inner);
  if (range && (range[2] !== undefined || range[4] !== undefined) && !inner.includes(":")) {
    const [, left, op1, name = "", op2, right] = range;
    const actual = size(name);
    if (actual === undefined) return false;
    const compare = (a: number, op: string, b: number): boolean => (op === "<" ? a < b : op === "<=" ? a <= b + 0.01 : op === ">" ? a > b : op === ">=" ? a >= b - 0.01 : Math.abs(a - b) < 0.01);
    if (left !== undefined && op1 !== undefined) {
      const l = value(left, name);
      if (l === undefined || !compare(l, op1, actual)) return false;
    }
    if (op2 !== undefined && right !== undefined && right !== "") {
      const r = value(right, name);
      if (r === undefined || !compare(actual, op2, r)) return false;
    }
    return true;
  }
  const colon = inner.indexOf(":");
  const name = (colon < 0 ? inner : inner.slice(0, colon)).trim();
  const given = colon < 0 ? undefined : inner.slice(colon + 1).trim();
  const prefix = name.startsWith("min-") ? "min" : name.startsWith("max-") ? "max" : "";
  const base = prefix ? name.slice(4) : name;
  const actual = size(base);
  if (actual !== undefined) {
    if (given === undefined) return actual > 0;
    const v = value(given, base);
    if (v === undefined) return false;
    return prefix === "min" ? actual >= v - 0.01 : prefix === "max" ? actual <= v + 0.01 : Math.abs(actual - v) < 0.01;
  }
  switch (base) {
    case "orientation":
      return given === (viewport.height >= viewport.width ? "portrait" : "landscape");
    case "color":
    case "color-index":
    case "monochrome":
      // Chromium prints in colour
      return base === "color" ? given === undefined || Number(given) <= 8 || prefix === "min" : false;
    case "prefers-color-scheme":
      return given === "light";
    case "prefers-reduced-motion":
      return given === "no-preference";
    case "hover":
    case "any-hover":
    case "pointer":
    case "any-pointer":
      return given === "none";
    case "scripting":
      return given === "none";
    default:
      return false;
  }
}

/** Splits on a separator at parenthesis depth 0. */
function splitTop(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      out.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
