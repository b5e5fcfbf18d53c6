// Laid-out markdown in its box: lines of items (box coordinates), split between lines across pages like a
// text element; each part keeps the box's padding, background and border.
import type { FrameItem } from "../frame/types.js";
import { EPSILON, type Block, type PageNumbers, type Split } from "./block.js";
import { placeContentBox, type ContentBox } from "./content-box.js";

/** One line of markdown output: everything it draws, y relative to the content top. */
export interface MdLine {
  readonly top: number;
  readonly height: number;
  readonly items: readonly FrameItem[];
}

/** Markdown lines in a box. */
export class MarkdownBlock implements Block {
  constructor(
    private readonly box: ContentBox,
    private readonly lines: readonly MdLine[],
    /** Height of the content (bottom of the last line). */
    private readonly content: number,
    readonly height: number,
  ) {}

  split(available: number, _atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const room = available - 2 * this.box.padding;
    let count = 0;
    while (count < this.lines.length && bottom(this.lines[count]!) <= room + EPSILON) count++;
    if (count === 0) return { fits: null, rest: this };
    const box: ContentBox = { ...this.box, verticalAlign: "top" };
    if (count === this.lines.length) return { fits: new MarkdownBlock(box, this.lines, this.content, available), rest: null };
    const head = this.lines.slice(0, count);
    const headHeight = bottom(head[head.length - 1]!);
    const shift = this.lines[count]!.top;
    const tail = this.lines.slice(count).map((line) => ({ ...line, top: line.top - shift, items: line.items.map((it) => moveItem(it, 0, -shift)) }));
    const tailHeight = this.content - shift;
    return {
      fits: new MarkdownBlock(box, head, headHeight, headHeight + 2 * this.box.padding),
      rest: new MarkdownBlock(box, tail, tailHeight, tailHeight + 2 * this.box.padding),
    };
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    placeContentBox(out, this.box, x, y, this.height, this.content, (target, dx, dy) => {
      for (const line of this.lines) for (const item of line.items) target.push(moveItem(item, dx, dy));
    });
  }
}

function bottom(line: MdLine): number {
  return line.top + line.height;
}

/** The item moved by (dx, dy). Markdown lines hold text runs, rects, lines and links only. */
export function moveItem(item: FrameItem, dx: number, dy: number): FrameItem {
  if (dx === 0 && dy === 0) return item;
  switch (item.kind) {
    case "text":
    case "link":
    case "image":
    case "field":
      return { ...item, x: item.x + dx, y: item.y + dy };
    case "group":
      return { ...item, items: item.items.map((it) => moveItem(it, dx, dy)) };
    case "shape": {
      const g = item.geometry;
      if (g.type === "rect") return { ...item, geometry: { ...g, x: g.x + dx, y: g.y + dy } };
      if (g.type === "line") return { ...item, geometry: { ...g, x1: g.x1 + dx, y1: g.y1 + dy, x2: g.x2 + dx, y2: g.y2 + dy } };
      if (g.type === "ellipse") return { ...item, geometry: { ...g, cx: g.cx + dx, cy: g.cy + dy } };
      return { kind: "group", transform: [1, 0, 0, 1, dx, dy], items: [item] };
    }
  }
}
