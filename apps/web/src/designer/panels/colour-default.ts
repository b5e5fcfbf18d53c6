// What colour an element shows when a colour key is absent, as the canvas paints it (ElementView): a swatch
// says so ("black") instead of "(default)", which read as if there were no colour at all.
import type { ElementType } from "../engine";

/** The colour drawn for `key` of an element of `type` when the key is absent: a hex, or "none" (nothing drawn). */
export function colourDefault(type: ElementType | "band", key: string): string {
  if (type === "chart" && key === "color") return "#374151";
  if (type === "table") return ({ headerBg: "#f3f4f6", borderColor: "#d1d5db", stripeBg: "none" } as Record<string, string>)[key] ?? "#000000";
  if (type === "field" && key === "borderColor") return "#8a8f98";
  if (key === "bg" || key === "fill") return "none";
  if (key === "stroke") return type === "line" ? "#000000" : "none";
  return "#000000";
}

const NAMES: Record<string, string> = { "#000000": "black", "#ffffff": "white" };

/** A colour as people read it: "black", "white", "none", else its hex. */
export function colourName(colour: string): string {
  return NAMES[colour.toLowerCase()] ?? colour;
}
