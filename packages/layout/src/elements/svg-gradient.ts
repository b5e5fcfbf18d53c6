// SVG linear and radial gradients (`fill="url(#id)"`) resolved into what a PDF shading needs: the geometry in
// gradient space, the colour stops, and the matrix from gradient space to the filled element's user space
// (objectBoundingBox units map the element's bounding box). The painter draws them as real shadings.
import type { FrameGradient, Matrix } from "../frame/types.js";
import type { SvgNode } from "./svg-node.js";
import { clamp, parseColour } from "./svg-paint.js";
import { length } from "./svg-shapes.js";
import { isSaneMatrix, multiply, parseTransform } from "./svg-transform.js";

export type { FrameGradient };

/** Longest `href` chain followed (a gradient may take its stops or attributes from another). */
const MAX_HREF = 8;
const MAX_STOPS = 64;

/** The `#id` of a `url(#id)` paint, or undefined. */
export function paintServerId(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^\s*url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/i.exec(value);
  return match?.[1];
}

/** An element's bounding box in its user space. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A number or a percentage (as a fraction); undefined when neither. */
function fraction(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.endsWith("%")) {
    const n = Number.parseFloat(text);
    return Number.isFinite(n) ? n / 100 : undefined;
  }
  return length(text);
}

/** Reads a stop's property from its attribute or its `style`. */
function stopProperty(node: SvgNode, key: string): string | undefined {
  const style = node.attrs.style;
  if (style !== undefined) {
    for (const declaration of style.slice(0, 2000).split(";")) {
      const colon = declaration.indexOf(":");
      if (colon >= 0 && declaration.slice(0, colon).trim().toLowerCase() === key) return declaration.slice(colon + 1).trim();
    }
  }
  return node.attrs[key];
}

/**
 * The gradient `id` names, for an element with bounding box `box`; `currentColor` stops take `current`.
 * Undefined when `id` is not a gradient (the caller paints the fallback), or a `{ solid }` colour when the
 * gradient has a single stop. Notes go to `notes` (stop opacity, reflect/repeat spreads).
 */
export function resolveGradient(
  id: string,
  ids: ReadonlyMap<string, SvgNode>,
  box: Box | undefined,
  notes: Set<string>,
): FrameGradient | { readonly solid: string } | "none" | undefined {
  const first = ids.get(id);
  if (!first || (first.tag !== "lineargradient" && first.tag !== "radialgradient")) return undefined;
  // Attributes and stops come from the first gradient in the href chain that has them.
  const chain: SvgNode[] = [];
  for (let node: SvgNode | undefined = first; node && chain.length < MAX_HREF && !chain.includes(node); ) {
    chain.push(node);
    const href = (node.attrs.href ?? node.attrs["xlink:href"] ?? "").trim();
    node = href.startsWith("#") ? ids.get(href.slice(1)) : undefined;
    if (node && node.tag !== "lineargradient" && node.tag !== "radialgradient") node = undefined;
  }
  const attr = (name: string): string | undefined => chain.find((n) => n.attrs[name] !== undefined)?.attrs[name];
  const stopNodes = chain.map((n) => n.children.filter((c) => c.tag === "stop")).find((s) => s.length > 0) ?? [];
  const stops: { offset: number; color: string }[] = [];
  let last = 0;
  for (const stop of stopNodes.slice(0, MAX_STOPS)) {
    const offset = Math.max(last, clamp(fraction(stopProperty(stop, "offset")) ?? 0, 0, 1));
    last = offset;
    const colourText = (stopProperty(stop, "stop-color") ?? "black").trim().toLowerCase();
    const paint = colourText === "currentcolor" ? undefined : parseColour(colourText);
    const color = paint?.kind === "colour" ? paint.colour : colourText === "currentcolor" ? "currentColor" : "#000000";
    const opacity = fraction(stopProperty(stop, "stop-opacity"));
    if ((opacity !== undefined && opacity < 1) || (paint?.kind === "colour" && paint.alpha < 1)) {
      notes.add("gradient stop opacity is not drawn: the stops are painted opaque");
    }
    stops.push({ offset, color });
  }
  if (stops.length === 0) return "none";
  if (stops.length === 1) return { solid: stops[0]!.color };
  const spread = attr("spreadmethod")?.trim().toLowerCase();
  if (spread === "reflect" || spread === "repeat") notes.add(`gradient spreadMethod '${spread}' is drawn as 'pad'`);

  const userSpace = attr("gradientunits")?.trim() === "userSpaceOnUse" || attr("gradientunits")?.trim().toLowerCase() === "userspaceonuse";
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  if (!userSpace) {
    // objectBoundingBox: gradient space is the unit square over the element's box; a flat box paints nothing.
    if (!box || box.width <= 0 || box.height <= 0) return "none";
    matrix = [box.width, 0, 0, box.height, box.x, box.y];
  }
  const transform = attr("gradienttransform");
  if (transform !== undefined) {
    const t = parseTransform(transform);
    if (t) matrix = multiply(matrix, t);
  }
  if (!isSaneMatrix(matrix)) return "none";
  const n = (name: string, fallback: number): number => fraction(attr(name)) ?? fallback;
  if (first.tag === "lineargradient") {
    const coords = [n("x1", 0), n("y1", 0), n("x2", 1), n("y2", 0)] as const;
    return { type: "linear", coords, stops, matrix };
  }
  const cx = n("cx", 0.5);
  const cy = n("cy", 0.5);
  const r = n("r", 0.5);
  if (!(r > 0)) return { solid: stops[stops.length - 1]!.color };
  const coords = [n("fx", cx), n("fy", cy), 0, cx, cy, r] as const;
  return { type: "radial", coords, stops, matrix };
}

