// `border-style: double`: two lines, each a third of the border width, with the middle third empty (CSS
// Backgrounds §4.2). Outer lines run corner to corner; inner lines stop at the inner lines of the sides they
// meet, so corners join as in browsers. Chromium draws a border under 3 px (2.25 pt) wide as solid, and so
// do we. Other sides of the same box keep their own style (dashed, dotted, solid), drawn by box.ts.
import type { FrameItem } from "../../frame/types.js";
import type { BoxDecoration } from "./box.js";

/** True when the side is double and wide enough to show two lines. */
export function isDouble(deco: BoxDecoration, side: number): boolean {
  return deco.borderStyle[side] === "double" && (deco.borderWidth[side] ?? 0) >= 2.25;
}

/** Draws the double sides of a box whose border box is at (x, y), `deco.width` × `h`. */
export function drawDoubleSides(out: FrameItem[], deco: BoxDecoration, x: number, y: number, h: number): void {
  const [t, r, b, l] = deco.borderWidth;
  const w = deco.width;
  const colour = (side: number): string => deco.borderColor[side] ?? "#000000";
  if (deco.radius > 0 && [0, 1, 2, 3].every((s) => isDouble(deco, s)) && t === r && r === b && b === l) {
    const third = t / 3;
    out.push({ kind: "shape", geometry: { type: "rect", x: x + third / 2, y: y + third / 2, width: w - third, height: h - third, radius: deco.radius }, stroke: { color: colour(0), width: third } });
    const inset = t - third / 2;
    out.push({ kind: "shape", geometry: { type: "rect", x: x + inset, y: y + inset, width: w - 2 * inset, height: h - 2 * inset, radius: Math.max(0, deco.radius - inset) }, stroke: { color: colour(0), width: third } });
    return;
  }
  const line = (x1: number, y1: number, x2: number, y2: number, side: number, width: number): void => {
    out.push({ kind: "shape", geometry: { type: "line", x1, y1, x2, y2 }, stroke: { color: colour(side), width } });
  };
  // Per side: the outer line a sixth of the width in from the edge, the inner one five sixths in.
  if (isDouble(deco, 0)) {
    line(x, y + t / 6, x + w, y + t / 6, 0, t / 3);
    line(x + (l * 2) / 3, y + (t * 5) / 6, x + w - (r * 2) / 3, y + (t * 5) / 6, 0, t / 3);
  }
  if (isDouble(deco, 2)) {
    line(x, y + h - b / 6, x + w, y + h - b / 6, 2, b / 3);
    line(x + (l * 2) / 3, y + h - (b * 5) / 6, x + w - (r * 2) / 3, y + h - (b * 5) / 6, 2, b / 3);
  }
  if (isDouble(deco, 3)) {
    line(x + l / 6, y, x + l / 6, y + h, 3, l / 3);
    line(x + (l * 5) / 6, y + (t * 2) / 3, x + (l * 5) / 6, y + h - (b * 2) / 3, 3, l / 3);
  }
  if (isDouble(deco, 1)) {
    line(x + w - r / 6, y, x + w - r / 6, y + h, 1, r / 3);
    line(x + w - (r * 5) / 6, y + (t * 2) / 3, x + w - (r * 5) / 6, y + h - (b * 2) / 3, 1, r / 3);
  }
}
