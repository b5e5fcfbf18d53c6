// The box that text and markdown content sits in: padding, background, border, vertical alignment and
// clipping. One definition and one way of placing, so both element types draw their boxes alike.
import type { FrameItem, ShapeStroke } from "../frame/types.js";
import type { TextStyleKeys, VerticalAlign } from "../model/types.js";
import { EPSILON } from "./block.js";
import { colourOf, num, type MeasureContext } from "./context.js";

/** The box around laid-out content. */
export interface ContentBox {
  readonly width: number;
  readonly padding: number;
  readonly bg: string | undefined;
  readonly border: ShapeStroke | undefined;
  readonly radius: number;
  readonly verticalAlign: VerticalAlign;
  /** Clip the content to the box (`overflow: clip`). */
  readonly clip: boolean;
}

const VALIGNS: readonly VerticalAlign[] = ["top", "middle", "bottom"];

/** Reads an element's box keys (width, padding, bg, border, verticalAlign); colours resolve through the palette. */
export function contentBoxOf(element: TextStyleKeys & { readonly width: number }, ctx: MeasureContext): ContentBox {
  const borderWidth = num(element.border?.width, 0);
  const borderColor = element.border ? colourOf(ctx, element.border.color ?? "#000000", "border.color") : undefined;
  return {
    width: Math.max(0, num(element.width, 0)),
    padding: Math.max(0, num(element.padding, 0)),
    bg: colourOf(ctx, element.bg, "bg"),
    border: borderColor && borderWidth > 0 ? { color: borderColor, width: borderWidth } : undefined,
    radius: Math.max(0, num(element.border?.radius, 0)),
    verticalAlign: element.verticalAlign !== undefined && VALIGNS.includes(element.verticalAlign) ? element.verticalAlign : "top",
    clip: false,
  };
}

/**
 * Places a box of `height` at (x, y): its background and border, then the content drawn by `draw` at the
 * content origin (padding and vertical alignment applied), inside a clip group when it overflows a clipping box.
 */
export function placeContentBox(
  out: FrameItem[],
  box: ContentBox,
  x: number,
  y: number,
  height: number,
  contentHeight: number,
  draw: (target: FrameItem[], dx: number, dy: number) => void,
): void {
  if (box.bg || box.border) {
    out.push({
      kind: "shape",
      geometry: { type: "rect", x, y, width: box.width, height, ...(box.radius > 0 ? { radius: box.radius } : {}) },
      ...(box.bg ? { fill: box.bg } : {}),
      ...(box.border ? { stroke: box.border } : {}),
    });
  }
  const inner = height - 2 * box.padding;
  const free = Math.max(0, inner - contentHeight);
  const shift = box.verticalAlign === "middle" ? free / 2 : box.verticalAlign === "bottom" ? free : 0;
  const overflows = box.clip && contentHeight > inner + EPSILON;
  const target: FrameItem[] = overflows ? [] : out;
  draw(target, x + box.padding, y + box.padding + shift);
  if (overflows && target.length > 0) out.push({ kind: "group", clip: { x, y, width: box.width, height }, items: target });
}