/**
 * The bounding box of normalised path data (svg-path.ts output), in its own space: end points and control
 * points (a superset of the curve for Béziers), and for arcs their end points widened by the radii.
 */
export function pathBox(d: string): Box | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number): void => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  for (const token of d.match(/[a-zA-Z][^a-zA-Z]*/g) ?? []) {
    const cmd = token[0]!;
    const a = token.slice(1).trim().split(/[\s,]+/).filter(Boolean).map(Number);
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? cx : 0;
    const oy = rel ? cy : 0;
    switch (cmd.toLowerCase()) {
      case "m":
      case "l":
      case "t":
        cx = ox + a[0]!;
        cy = oy + a[1]!;
        if (cmd.toLowerCase() === "m") {
          sx = cx;
          sy = cy;
        }
        break;
      case "h":
        cx = ox + a[0]!;
        break;
      case "v":
        cy = oy + a[0]!;
        break;
      case "c":
        add(ox + a[0]!, oy + a[1]!);
        add(ox + a[2]!, oy + a[3]!);
        cx = ox + a[4]!;
        cy = oy + a[5]!;
        break;
      case "s":
      case "q":
        add(ox + a[0]!, oy + a[1]!);
        cx = ox + a[2]!;
        cy = oy + a[3]!;
        break;
      case "a": {
        const r0 = Math.max(Math.abs(a[0]!), Math.abs(a[1]!));
        const [x0, y0] = [cx, cy];
        cx = ox + a[5]!;
        cy = oy + a[6]!;
        const half = Math.hypot(cx - x0, cy - y0) / 2;
        if (half > 0) {
          // The arc bulges from its chord by its sagitta (a small arc) or more (a large one), on one side:
          // both sides are added (the other lies inside the shape in practice), and a large arc the whole circle.
          const r = Math.max(r0, half);
          const rise = Math.sqrt(Math.max(0, r * r - half * half));
          const sag = a[3] ? r + rise : r - rise;
          const nx = -(cy - y0) / (2 * half);
          const ny = (cx - x0) / (2 * half);
          const mx = (x0 + cx) / 2;
          const my = (y0 + cy) / 2;
          add(mx + nx * sag, my + ny * sag);
          add(mx - nx * sag, my - ny * sag);
          if (a[3]) {
            add(mx - r - rise, my - r - rise);
            add(mx + r + rise, my + r + rise);
          }
        }
        break;
      }
      case "z":
        cx = sx;
        cy = sy;
        break;
      default:
        continue;
    }
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) return undefined;
    add(cx, cy);
  }
  return minX <= maxX ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : undefined;
}
