// line: from (x, y) to (x + width, y + height).
import type { LineElement } from "../model/types.js";
import { EmptyBlock } from "./block.js";
import { colourOf, num } from "./context.js";
import type { ElementKind } from "./kind.js";
import { dashOf, ShapeBlock } from "./shape-block.js";

/** Lines: `stroke` (default black), `strokeWidth` (default 1), `dash`. */
export const lineElement: ElementKind<LineElement> = {
  measure(element, ctx) {
    const color = element.stroke === undefined ? "#000000" : colourOf(ctx, element.stroke, "stroke");
    const width = num(element.strokeWidth, 1);
    const h = num(element.height, 0);
    if (!color || width <= 0) return new EmptyBlock(Math.abs(h));
    const dash = dashOf(element.dash);
    const stroke = { color, width, ...(dash ? { dash } : {}) };
    const w = num(element.width, 0);
    // The block's top is the line's upper end; a negative height draws upward from (x, y).
    return new ShapeBlock(Math.abs(h), (x, y) => ({
      kind: "shape",
      geometry: h >= 0
        ? { type: "line", x1: x, y1: y, x2: x + w, y2: y + h }
        : { type: "line", x1: x, y1: y - h, x2: x + w, y2: y },
      stroke,
    }));
  },
};
