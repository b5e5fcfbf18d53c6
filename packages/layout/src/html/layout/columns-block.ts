// A multi-column set: one flow of content cut into side-by-side columns through the block split contract.
// Where all of it fits, the columns are balanced (the least height at which the content fits into the
// column count, found by bisection, as Chromium's `column-fill: balance`); where it does not, the columns on
// this page are filled to the space left and the rest continues on the next page as a new, balanced set.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";

/** The geometry and rule of a column set. */
export interface ColumnSpec {
  readonly count: number;
  readonly width: number;
  readonly gap: number;
  readonly rule: { readonly width: number; readonly style: string; readonly color: string };
  /** Height of an empty page body: content taller than all columns of a page is filled, not balanced. */
  readonly pageBody: number;
}

/** Bisection steps for the balanced height: 1/2^14 of the content height is well under a point. */
const STEPS = 14;

export class ColumnsBlock implements Block {
  readonly height: number;

  private constructor(
    private readonly content: Block,
    private readonly spec: ColumnSpec,
    private readonly columns: readonly Block[],
  ) {
    this.height = Math.max(0, ...columns.map((c) => c.height));
  }

  /** The content balanced over the columns. */
  static balanced(content: Block, spec: ColumnSpec): ColumnsBlock {
    let hi = content.height;
    let lo = content.height / spec.count;
    // Content that cannot end on this page is filled page by page (split); only its last page is balanced.
    // Skipping the bisection here keeps a long column box linear in its length.
    if (lo > spec.pageBody) return new ColumnsBlock(content, spec, [content]);
    if (spec.count > 1 && fill(content, spec.count, lo, true).rest === null) hi = lo;
    else if (spec.count > 1) {
      for (let i = 0; i < STEPS && hi - lo > 0.1; i++) {
        const mid = (lo + hi) / 2;
        if (fill(content, spec.count, mid, true).rest === null) hi = mid;
        else lo = mid;
      }
    }
    const { columns, rest } = fill(content, spec.count, hi + EPSILON, true);
    // The bisection's end always fits (the whole content fits one column at its full height).
    return new ColumnsBlock(content, spec, rest ? [content] : columns);
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const { columns, rest } = fill(this.content, this.spec.count, available, atTop);
    if (columns.length === 0) return { fits: null, rest: this };
    return { fits: new ColumnsBlock(this.content, this.spec, columns), rest: rest ? ColumnsBlock.balanced(rest, this.spec) : null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const { width, gap, rule } = this.spec;
    this.columns.forEach((column, i) => {
      const left = x + i * (width + gap);
      column.place(out, left, y, page);
      // A rule between two columns that both hold content, in the middle of the gap.
      if (i > 0 && rule.width > 0 && column.height > 0) {
        const rx = left - gap / 2;
        out.push({ kind: "shape", geometry: { type: "line", x1: rx, y1: y, x2: rx, y2: y + this.height }, stroke: ruleStroke(rule) });
      }
    });
  }
}

/** Cuts `content` into at most `count` columns `height` tall; `rest` is what does not fit. */
function fill(content: Block, count: number, height: number, atTop: boolean): { columns: Block[]; rest: Block | null } {
  const columns: Block[] = [];
  let rest: Block | null = content;
  for (let i = 0; i < count && rest; i++) {
    const part = rest.split(height, i > 0 || atTop);
    if (!part.fits) {
      // Nothing fits even at a column top: the column stays empty only for the first column of a page part.
      if (i === 0 && !atTop) return { columns: [], rest: content };
      break;
    }
    columns.push(part.fits);
    rest = part.rest;
  }
  return { columns, rest };
}

function ruleStroke(rule: ColumnSpec["rule"]): { color: string; width: number; dash?: number[]; cap?: "round" } {
  const { width, color } = rule;
  if (rule.style === "dashed") return { color, width, dash: [width * 3, width * 3] };
  if (rule.style === "dotted") return { color, width, dash: [0, width * 2], cap: "round" };
  return { color, width };
}
