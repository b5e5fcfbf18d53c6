// An SvgDrawing placed in an element's box: one group maps the viewBox onto the box (preserveAspectRatio,
// or the element's fit) and clips to the viewport; each path becomes a `path` shape, in a group of its own
// only when it has a transform or an opacity.
import type { FrameItem, Matrix, ShapeGeometry, ShapeItem } from "../frame/types.js";
import { atomicSplit, type Block, type PageNumbers, type Split } from "./block.js";
import type { SvgDrawing, SvgPath } from "./image-resources.js";
import { isSaneMatrix } from "./svg-transform.js";

/** How the viewBox is fitted: the drawing's own preserveAspectRatio, or an element's `fill`/`cover`. */
export type SvgFit = "own" | "fill" | "cover";

/** A drawing of an SVG image or icon: never splits, never grows. */
export class SvgBlock implements Block {
  constructor(
    private readonly drawing: SvgDrawing,
    private readonly width: number,
    readonly height: number,
    private readonly fit: SvgFit,
    /** What `currentColor` paints (`#rrggbb`); undefined: black. */
    private readonly colour: string | undefined,
    /** The drawing's `<text>`s laid out in its user space (svg-text.ts), drawn after the paths. */
    private readonly texts: readonly FrameItem[] = [],
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    const { viewBox: vb } = this.drawing;
    const transform = fitMatrix(this.drawing, this.fit, x, y, this.width, this.height);
    if (!isSaneMatrix(transform)) return;
    const items: FrameItem[] = [];
    for (const path of this.drawing.paths) items.push(...pathItems(path, this.colour ?? "#000000"));
    items.push(...this.texts);
    if (items.length === 0) return;
    const drawn: FrameItem = { kind: "group", transform, clip: { x: vb.x, y: vb.y, width: vb.width, height: vb.height }, items };
    // A sliced (cover) viewBox overflows the box: clip to the box as well.
    const sliced = this.fit === "cover" || (this.fit === "own" && this.drawing.aspect.mode === "slice");
    out.push(sliced ? { kind: "group", clip: { x, y, width: this.width, height: this.height }, items: [drawn] } : drawn);
  }
}

/** The matrix that maps the drawing's viewBox into the box at (x, y). */
export function fitMatrix(drawing: SvgDrawing, fit: SvgFit, x: number, y: number, w: number, h: number): Matrix {
  const vb = drawing.viewBox;
  const sx = w / vb.width;
  const sy = h / vb.height;
  const mode = fit === "fill" ? "none" : fit === "cover" ? "slice" : drawing.aspect.mode;
  if (mode === "none") return [sx, 0, 0, sy, x - vb.x * sx, y - vb.y * sy];
  const s = mode === "slice" ? Math.max(sx, sy) : Math.min(sx, sy);
  const align = (where: "min" | "mid" | "max", room: number): number => (where === "min" ? 0 : where === "mid" ? room / 2 : room);
  const ox = x + align(drawing.aspect.x, w - vb.width * s) - vb.x * s;
  const oy = y + align(drawing.aspect.y, h - vb.height * s) - vb.y * s;
  return [s, 0, 0, s, ox, oy];
}

function pathItems(path: SvgPath, current: string): FrameItem[] {
  const colour = (c: string | undefined): string | undefined => (c === "currentColor" ? current : c);
  const fill = colour(path.fill);
  const stroke = colour(path.stroke);
  const geometry: ShapeGeometry = path.fillRule === "evenodd" ? { type: "path", d: path.d, fillRule: "evenodd" } : { type: "path", d: path.d };
  const strokeOf = (): ShapeItem["stroke"] =>
    stroke === undefined
      ? undefined
      : { color: stroke, width: path.strokeWidth ?? 1, ...(path.dash ? { dash: path.dash } : {}), ...(path.cap ? { cap: path.cap } : {}), ...(path.join ? { join: path.join } : {}) };
  const opacity = path.opacity ?? 1;
  const fillAlpha = opacity * (path.fillOpacity ?? 1);
  const strokeAlpha = opacity * (path.strokeOpacity ?? 1);
  // A gradient's `currentColor` stops take the element's colour too.
  const gradient = path.fillGradient && fill !== undefined
    ? { ...path.fillGradient, stops: path.fillGradient.stops.map((s) => ({ offset: s.offset, color: colour(s.color) ?? current })) }
    : undefined;
  const filled = gradient ? { fill: fill!, fillGradient: gradient } : fill !== undefined ? { fill } : undefined;
  const shapes: { item: ShapeItem; alpha: number }[] = [];
  if (filled !== undefined && stroke !== undefined && fillAlpha === strokeAlpha) {
    shapes.push({ item: { kind: "shape", geometry, ...filled, stroke: strokeOf() }, alpha: fillAlpha });
  } else {
    // Fill and stroke opacities differ: two shapes, each in its own opacity (SVG paints them separately too).
    if (filled !== undefined) shapes.push({ item: { kind: "shape", geometry, ...filled }, alpha: fillAlpha });
    if (stroke !== undefined) shapes.push({ item: { kind: "shape", geometry, stroke: strokeOf() }, alpha: strokeAlpha });
  }
  return shapes.map(({ item, alpha }) =>
    path.transform === undefined && alpha >= 1
      ? item
      : { kind: "group", ...(path.transform ? { transform: path.transform } : {}), ...(alpha < 1 ? { opacity: alpha } : {}), items: [item] });
}
