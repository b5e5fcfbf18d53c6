// CSS image values of `background-image` (and `list-style-image`): `url(data:…)`, `linear-gradient()` and
// `radial-gradient()`, parsed into what layout/background.ts paints. Colour stops: a colour and an optional
// position (percent or length); stops without one are spread evenly, as CSS Images 3 says. A transparent
// stop is marked `clear` (PDF shadings here have no alpha): the painter fades the bottom layer to the box's
// colour (or the paper) there, and leaves the part of an upper layer past the fade unpainted (a hard edge
// halfway through the fade). `repeating-*` gradients are drawn once (reported by the caller).
import { splitLayers } from "./background-shorthand.js";
import { parseColour, parseLength, splitValue, type Length, type UnitBase } from "./values.js";

export interface ColourStop {
  readonly color: string;
  /** A transparent stop (its colour is its neighbour's; the painter leaves its side of the box unpainted). */
  readonly clear?: boolean;
  /** Where on the gradient line; undefined: spread evenly between its neighbours. */
  readonly at: Length | undefined;
}

export type CssImage =
  | { readonly kind: "url"; readonly src: string }
  | { readonly kind: "linear"; readonly repeating: boolean;
      /** Degrees (0: to top, 90: to right), or a corner (`to top right`) resolved against the box. */
      readonly angle: number | { readonly x: -1 | 1; readonly y: -1 | 1 };
      readonly stops: readonly ColourStop[] }
  | { readonly kind: "radial"; readonly repeating: boolean; readonly circle: boolean;
      readonly size: "closest-side" | "closest-corner" | "farthest-side" | "farthest-corner" | readonly [Length, Length];
      readonly position: readonly [Length, Length];
      readonly stops: readonly ColourStop[] };

const BASE: UnitBase = { em: 12, rem: 12 };

/** The layers of a `background-image` value (null for `none`); undefined when a layer cannot be read. */
export function parseImages(value: string, base: UnitBase = BASE): (CssImage | null)[] | undefined {
  const out: (CssImage | null)[] = [];
  for (const layer of splitLayers(value)) {
    if (layer.toLowerCase() === "none") {
      out.push(null);
      continue;
    }
    const image = parseImage(layer, base);
    if (!image) return undefined;
    out.push(image);
  }
  return out;
}

