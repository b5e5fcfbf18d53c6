// Stacking contexts (CSS 2 Appendix E), for paint order across the tree: a positioned box with a `z-index`
// of 0 or more is drawn after all the in-flow content of its stacking context (the page, or the nearest
// ancestor that is one: a positioned box with a z-index, a transformed or translucent box), higher values
// over lower, document order among equals, whatever boxes follow it in the document. So a stamp with
// `z-index: 10` inside one table cell stays over the rows after it. Negative z-indexes are drawn under the
// content of their containing block (positioned.ts), and boxes without a z-index where they are.
//
// Placing is synchronous and depth-first, so the open contexts are a stack: a lifted box hands its items to
// the innermost open context, which draws them when it closes.
import type { Block, PageNumbers, Split } from "../../elements/block.js";
import { WrapperBlock } from "../../elements/wrapper-block.js";
import type { FrameItem } from "../../frame/types.js";

interface Layer {
  readonly z: number;
  readonly items: readonly FrameItem[];
}

const open: Layer[][] = [];

/** Places `place` as a stacking context into `out`: its lifted descendants are drawn over it, by z-index. */
export function asStackingContext(out: FrameItem[], place: (into: FrameItem[]) => void): void {
  const layers: Layer[] = [];
  open.push(layers);
  try {
    place(out);
  } finally {
    open.pop();
  }
  if (layers.length === 0) return;
  // Stable: equal z-indexes keep document order.
  layers.sort((a, b) => a.z - b.z);
  for (const layer of layers) for (const item of layer.items) out.push(item);
}

/** A positioned box with a z-index of 0 or more: a stacking context, drawn in its parent context's layers. */
export class LiftedBlock extends WrapperBlock {
  constructor(inner: Block, private readonly z: number) {
    super(inner);
  }

  protected wrap(block: Block): Block {
    return new LiftedBlock(block, this.z);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const parent = open[open.length - 1];
    if (!parent) {
      asStackingContext(out, (into) => this.inner.place(into, x, y, page));
      return;
    }
    const items: FrameItem[] = [];
    asStackingContext(items, (into) => this.inner.place(into, x, y, page));
    parent.push({ z: this.z, items });
  }
}

/** A page's body as the root stacking context. */
export class RootContextBlock implements Block {
  constructor(private readonly body: Block | null) {}

  get height(): number {
    return this.body?.height ?? 0;
  }

  split(): Split {
    return { fits: this, rest: null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    asStackingContext(out, (into) => this.body?.place(into, x, y, page));
  }
}
