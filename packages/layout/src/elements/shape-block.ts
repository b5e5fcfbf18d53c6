// A block that draws fixed shapes: it never grows and never splits.
import type { FrameItem, ShapeItem, ShapeStroke } from "../frame/types.js";
import type { Colour } from "../model/types.js";
import { atomicSplit, type Block, type PageNumbers, type Split } from "./block.js";
import { colourOf, num, type MeasureContext } from "./context.js";

/** How a closed shape is painted; neither set means nothing is drawn. */
export interface ShapePaint {
  readonly fill?: string;
  readonly stroke?: ShapeStroke;
}

/** Reads `fill`, `stroke` and `strokeWidth` (default 1) of a rect or ellipse; colours resolve through the palette. */
export function shapePaint(
  element: { readonly fill?: Colour; readonly stroke?: Colour; readonly strokeWidth?: number; readonly dash?: readonly number[] },
  ctx: MeasureContext,
): ShapePaint | undefined {
  const fill = colourOf(ctx, element.fill, "fill");
  const strokeColor = colourOf(ctx, element.stroke, "stroke");
  const strokeWidth = num(element.strokeWidth, 1);
  const dash = dashOf(element.dash);
  const stroke = strokeColor && strokeWidth > 0 ? { color: strokeColor, width: strokeWidth, ...(dash ? { dash } : {}) } : undefined;
  if (!fill && !stroke) return undefined;
  return { ...(fill ? { fill } : {}), ...(stroke ? { stroke } : {}) };
}

/** A usable dash pattern (finite, non-negative, not all zero), or undefined for a solid stroke. */
export function dashOf(dash: unknown): readonly number[] | undefined {
  if (!Array.isArray(dash)) return undefined;
  const entries = dash.filter((d): d is number => typeof d === "number" && Number.isFinite(d) && d >= 0);
  return entries.length > 0 && entries.some((d) => d > 0) ? entries : undefined;
}

/** Atomic block whose items are computed from its top-left corner at place time. */
export class ShapeBlock implements Block {
  constructor(
    readonly height: number,
    private readonly draw: (x: number, y: number) => ShapeItem | undefined,
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    const item = this.draw(x, y);
    if (item) out.push(item);
  }
}
