// A block that draws fixed shapes: it never grows and never splits.
import type { FrameItem, ShapeItem } from "../frame/types.js";
import { atomicSplit, type Block, type PageNumbers, type Split } from "./block.js";

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
