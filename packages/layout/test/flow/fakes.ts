// Minimal blocks for testing the flow in isolation: fixed-height boxes and line-splittable boxes that
// place one text run naming themselves, so a test can read which part landed where.
import { atomicSplit, EPSILON, type Block, type PageNumbers, type Split } from "../../src/elements/block.js";
import type { FrameItem, TextRunItem } from "../../src/frame/types.js";

/** An atomic box of a given height that places one run with its name at its top. */
export class Box implements Block {
  constructor(readonly name: string, readonly height: number, readonly rowSplittable = false) {}
  split(available: number): Split {
    return atomicSplit(this, available);
  }
  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    out.push(run(`${this.name}@p${page.page}`, x, y));
  }
}

/** A box of `lines` lines of `lineHeight` that splits between lines; places one run per line. */
export class Lines implements Block {
  constructor(readonly name: string, readonly lines: number, readonly lineHeight = 10, readonly first = 1) {}
  get height(): number {
    return this.lines * this.lineHeight;
  }
  split(available: number): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const n = Math.floor((available + EPSILON) / this.lineHeight);
    if (n <= 0) return { fits: null, rest: this };
    return {
      fits: new Lines(this.name, n, this.lineHeight, this.first),
      rest: new Lines(this.name, this.lines - n, this.lineHeight, this.first + n),
    };
  }
  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    for (let i = 0; i < this.lines; i++) out.push(run(`${this.name}${this.first + i}@p${page.page}`, x, y + i * this.lineHeight));
  }
}

function run(text: string, x: number, y: number): TextRunItem {
  return { kind: "text", x, y, face: "test", size: 10, color: "#000000", glyphs: [], text };
}

/** Places every page of a pagination and returns each page's run texts with their y. */
export function pagesOf(bodies: readonly (Block | null)[]): string[][] {
  return bodies.map((body, i) => {
    const out: FrameItem[] = [];
    body?.place(out, 0, 0, { page: i + 1, pages: bodies.length });
    return out.map((it) => (it.kind === "text" ? `${it.text.replace(/@p\d+$/, "")}:${Math.round(it.y * 100) / 100}` : it.kind));
  });
}
