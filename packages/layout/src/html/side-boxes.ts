// Where the margin boxes beside the page body and in its corners lie (CSS Paged Media 3 §5.3): the left
// and right margins split in three heights between the top and bottom margins, the corners where margins
// meet. The top and bottom boxes are placed by finalize itself.
import type { Margins } from "../model/types.js";

/** The area of a side or corner box in page space, or undefined for a top or bottom box. */
export function sideBoxArea(name: string, margins: Margins, width: number, height: number): { x: number; y: number; width: number; height: number } | undefined {
  const bodyHeight = Math.max(0, height - margins.top - margins.bottom);
  const third = bodyHeight / 3;
  const corner = /^(top|bottom)-(left|right)-corner$/.exec(name);
  if (corner) {
    const top = corner[1] === "top";
    const left = corner[2] === "left";
    return { x: left ? 0 : width - margins.right, y: top ? 0 : height - margins.bottom, width: left ? margins.left : margins.right, height: top ? margins.top : margins.bottom };
  }
  const side = /^(left|right)-(top|middle|bottom)$/.exec(name);
  if (!side) return undefined;
  const left = side[1] === "left";
  const at = side[2] === "top" ? 0 : side[2] === "middle" ? 1 : 2;
  return { x: left ? 0 : width - margins.right, y: margins.top + at * third, width: left ? margins.left : margins.right, height: third };
}
