// ellipse: inscribed in the element's box; `fill`, `stroke`, `strokeWidth`, `dash`.
import type { EllipseElement } from "../model/types.js";
import { EmptyBlock } from "./block.js";
import { num } from "./context.js";
import type { ElementKind } from "./kind.js";
import { ShapeBlock, shapePaint } from "./shape-block.js";

/** Ellipses: painted with whichever of fill and stroke is set (stroke width default 1). */
export const ellipseElement: ElementKind<EllipseElement> = {
  measure(element, ctx) {
    const paint = shapePaint(element, ctx);
    const w = Math.max(0, num(element.width, 0));
    const h = Math.max(0, num(element.height, 0));
    if (!paint) return new EmptyBlock(h);
    return new ShapeBlock(h, (x, y) => ({
      kind: "shape",
      geometry: { type: "ellipse", cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2 },
      ...paint,
    }));
  },
};
