// A block that stands for another and changes only how it is placed (tagged, shifted, lifted into a stacking
// layer, drawn through effects): its size and breaks are the inner block's, and splitting it splits the inner
// block and wraps each part the same way. Subclasses say how to wrap a part and how to place.
import type { FrameItem } from "../frame/types.js";
import type { Block, PageNumbers, Split } from "./block.js";

export abstract class WrapperBlock implements Block {
  readonly height: number;
  readonly rowSplittable: boolean | undefined;
  readonly breaks: boolean | undefined;

  constructor(protected readonly inner: Block) {
    // Read once: a wrapper is made per cell and row, and asked its height many times.
    this.height = inner.height;
    this.rowSplittable = inner.rowSplittable;
    this.breaks = inner.breaks;
  }

  /** The same wrapping around another block (a part of the inner one). */
  protected abstract wrap(inner: Block): Block;

  abstract place(out: FrameItem[], x: number, y: number, page: PageNumbers): void;

  split(available: number, atTop: boolean): Split {
    const part = this.inner.split(available, atTop);
    return { fits: part.fits && this.rewrap(part.fits), rest: part.rest && this.rewrap(part.rest) };
  }

  private rewrap(block: Block): Block {
    return block === this.inner ? this : this.wrap(block);
  }
}
