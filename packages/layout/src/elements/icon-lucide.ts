// The built-in icon set: Lucide (ISC licence, lucide-static). Its icon-nodes.json holds every icon as
// [tag, attributes] pairs keyed by kebab-case name, so no markup is parsed; it is loaded on first use only.
// Aliases (`home` for `house`) exist only as exports of the main module, whose SVG strings name their
// canonical icon in their class; that module is loaded only when a name is not found directly.
import { createRequire } from "node:module";
import type { SvgDrawing } from "./image-resources.js";
import { svgDrawing } from "./svg-drawing.js";
import type { SvgNode } from "./svg-node.js";

type IconNodes = Readonly<Record<string, readonly (readonly [string, Readonly<Record<string, string>>])[]>>;

let nodes: IconNodes | undefined;
let aliases: Readonly<Record<string, unknown>> | undefined;
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
  const canonical = Object.hasOwn(iconNodes(), key) ? key : aliasOf(key);
  if (canonical === undefined) return undefined;
  const shared = drawings.get(canonical);
  if (shared) {
    drawings.set(key, shared);
    return shared;
  }
  const icon = iconNodes()[canonical];
  if (!icon) return undefined;
  const root: SvgNode = {
    tag: "svg",
    attrs: ROOT_ATTRS,
    children: icon.map(([tag, attrs]) => ({ tag, attrs, children: [] })),
  };
  const drawing = svgDrawing(root);
  if (drawing) {
    drawings.set(canonical, drawing);
    drawings.set(key, drawing);
  }
  return drawing;
}

/** The canonical name of a Lucide alias (`home` → `house`), from the main module's export of it. */
function aliasOf(name: string): string | undefined {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) || name.length > 60) return undefined;
  aliases ??= createRequire(import.meta.url)("lucide-static") as Readonly<Record<string, unknown>>;
  const exportName = name.split("-").map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");
  const svg = Object.hasOwn(aliases, exportName) ? aliases[exportName] : undefined;
  if (typeof svg !== "string") return undefined;
  const canonical = /class="lucide lucide-([a-z0-9-]+)"/.exec(svg)?.[1];
  return canonical !== undefined && Object.hasOwn(iconNodes(), canonical) ? canonical : undefined;
}

/** How many built-in icons there are (for docs and tests). */
export function builtInIconCount(): number {
  return Object.keys(iconNodes()).length;
}
