// The `background` shorthand: comma-separated layers of `image || position [/ size] || repeat ||
// attachment || origin || clip`, the last layer also `|| color`. Each longhand gets one value per layer,
// joined by commas (what background-image and friends accept); everything unnamed is reset.
import { splitValue, parseColour } from "./values.js";

const REPEATS = new Set(["repeat", "repeat-x", "repeat-y", "no-repeat", "space", "round"]);
const BOXES = new Set(["border-box", "padding-box", "content-box"]);
const ATTACHMENTS = new Set(["scroll", "fixed", "local"]);
const POSITIONS = new Set(["left", "right", "top", "bottom", "center"]);

/** The longhands of a `background` value, or undefined when it is not a valid one. */
export function backgroundLonghands(value: string): Map<string, string> | undefined {
  const layers = splitLayers(value);
  const images: string[] = [];
  const positions: string[] = [];
  const sizes: string[] = [];
  const repeats: string[] = [];
  const origins: string[] = [];
  const clips: string[] = [];
  let color = "transparent";
  for (const [index, layer] of layers.entries()) {
    let image = "none";
    const position: string[] = [];
    let size = "auto";
    const repeat: string[] = [];
    const boxes: string[] = [];
    const parts = splitValue(layer.replace(/\s*\/\s*/g, " / "));
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      const k = p.toLowerCase();
      if (k === "/") {
        // `position / size`: the size is one or two tokens
        const a = parts[i + 1];
        const b = parts[i + 2];
        if (a === undefined) return undefined;
        size = b !== undefined && isSizeToken(b) ? `${a} ${b}` : a;
        i += size.includes(" ") ? 2 : 1;
      } else if (k === "none" || /^(url|linear-gradient|radial-gradient|repeating-linear-gradient|repeating-radial-gradient|image-set)\(/.test(k)) image = p;
      else if (REPEATS.has(k)) repeat.push(k);
      else if (BOXES.has(k)) boxes.push(k);
      else if (ATTACHMENTS.has(k)) continue;
      else if (POSITIONS.has(k) || /^[-+\d.]/.test(k) || k.startsWith("calc(")) position.push(p);
      else if (index === layers.length - 1 && parseColour(p) !== undefined) color = p;
      else if (index === layers.length - 1 && k === "currentcolor") color = p;
      else return undefined;
    }
    images.push(image);
    positions.push(position.length > 0 ? position.join(" ") : "0% 0%");
    sizes.push(size);
    repeats.push(repeat.length > 0 ? repeat.join(" ") : "repeat");
    origins.push(boxes[0] ?? "padding-box");
    clips.push(boxes[1] ?? boxes[0] ?? "border-box");
  }
  return new Map([
    ["background-color", color],
    ["background-image", images.join(", ")],
    ["background-position", positions.join(", ")],
    ["background-size", sizes.join(", ")],
    ["background-repeat", repeats.join(", ")],
    ["background-origin", origins.join(", ")],
    ["background-clip", clips.join(", ")],
  ]);
}

function isSizeToken(t: string): boolean {
  return /^(auto|[-+\d.])/.test(t.toLowerCase()) || t.toLowerCase().startsWith("calc(");
}

/** Splits a value on top-level commas (not inside parentheses or quotes). */
export function splitLayers(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (ch === "," && depth === 0) {
      out.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current.trim());
  return out;
}
