// A paragraph in a box (padding, background, border, vertical alignment, clipping): the block behind text
// elements. It splits between lines; each part is a box of its own with its padding, background and border.
import type { FrameItem } from "../frame/types.js";
import { lineDecorations, type DecorationOptions } from "../text/decorations.js";
import { splitParagraph } from "../text/split.js";
import type { ParagraphLayout } from "../text/types.js";
import { EPSILON, type Block, type PageNumbers, type Split } from "./block.js";
import { placeContentBox, type ContentBox } from "./content-box.js";

/** The box around a paragraph. */
export interface TextBox extends ContentBox {
  /** False when the text colour is transparent: the box is drawn, the glyphs are not. */
  readonly painted: boolean;
  readonly decorations: DecorationOptions;
}

/** Re-lays the text once the page numbers are known (texts with `$page` / `$pages`). */
export type Relayout = (page: PageNumbers) => ParagraphLayout;

/** A paragraph laid out in its box. */
export class TextBlock implements Block {
  constructor(
    private readonly box: TextBox,
    private readonly layout: ParagraphLayout,
    readonly height: number,
    private readonly relayout?: Relayout,
  ) {}

  split(available: number, _atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    // Texts whose lines change after pagination are kept whole: their line count is not final yet.
    if (this.relayout) return { fits: null, rest: this };
    const pad = this.box.padding;
    const parts = splitParagraph(this.layout, available - 2 * pad);
    if (parts.fit.lines.length === 0) return { fits: null, rest: this };
    const top: TextBox = { ...this.box, verticalAlign: "top" };
    if (!parts.rest) return { fits: new TextBlock(top, this.layout, available), rest: null };
    return {
      fits: new TextBlock(top, parts.fit, parts.fit.height + 2 * pad),
      rest: new TextBlock(top, parts.rest, parts.rest.height + 2 * pad),
    };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const { box } = this;
    const layout = this.relayout ? this.relayout(page) : this.layout;
    placeContentBox(out, box, x, y, this.height, layout.height, (target, dx, dy) => {
      if (!box.painted) return;
      const { underline, strike } = box.decorations;
      for (const line of layout.lines) {
        for (const run of line.runs) target.push({ ...run, x: run.x + dx, y: run.y + dy });
        if (!underline && !strike) continue;
        for (const d of lineDecorations(layout, line, box.decorations)) {
          target.push({
            kind: "shape",
            geometry: { type: "line", x1: dx + d.x1, y1: dy + d.y, x2: dx + d.x2, y2: dy + d.y },
            stroke: { color: layout.style.color, width: d.thickness },
          });
        }
      }
    });
  }
}
