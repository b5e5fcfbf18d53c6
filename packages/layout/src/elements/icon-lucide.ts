// The built-in icon set: Lucide (ISC licence, lucide-static). Its icon-nodes.json holds every icon as
// [tag, attributes] pairs keyed by kebab-case name, so no markup is parsed; it is loaded on first use only.
import { createRequire } from "node:module";
import type { SvgDrawing } from "./image-resources.js";
import { svgDrawing } from "./svg-drawing.js";
import type { SvgNode } from "./svg-node.js";

type IconNodes = Readonly<Record<string, readonly (readonly [string, Readonly<Record<string, string>>])[]>>;

let nodes: IconNodes | undefined;
const drawings = new Map<string, SvgDrawing>();

// Lucide's root attributes, the same on every icon (the nodes file leaves them out).
const ROOT_ATTRS = {
  viewbox: "0 0 24 24",
  width: "24",
  height: "24",
  fill: "none",
  stroke: "currentColor",
  "stroke-width": "2",
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
};

function iconNodes(): IconNodes {
  // A JSON module read once per process, like a static import but only when an icon is first drawn.
  nodes ??= createRequire(import.meta.url)("lucide-static/icon-nodes.json") as IconNodes;
  return nodes;
}

/** The drawing of a built-in icon by kebab-case name (`check`, `mail`, `map-pin`); undefined when unknown. */
export function builtInIcon(name: string): SvgDrawing | undefined {
  const key = name.trim().toLowerCase();
  const known = drawings.get(key);
  if (known) return known;
  const icon = Object.hasOwn(iconNodes(), key) ? iconNodes()[key] : undefined;
  if (!icon) return undefined;
  const root: SvgNode = {
    tag: "svg",
    attrs: ROOT_ATTRS,
    children: icon.map(([tag, attrs]) => ({ tag, attrs, children: [] })),
  };
  const drawing = svgDrawing(root);
  if (drawing) drawings.set(key, drawing);
  return drawing;
}

/** How many built-in icons there are (for docs and tests). */
export function builtInIconCount(): number {
  return Object.keys(iconNodes()).length;
}
