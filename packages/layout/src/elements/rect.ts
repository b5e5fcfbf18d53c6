// rect: `fill`, `stroke`, `strokeWidth`, `dash`, `radius`.
import type { RectElement } from "../model/types.js";
import { EmptyBlock } from "./block.js";
import { num } from "./context.js";
import type { ElementKind } from "./kind.js";
import { ShapeBlock, shapePaint } from "./shape-block.js";

/** Rectangles: painted with whichever of fill and stroke is set (stroke width default 1). */
export const rectElement: ElementKind<RectElement> = {
  measure(element, ctx) {
    const paint = shapePaint(element, ctx);
    const w = Math.max(0, num(element.width, 0));
    const h = Math.max(0, num(element.height, 0));
    if (!paint) return new EmptyBlock(h);
    const radius = Math.min(Math.max(0, num(element.radius, 0)), w / 2, h / 2);
    return new ShapeBlock(h, (x, y) => ({
      kind: "shape",
      geometry: { type: "rect", x, y, width: w, height: h, ...(radius > 0 ? { radius } : {}) },
      ...paint,
    }));
  },
};
