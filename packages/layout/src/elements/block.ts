// The one split contract. Everything the flow can place (an element, a band instance, a run of bands)
// is a Block: it knows its height, can split itself at a given height, and places itself into a frame
// once the page numbers are known (react-pdf's split/paginate, pdfme's unit heights).
import type { FrameItem } from "../frame/types.js";

/** The page a block is placed on: known only after pagination, so page tokens resolve at place time. */
export interface PageNumbers {
  /** 1-based. */
  readonly page: number;
  readonly pages: number;
  /** Collects the data rows (detail and table rows) placed on this page, for the page bands' `$pageRows`. */
  readonly rows?: unknown[];
}

/** What split returns: the part that fits the space offered, and the part that continues on the next page. */
export interface Split {
  /** null: nothing fits here; the whole block moves on. */
  readonly fits: Block | null;
  /** null: nothing is left over. */
  readonly rest: Block | null;
}

/** A measured, positionable piece of content. Immutable: a block may be placed more than once. */
export interface Block {
  /** The height the block takes in the flow, in points. */
  readonly height: number;
  /**
   * Splits the block so that `fits` is at most `available` tall. `atTop` is true when nothing is above the
   * block on the current page body, i.e. moving it on would not give it more room.
   */
  split(available: number, atTop: boolean): Split;
  /** Appends the block's items to `out`, with its top-left corner at (x, y) in page space. */
  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void;
  /** True for blocks that split between table rows without being taller than a page (see flow.md). */
  readonly rowSplittable?: boolean;
  /** True when the block holds a forced page break below its top: it must be split even when it fits. */
  readonly breaks?: boolean;
}

/** The result of a block that cannot be split: all of it, or none of it. */
export function atomicSplit(block: Block, available: number): Split {
  return block.height <= available + EPSILON ? { fits: block, rest: null } : { fits: null, rest: block };
}

/** Layout tolerance in points: sums of decimals must not push a block that fits onto the next page (1/1000 pt is invisible). */
export const EPSILON = 1e-3;

/** A block that draws nothing but takes room (an element whose value is missing, a hidden image). */
export class EmptyBlock implements Block {
  constructor(readonly height: number) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(): void {}
}
