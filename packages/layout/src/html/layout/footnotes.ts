// Footnotes (GCPM §3): each page's body gives up room at its foot for the footnotes called on it. The
// pagination loop is the flow's (flow/paginate.ts) with one addition: after cutting a page, the footnotes
// its content calls are measured, and while they do not fit the room kept for them the page is cut again
// with that much less room (the room only grows, so this ends; a page keeps at least a fifth of its body).
// The area is drawn by finalize from the `@page { @footnote { … } }` rule: margin-top, a border-top
// rule and padding-top above the footnotes, each laid out at the content width.
import { EPSILON, type Block, type Split } from "../../elements/block.js";
import { checkPageCount } from "../../flow/budget.js";
import type { Pagination } from "../../flow/paginate.js";
import type { FrameItem } from "../../frame/types.js";
import type { HtmlElement } from "../dom.js";
import type { Declaration } from "../shorthands.js";
import { computeStyle, type ComputedStyle } from "../style.js";
import { resolveLength } from "../values.js";
import type { HtmlContext } from "./context.js";
import { layoutBlockBox } from "./flow.js";
import type { PagedState } from "./paged-state.js";

/** The footnote area's decoration above the footnotes, in points, and its rule. */
export interface FootnoteArea {
  readonly above: number;
  readonly rule: { readonly width: number; readonly color: string; readonly length: number; readonly top: number } | undefined;
}

/** Reads `@footnote` declarations (margin-top, border-top, padding-top, and the rule's width as `width`). */
export function footnoteArea(declarations: readonly Declaration[], root: ComputedStyle, contentWidth: number): FootnoteArea {
  const style = computeStyle(new Map(declarations.map((d) => [d.property, d.value] as const)), root, root.size);
  const margin = style.margin[0] === "auto" ? 0 : resolveLength(style.margin[0], contentWidth);
  const border = style.borderWidth[0];
  const padding = resolveLength(style.padding[0], contentWidth);
  const length = style.width === "auto" ? contentWidth : Math.min(contentWidth, resolveLength(style.width, contentWidth));
  return { above: margin + border + padding, rule: border > 0 ? { width: border, color: style.borderColor[0], length, top: margin + border / 2 } : undefined };
}

/** The footnote blocks, laid out once each at the content width. */
export class Footnotes {
  private readonly blocks = new Map<HtmlElement, Block | null>();

  constructor(
    private readonly ctx: HtmlContext,
    private readonly width: number,
    readonly area: FootnoteArea,
  ) {}

  block(el: HtmlElement): Block | null {
    let b = this.blocks.get(el);
    if (b === undefined) this.blocks.set(el, (b = layoutBlockBox(el, this.ctx, this.width, [])?.block ?? null));
    return b;
  }

  /** The height of the area holding `notes` (0 without any). */
  height(notes: readonly HtmlElement[]): number {
    if (notes.length === 0) return 0;
    return this.area.above + notes.reduce((sum, n) => sum + (this.block(n)?.height ?? 0), 0);
  }

  /** Places the area at the foot of a body whose bottom is `bottom`. */
  place(out: FrameItem[], notes: readonly HtmlElement[], x: number, bottom: number, page: { page: number; pages: number }): void {
    if (notes.length === 0) return;
    let y = bottom - this.height(notes);
    const rule = this.area.rule;
    if (rule) out.push({ kind: "shape", geometry: { type: "line", x1: x, y1: y + rule.top, x2: x + rule.length, y2: y + rule.top }, stroke: { color: rule.color, width: rule.width } });
    y += this.area.above;
    for (const note of notes) {
      const b = this.block(note);
      if (!b) continue;
      b.place(out, x, y, page);
      y += b.height;
    }
  }
}

/**
 * paginate() with room kept at each page's foot for its footnotes (recorded in `paged.pageFootnotes`), and a
 * blank page before a page whose first box asks for the other side (`break-before: right` on an even page).
 */
export function paginateHtml(flow: Block, body: number, firstBody: number, maxPages: number | undefined, paged: PagedState, notes: Footnotes | undefined): Pagination {
  const pages: (Block | null)[] = [];
  let rest: Block | null = flow;
  let overflowed = false;
  let sideChecked = false;
  while (rest) {
    const full = pages.length === 0 ? firstBody : body;
    let reserved = 0;
    let cut: Split = rest.split(full, true);
    if (paged.sides && !sideChecked && wantsOtherSide(cut.fits, pages.length + 1, paged)) {
      // A blank page first (its @page :blank rules apply); the content is cut again for the next page.
      pages.push(null);
      paged.pageFootnotes.push([]);
      checkPageCount(pages.length, maxPages);
      sideChecked = true;
      continue;
    }
    sideChecked = false;
    let called = notes ? calledIn(cut.fits, paged) : [];
    for (let tries = 0; notes && tries < 20; tries++) {
      const need = notes.height(called);
      if (need <= reserved + EPSILON || full - need < full / 5) break;
      reserved = need;
      cut = rest.split(full - reserved, true);
      called = calledIn(cut.fits, paged);
    }
    const fits: Block | null = cut.fits;
    const next: Block | null = cut.rest;
    const stuck = !fits || (fits.height <= EPSILON && next !== null && next.height >= rest.height - EPSILON);
    if (stuck) {
      pages.push(rest);
      paged.pageFootnotes.push(calledIn(rest, paged));
      overflowed = true;
      break;
    }
    pages.push(fits);
    paged.pageFootnotes.push(called);
    checkPageCount(pages.length, maxPages);
    rest = next;
  }
  if (pages.length === 0) pages.push(null);
  return { pages, overflowed };
}

// True when the box that starts a page asks for a left page on a right (odd) one, or the other way round.
function wantsOtherSide(block: Block | null, pageNumber: number, paged: PagedState): boolean {
  if (!block) return false;
  paged.sideProbe = [];
  try {
    block.place([], 0, 0, { page: pageNumber, pages: pageNumber });
    // A box with break-before: left/right always starts its page (the break is forced), whatever its y.
    const top = paged.sideProbe[0];
    return top !== undefined && (top.side === "right") !== (pageNumber % 2 === 1);
  } finally {
    paged.sideProbe = undefined;
  }
}

// The footnotes a page's content calls: its blocks are placed once into nothing, the marks reporting.
function calledIn(block: Block | null, paged: PagedState): HtmlElement[] {
  if (!block) return [];
  paged.probe = [];
  try {
    block.place([], 0, 0, { page: 1, pages: 1 });
    return paged.probe;
  } finally {
    paged.probe = undefined;
  }
}
