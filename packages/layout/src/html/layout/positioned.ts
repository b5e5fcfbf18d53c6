// Absolutely positioned and fixed boxes: where they land in their containing block, and in what order they
// paint. Paint order follows CSS 2 Appendix E within the containing block: boxes with a negative `z-index`
// under the in-flow content, then the others by `z-index` (auto and 0 alike), document order among equals.
// `position: fixed` boxes are placed on every page in the page area, as Chromium prints them.
import type { Block, PageNumbers, Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";
import type { Absolute } from "./context.js";

/** A containing block's padding box, in page coordinates. */
export interface PaddingBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Places boxes with offsets in a padding box: `left` wins over `right`, `top` over `bottom`, as in CSS (ltr). */
export function placeAbsolutes(out: FrameItem[], absolutes: readonly Absolute[], box: PaddingBox, page: PageNumbers): void {
  for (const a of absolutes) {
    const x = a.left !== undefined ? box.x + a.left : a.right !== undefined ? box.x + box.width - a.right - a.width : box.x;
    const y = a.top !== undefined ? box.y + a.top : a.bottom !== undefined ? box.y + box.height - a.bottom - a.block.height : box.y;
    a.block.place(out, x, y, page);
  }
}

/** The boxes painted under the in-flow content (negative z-index) and over it, each in paint order. */
export function stackingOrder(absolutes: readonly Absolute[]): { readonly below: readonly Absolute[]; readonly above: readonly Absolute[] } {
  if (absolutes.every((a) => a.z === undefined)) return { below: [], above: absolutes };
  // Array.prototype.sort is stable: equal z keeps document order.
  const sorted = [...absolutes].sort((a, b) => (a.z ?? 0) - (b.z ?? 0));
  return { below: sorted.filter((a) => (a.z ?? 0) < 0), above: sorted.filter((a) => (a.z ?? 0) >= 0) };
}

/** A page's body with the fixed boxes over it, placed in the page area (`width` × `height`). */
export class FixedLayer implements Block {
  constructor(private readonly body: Block | null, private readonly fixed: readonly Absolute[], private readonly width: number, private readonly area: number) {}

  get height(): number {
    return this.body?.height ?? 0;
  }

  split(): Split {
    return { fits: this, rest: null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const { below, above } = stackingOrder(this.fixed);
    const box = { x, y, width: this.width, height: this.area };
    placeAbsolutes(out, below, box, page);
    this.body?.place(out, x, y, page);
    placeAbsolutes(out, above, box, page);
  }
}
