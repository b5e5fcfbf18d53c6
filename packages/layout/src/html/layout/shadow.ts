// `box-shadow` and `text-shadow`. A box shadow is the box's rounded rectangle moved by its offsets, grown by
// its spread, in its colour; a blur is drawn as a few nested rectangles whose alphas add up to the colour's
// (a stepped edge as wide as the blur, where Chromium draws a Gaussian one). Text shadows are copies of the
// text runs, moved and in the shadow's colour, under the text (drawn sharp; a blur only softens them in a
// browser). Inset box shadows are not drawn (one diagnostic).
import type { FrameItem, TextRunItem } from "../../frame/types.js";
import { parseColour, parseLength, splitValue } from "../values.js";
import type { HtmlContext } from "./context.js";

/** One shadow, lengths in points. */
export interface Shadow {
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly spread: number;
  readonly color: string;
  readonly alpha: number;
}

/** The shadows of a `box-shadow`/`text-shadow` value, first on top (undefined for none or unreadable ones, reported). */
export function shadowsOf(value: string | undefined, size: number, ctx: HtmlContext, path: string, property: string): readonly Shadow[] | undefined {
  if (value === undefined) return undefined;
  const cached = parsed.get(`${size}\u0000${value}`);
  if (cached !== undefined) return cached ?? undefined;
  const out: Shadow[] = [];
  let reported = false;
  for (const part of splitCommas(value)) {
    const words = splitValue(part);
    if (words.some((w) => w.toLowerCase() === "inset")) {
      ctx.diagnostics.add("css.unsupported", `${property}: inset shadows are not drawn`, path);
      reported = true;
      continue;
    }
    const lengths: number[] = [];
    let colour: { color: string; alpha: number } | undefined;
    for (const w of words) {
      const l = /^-?[\d.]/.test(w) ? parseLength(w, { em: size, rem: size }) : undefined;
      if (l && l.pct === 0) lengths.push(l.pt);
      else colour = colourWithAlpha(w) ?? colour;
    }
    if (lengths.length < 2 || lengths.length > 4) {
      ctx.diagnostics.add("css.invalid", `${property} ${JSON.stringify(part)} is not a shadow; it is not drawn`, path);
      reported = true;
      continue;
    }
    const c = colour ?? { color: "#000000", alpha: 1 };
    out.push({ x: lengths[0] as number, y: lengths[1] as number, blur: Math.max(0, lengths[2] ?? 0), spread: lengths[3] ?? 0, color: c.color, alpha: c.alpha });
  }
  const result = out.filter((s) => s.alpha > 0);
  // Only values read without a problem are kept: a problem is reported in every render that meets it.
  if (!reported && parsed.size < 256) parsed.set(`${size}\u0000${value}`, result.length > 0 ? result : null);
  return result.length > 0 ? result : undefined;
}

// Values repeat across a document's elements; parsing is per distinct value (diagnostics are then said once).
const parsed = new Map<string, readonly Shadow[] | null>();

/** Splits at commas outside parentheses (rgba(…) keeps its commas). */
function splitCommas(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (ch === "," && depth === 0) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== "");
}

/** A colour and its alpha (the shared colour parser drops alpha, which a shadow needs). */
function colourWithAlpha(text: string): { color: string; alpha: number } | undefined {
  const s = text.trim().toLowerCase();
  const fn = /^rgba?\(([^)]*)\)$/.exec(s)?.[1];
  if (fn) {
    const parts = fn.split(/[\s,/]+/).filter((p) => p !== "");
    const a = parts[3];
    const alpha = a === undefined ? 1 : a.endsWith("%") ? Number(a.slice(0, -1)) / 100 : Number(a);
    const color = parseColour(`rgb(${parts.slice(0, 3).join(",")})`);
    return color && Number.isFinite(alpha) ? { color, alpha: Math.min(1, Math.max(0, alpha)) } : undefined;
  }
  const hex = /^#([0-9a-f]{8})$/.exec(s)?.[1];
  if (hex) return { color: `#${hex.slice(0, 6)}`, alpha: parseInt(hex.slice(6), 16) / 255 };
  const color = parseColour(s);
  return color ? { color, alpha: 1 } : undefined;
}

/** Draws box shadows (last first, so the first is on top) for a border box at (x, y), `width` × `height`. */
export function drawBoxShadows(out: FrameItem[], shadows: readonly Shadow[], x: number, y: number, width: number, height: number, radius: number): void {
  for (let i = shadows.length - 1; i >= 0; i--) {
    const s = shadows[i] as Shadow;
    const steps = s.blur > 0 ? Math.min(6, Math.max(2, Math.ceil(s.blur / 1.5))) : 1;
    // Each of n nested layers with alpha a leaves 1 − (1 − a)^n where all overlap: the shadow's own alpha.
    const layer = s.alpha >= 1 ? 1 : 1 - Math.pow(1 - s.alpha, 1 / steps);
    const items: FrameItem[] = [];
    for (let k = 0; k < steps; k++) {
      const grow = s.spread + (steps === 1 ? 0 : s.blur * (k / (steps - 1) - 0.5));
      const w = width + 2 * grow;
      const h = height + 2 * grow;
      if (w <= 0 || h <= 0) continue;
      // A sharp box's shadow keeps sharp corners under a spread; only the blur rounds them.
      const r = radius > 0 ? Math.max(0, radius + grow) : Math.max(0, grow - s.spread);
      items.push({ kind: "shape", geometry: { type: "rect", x: x + s.x - grow, y: y + s.y - grow, width: w, height: h, ...(r > 0 ? { radius: Math.min(r, w / 2, h / 2) } : {}) }, fill: s.color });
    }
    if (items.length > 0) out.push(layer < 1 ? { kind: "group", opacity: layer, items } : { kind: "group", items });
  }
}

/** Copies of a line's text runs for each text shadow, to draw under them. */
export function textShadowItems(runs: readonly FrameItem[], shadows: readonly Shadow[]): FrameItem[] {
  const out: FrameItem[] = [];
  for (let i = shadows.length - 1; i >= 0; i--) {
    const s = shadows[i] as Shadow;
    const items = runs.filter((r): r is TextRunItem => r.kind === "text").map((r) => ({ ...r, x: r.x + s.x, y: r.y + s.y, color: s.color }));
    if (items.length > 0) out.push(s.alpha < 1 ? { kind: "group", opacity: s.alpha, items } : { kind: "group", items });
  }
  return out;
}
