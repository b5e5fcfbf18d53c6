// Shapes: rectangles (optionally rounded), ellipses, lines and SVG paths, filled and/or stroked.
import type { ShapeGeometry, ShapeItem } from "@docsvc/layout";
import { num, type ContentBuilder } from "./content.js";
import type { PaintContext } from "./context.js";

/** Control-point distance for a quarter circle drawn as one cubic Bézier. */
const KAPPA = 0.5522847498307936;

/** Paints one shape item. Lines are only ever stroked. */
export function paintShape(ctx: PaintContext, item: ShapeItem): void {
  const { geometry } = item;
  const fill = geometry.type !== "line" ? item.fill : undefined;
  const stroke = item.stroke !== undefined && item.stroke.width > 0 ? item.stroke : undefined;
  if (fill === undefined && stroke === undefined) return;

  const content = ctx.content;
  const evenOdd = geometry.type === "path" && geometry.fillRule === "evenodd" ? "*" : "";
  if (fill !== undefined && item.fillGradient !== undefined && geometry.type !== "line") {
    // A gradient: the shading is clipped to the shape, in the shape's space; the stroke follows on its own.
    const name = ctx.shading(item.fillGradient);
    content.op("q");
    buildPath(ctx, geometry);
    content.op(`W${evenOdd} n ${item.fillGradient.matrix.map(num).join(" ")} cm /${name} sh Q`);
    if (stroke !== undefined) paintShape(ctx, { kind: "shape", geometry, stroke });
    return;
  }
  if (fill !== undefined) content.fillColour(fill);
  if (stroke !== undefined) {
    content.strokeColour(stroke.color);
    content.lineWidth(stroke.width);
    content.dash(stroke.dash);
    content.lineCap(stroke.cap === "round" ? 1 : stroke.cap === "square" ? 2 : 0);
    content.lineJoin(stroke.join === "round" ? 1 : stroke.join === "bevel" ? 2 : 0);
  }
  buildPath(ctx, geometry);
  if (fill !== undefined && stroke !== undefined) content.op(`B${evenOdd}`);
  else if (fill !== undefined) content.op(`f${evenOdd}`);
  else content.op("S");
}

function buildPath(ctx: PaintContext, geometry: ShapeGeometry): void {
  const content = ctx.content;
  switch (geometry.type) {
    case "rect":
      rectPath(content, geometry.x, geometry.y, geometry.width, geometry.height, geometry.radius);
      return;
    case "ellipse":
      ellipsePath(content, geometry.cx, geometry.cy, geometry.rx, geometry.ry);
      return;
    case "line":
      content.op(`${num(geometry.x1)} ${num(geometry.y1)} m ${num(geometry.x2)} ${num(geometry.y2)} l`);
      return;
    case "path":
      ctx.svgPath(geometry.d);
      return;
    default: {
      const never: never = geometry;
      throw new Error(`Unknown shape geometry: ${JSON.stringify(never)}`);
    }
  }
}

/** Appends a rectangle path; with a radius, corners are quarter ellipses (clamped to half the sides). */
export function rectPath(content: ContentBuilder, x: number, y: number, w: number, h: number, radius?: number): void {
  const r = Math.max(0, Math.min(radius ?? 0, Math.abs(w) / 2, Math.abs(h) / 2));
  if (r === 0) {
    content.op(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`);
    return;
  }
  const c = r * (1 - KAPPA);
  const x2 = x + w;
  const y2 = y + h;
  content.op(
    `${num(x + r)} ${num(y)} m ${num(x2 - r)} ${num(y)} l ` +
      `${num(x2 - c)} ${num(y)} ${num(x2)} ${num(y + c)} ${num(x2)} ${num(y + r)} c ` +
      `${num(x2)} ${num(y2 - r)} l ` +
      `${num(x2)} ${num(y2 - c)} ${num(x2 - c)} ${num(y2)} ${num(x2 - r)} ${num(y2)} c ` +
      `${num(x + r)} ${num(y2)} l ` +
      `${num(x + c)} ${num(y2)} ${num(x)} ${num(y2 - c)} ${num(x)} ${num(y2 - r)} c ` +
      `${num(x)} ${num(y + r)} l ` +
      `${num(x)} ${num(y + c)} ${num(x + c)} ${num(y)} ${num(x + r)} ${num(y)} c h`,
  );
}

function ellipsePath(content: ContentBuilder, cx: number, cy: number, rx: number, ry: number): void {
  const ox = rx * KAPPA;
  const oy = ry * KAPPA;
  const x0 = cx - rx;
  const x1 = cx + rx;
  const y0 = cy - ry;
  const y1 = cy + ry;
  content.op(
    `${num(x0)} ${num(cy)} m ` +
      `${num(x0)} ${num(cy - oy)} ${num(cx - ox)} ${num(y0)} ${num(cx)} ${num(y0)} c ` +
      `${num(cx + ox)} ${num(y0)} ${num(x1)} ${num(cy - oy)} ${num(x1)} ${num(cy)} c ` +
      `${num(x1)} ${num(cy + oy)} ${num(cx + ox)} ${num(y1)} ${num(cx)} ${num(y1)} c ` +
      `${num(cx - ox)} ${num(y1)} ${num(x0)} ${num(cy + oy)} ${num(x0)} ${num(cy)} c h`,
  );
}
