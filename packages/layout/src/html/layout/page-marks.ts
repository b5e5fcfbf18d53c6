// Marks that paged media reads off the pages (GCPM): a box with `string-set` records its strings on the
// page where it starts, a running element (`position: running(name)`) leaves the flow and records itself
// there, a box with a `page` name names every page it is on, and a target of target-counter() records the
// page it starts on. Marks are recorded only in finalize's recording walk (PagedState.recording), so
// placing a block more than once records nothing twice.
import type { Block, PageNumbers, Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import type { HtmlContext } from "./context.js";
import type { PagedState } from "./paged-state.js";

/** What a box marks: set on its first fragment (`start`), or on every fragment (`page`). */
interface Marks {
  readonly strings: readonly (readonly [string, string])[] | undefined;
  readonly running: { readonly name: string; readonly element: HtmlElement } | undefined;
  readonly page: string | undefined;
  /** Target ids of target-counter() recorded on the page where the box starts (inline ones carried by their block). */
  readonly targets: readonly string[];
  /** Footnotes called in this block (on its first fragment's page). */
  readonly footnotes?: readonly HtmlElement[];
  /** The side of page the box wants to start on (`break-before: left|right`). */
  readonly side?: string;
}

/** Wraps the block of `el` when it marks anything (most boxes do not: the block is returned as is). */
export function withPageMarks(block: Block, el: HtmlElement, style: ComputedStyle, ctx: HtmlContext): Block {
  const paged = ctx.paged;
  if (!paged) return block;
  const marks = marksOf(el, style, paged);
  if (!marks) return block;
  paged.marking = true;
  return new MarkBlock(block, marks, paged, true);
}

/** Wraps a paragraph that calls footnotes (their calls' text is among `paths`); the block as is otherwise. */
export function withFootnoteCalls(block: Block, paths: ReadonlySet<string>, ctx: HtmlContext): Block {
  const paged = ctx.paged;
  if (!paged || paged.footnotes.length === 0) return block;
  const called = paged.footnotes.filter((f) => paths.has(f.callPath)).map((f) => f.element);
  if (called.length === 0) return block;
  paged.marking = true;
  return new MarkBlock(block, { strings: undefined, running: undefined, page: undefined, targets: [], footnotes: called }, paged, true);
}

/** The zero-height mark a running element leaves in the flow. */
export function runningMark(el: HtmlElement, name: string, ctx: HtmlContext): Block {
  const paged = ctx.paged as PagedState;
  paged.marking = true;
  return new MarkBlock(null, { strings: undefined, running: { name, element: el }, page: undefined, targets: [] }, paged, true);
}

/** The name of the page an element asks for (`page: chapter`), undefined for `auto`. */
export function pageNameOf(style: ComputedStyle): string | undefined {
  const v = style.generated?.page?.trim().toLowerCase();
  return v === undefined || v === "auto" || v === "" ? undefined : v;
}

function marksOf(el: HtmlElement, style: ComputedStyle, paged: PagedState): Marks | undefined {
  const strings = paged.stringSets.get(el);
  const page = pageNameOf(style);
  const id = el.attrs.get("id");
  const inline = paged.inlineTargets.get(el);
  const targets = id !== undefined && paged.targets.has(id) ? [id, ...(inline ?? [])] : inline ?? [];
  const side = style.generated?.side;
  if (!strings && page === undefined && targets.length === 0 && side === undefined) return undefined;
  if (side !== undefined) paged.sides = true;
  return { strings, running: undefined, page, targets, ...(side !== undefined ? { side } : {}) };
}

class MarkBlock implements Block {
  readonly height: number;
  readonly breaks: boolean | undefined;
  readonly rowSplittable: boolean | undefined;

  constructor(
    private readonly inner: Block | null,
    private readonly marks: Marks,
    private readonly paged: PagedState,
    /** True for the first fragment: it carries the start marks. */
    private readonly first: boolean,
  ) {
    this.height = inner?.height ?? 0;
    this.breaks = inner?.breaks;
    this.rowSplittable = inner?.rowSplittable;
  }

  split(available: number, atTop: boolean): Split {
    if (!this.inner) return { fits: this, rest: null };
    const { fits, rest } = this.inner.split(available, atTop);
    return {
      fits: fits ? new MarkBlock(fits, this.marks, this.paged, this.first) : null,
      rest: rest ? new MarkBlock(rest, this.marks, this.paged, this.first && !fits) : null,
    };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    if (this.paged.probe && this.first && this.marks.footnotes) this.paged.probe.push(...this.marks.footnotes);
    if (this.paged.sideProbe && this.first && this.marks.side !== undefined) this.paged.sideProbe.push({ side: this.marks.side, y });
    if (this.paged.recording) this.record(page.page);
    this.inner?.place(out, x, y, page);
  }

  private record(pageNumber: number): void {
    const record = this.paged.page(pageNumber - 1);
    const { marks } = this;
    if (marks.page !== undefined && record.name === undefined) record.name = marks.page;
    if (!this.first) return;
    for (const [name, value] of marks.strings ?? []) {
      const list = record.strings.get(name);
      if (list) list.push(value);
      else record.strings.set(name, [value]);
    }
    if (marks.running) {
      const list = record.running.get(marks.running.name);
      if (list) list.push(marks.running.element);
      else record.running.set(marks.running.name, [marks.running.element]);
    }
    for (const target of marks.targets) if (!this.paged.placedTargets.has(target)) this.paged.placedTargets.set(target, pageNumber);
  }
}