/** One image value. */
export function parseImage(text: string, base: UnitBase = BASE): CssImage | undefined {
  const m = /^([a-z-]+)\(([\s\S]*)\)$/i.exec(text.trim());
  if (!m) return undefined;
  const fn = (m[1] as string).toLowerCase();
  const args = m[2] as string;
  if (fn === "url") return { kind: "url", src: args.trim().replace(/^(['"])([\s\S]*)\1$/, "$2").trim() };
  const repeating = fn.startsWith("repeating-");
  const name = repeating ? fn.slice(10) : fn;
  const parts = splitLayers(args);
  if (name === "linear-gradient") {
    let angle: number | { x: -1 | 1; y: -1 | 1 } = 180;
    const first = (parts[0] ?? "").trim().toLowerCase();
    let from = 0;
    const degrees = angleOf(first);
    if (degrees !== undefined) {
      angle = degrees;
      from = 1;
    } else if (first.startsWith("to ")) {
      const words = first.slice(3).split(/\s+/);
      const x = words.includes("left") ? -1 : words.includes("right") ? 1 : 0;
      const y = words.includes("top") ? -1 : words.includes("bottom") ? 1 : 0;
      if (x !== 0 && y !== 0) angle = { x, y } as { x: -1 | 1; y: -1 | 1 };
      else angle = x === 1 ? 90 : x === -1 ? 270 : y === -1 ? 0 : 180;
      from = 1;
    }
    const stops = stopsOf(parts.slice(from), base);
    return stops ? { kind: "linear", repeating, angle, stops } : undefined;
  }
  if (name === "radial-gradient") {
    let circle = false;
    let size: "closest-side" | "closest-corner" | "farthest-side" | "farthest-corner" | readonly [Length, Length] = "farthest-corner";
    let position: readonly [Length, Length] = [{ pt: 0, pct: 50 }, { pt: 0, pct: 50 }];
    let from = 0;
    const first = (parts[0] ?? "").trim().toLowerCase();
    if (first !== "" && parseColour(splitValue(first)[0] ?? "") === undefined) {
      from = 1;
      const [shapePart = "", atPart] = first.split(/\s*\bat\b\s*/);
      const lengths: Length[] = [];
      for (const w of splitValue(shapePart)) {
        if (w === "circle") circle = true;
        else if (w === "ellipse") circle = false;
        else if (w === "closest-side" || w === "closest-corner" || w === "farthest-side" || w === "farthest-corner") size = w;
        else {
          const l = parseLength(w, base);
          if (!l) return undefined;
          lengths.push(l);
        }
      }
      if (lengths.length === 1) {
        circle = true;
        size = [lengths[0] as Length, lengths[0] as Length];
      } else if (lengths.length === 2) size = [lengths[0] as Length, lengths[1] as Length];
      if (atPart !== undefined) {
        const p = positionOf(atPart, base);
        if (!p) return undefined;
        position = p;
      }
    }
    const stops = stopsOf(parts.slice(from), base);
    return stops ? { kind: "radial", repeating, circle, size, position, stops } : undefined;
  }
  return undefined;
}

function angleOf(text: string): number | undefined {
  const m = /^([+-]?[\d.]+)(deg|rad|turn|grad)$/.exec(text);
  if (!m) return text === "0" ? 0 : undefined;
  const n = Number(m[1]);
  const unit = m[2];
  return unit === "deg" ? n : unit === "rad" ? (n * 180) / Math.PI : unit === "turn" ? n * 360 : n * 0.9;
}

function stopsOf(parts: readonly string[], base: UnitBase): ColourStop[] | undefined {
  const stops: ColourStop[] = [];
  for (const part of parts) {
    const words = splitValue(part);
    const colourWord = words[0] ?? "";
    const colour = parseColour(colourWord);
    if (colour === undefined) {
      // a colour hint (`30%` alone) is not drawn; anything else is not a stop
      if (words.length === 1 && parseLength(colourWord, base)) continue;
      return undefined;
    }
    const positions = words.slice(1).map((w) => parseLength(w, base));
    if (positions.some((p) => p === undefined)) return undefined;
    const color = colour ?? "transparent";
    if (positions.length === 0) stops.push({ color, at: undefined });
    for (const at of positions) stops.push({ color, at });
  }
  if (stops.length === 0) return undefined;
  if (stops.length === 1) stops.push(stops[0] as ColourStop);
  // Transparent stops take the colour of the nearest opaque neighbour.
  const opaque = stops.findIndex((s) => s.color !== "transparent");
  if (opaque < 0) return undefined;
  let last = (stops[opaque] as ColourStop).color;
  return stops.map((s) => {
    if (s.color !== "transparent") last = s.color;
    return s.color === "transparent" ? { color: last, at: s.at, clear: true } : s;
  });
}

/** A `background-position`-like value: `x y`, keywords, `right 10px bottom 5px`. */
export function positionOf(text: string, base: UnitBase = BASE): [Length, Length] | undefined {
  const words = splitValue(text.trim().toLowerCase());
  const kw: Record<string, number> = { left: 0, top: 0, center: 50, right: 100, bottom: 100 };
  const pct = (n: number): Length => ({ pt: 0, pct: n });
  if (words.length === 0) return undefined;
  if (words.length === 1) {
    const w = words[0] as string;
    if (w === "top" || w === "bottom") return [pct(50), pct(kw[w] as number)];
    if (kw[w] !== undefined) return [pct(kw[w]), pct(50)];
    const l = parseLength(w, base);
    return l ? [l, pct(50)] : undefined;
  }
  if (words.length === 2) {
    let [a, b] = words as [string, string];
    // `top left` is `left top`
    if (a === "top" || a === "bottom" || b === "left" || b === "right") [a, b] = [b, a];
    const ka = kw[a];
    const kb = kw[b];
    const x = ka !== undefined ? pct(ka) : parseLength(a, base);
    const y = kb !== undefined ? pct(kb) : parseLength(b, base);
    return x && y ? [x, y] : undefined;
  }
  // Three or four values: edges with offsets (`right 10px bottom 20%`).
  let x: Length = pct(50);
  let y: Length = pct(50);
  for (let i = 0; i < words.length; i++) {
    const edge = words[i] as string;
    const next = words[i + 1];
    const offset = next !== undefined && kw[next] === undefined ? parseLength(next, base) : undefined;
    if (offset) i++;
    const o = offset ?? { pt: 0, pct: 0 };
    if (edge === "left") x = o;
    else if (edge === "right") x = { pt: 0 - o.pt, pct: 100 - o.pct };
    else if (edge === "top") y = o;
    else if (edge === "bottom") y = { pt: 0 - o.pt, pct: 100 - o.pct };
    else if (edge !== "center") return undefined;
  }
  return [x, y];
}
