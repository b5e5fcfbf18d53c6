// A bound detail row that reports its data row to the page it is placed on (the part where it starts), so
// page bands can total the rows of each page (`$pageRows`) and carry the earlier ones forward (`$rowsBefore`).
import type { FrameItem } from "../frame/types.js";
import type { Block, PageNumbers, Split } from "../elements/block.js";

/** Wraps a row instance; only the first part of a split row reports the row. */
export class RecordedRow implements Block {
  readonly height: number;
  readonly breaks: boolean;

  constructor(private readonly inner: Block, private readonly row: unknown) {
    this.height = inner.height;
    this.breaks = inner.breaks === true;
  }

  split(available: number, atTop: boolean): Split {
    const part = this.inner.split(available, atTop);
    if (part.fits === null) return { fits: null, rest: part.rest === this.inner ? this : part.rest && new RecordedRow(part.rest, this.row) };
    return { fits: part.fits === this.inner ? this : new RecordedRow(part.fits, this.row), rest: part.rest };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    page.rows?.push(this.row);
    this.inner.place(out, x, y, page);
  }
}
