// Boxes at fixed offsets in a band (grid rows joined by spanning items) that splits across pages through its
// cells: a cell above the cut goes whole, one below it moves on, one across it splits itself (its next
// fragment starts the next page's band), as Chromium fragments a grid row taller than the page.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";

export interface Cell {
  readonly block: Block;
  readonly x: number;
  readonly y: number;
}

export class CellsBlock implements Block {
  constructor(
    private readonly cells: readonly Cell[],
    readonly height: number,
  ) {}

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const fits: Cell[] = [];
    const rest: Cell[] = [];
    for (const c of this.cells) {
      if (c.y + c.block.height <= available + EPSILON) fits.push(c);
      else if (c.y >= available - EPSILON) rest.push({ block: c.block, x: c.x, y: c.y - available });
      else {
        const part = c.block.split(available - c.y, atTop && c.y <= EPSILON);
        // A box that cannot start here (nothing of it fits) and is not at the top of a page moves the band on.
        if (!part.fits) {
          if (!atTop) return { fits: null, rest: this };
          rest.push({ block: c.block, x: c.x, y: 0 });
          continue;
        }
        fits.push({ block: part.fits, x: c.x, y: c.y });
        if (part.rest) rest.push({ block: part.rest, x: c.x, y: 0 });
      }
    }
    if (fits.length === 0) return { fits: null, rest: this };
    const used = Math.min(available, Math.max(...fits.map((c) => c.y + c.block.height)));
    const restHeight = Math.max(this.height - available, ...rest.map((c) => c.y + c.block.height));
    return { fits: new CellsBlock(fits, used), rest: rest.length > 0 ? new CellsBlock(rest, Math.max(0, restHeight)) : null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    for (const c of this.cells) c.block.place(out, x + c.x, y + c.y, page);
  }
}
