// A run of blocks one below the other: the flow itself, a detail's header + rows + footer, one row with its
// nested children. The stack implements the split contract for everything the flow rules say about runs:
// forced page breaks, keepTogether, and the detail header repeated at the top of each continued page.
import type { FrameItem } from "../frame/types.js";
import { EPSILON, type Block, type PageNumbers, type Split } from "../elements/block.js";

/** The first room (points) a previous child gives up for a `keepWithPrevious` one; doubled until its end moves. */
const PULL_BACK = 1;

/** The part a child plays in its run. */
export type StackRole = "header" | "row" | "footer";

/** One child of a stack. */
export interface StackChild {
  readonly block: Block;
  readonly role: StackRole;
  /** Starts a new page unless it is already at the top of one (`pageBreakBefore`, `pageBreakPerRow`). */
  readonly breakBefore: boolean;
  /** Never alone at the top of a page: when it moves on, the end of the child before it goes along. */
  readonly keepWithPrevious?: boolean;
}

/** How a stack splits. */
export interface StackRules {
  /** Move to the next page rather than split, unless taller than an empty page body. */
  readonly keepTogether: boolean;
  /** Height of an empty page body. */
  readonly pageBody: number;
  /** Blocks printed again at the top of each page the run's rows continue on (the detail headers). */
  readonly repeat: readonly Block[];
}

interface Shared {
  readonly children: readonly StackChild[];
  /** prefix[i] = total height of children[0..i). */
  readonly prefix: Float64Array;
  /** suffixBreaks[i]: children[i..] hold a forced break (a breakBefore, or one inside a child). */
  readonly suffixBreaks: Uint8Array;
  /** Index of the last child with role `row`, or -1. */
  readonly lastRow: number;
  readonly rules: StackRules;
}

/** Where a rest stack starts: repeated headers and the rest of a split child go before children[start]. */
interface Lead {
  readonly blocks: readonly Block[];
  /** How many of `blocks` are repeated headers (they come first). */
  readonly headers: number;
  /** Role of the continued child after the headers, if any. */
  readonly role: StackRole;
}

const NO_LEAD: Lead = { blocks: [], headers: 0, role: "row" };

/** A vertical run of blocks. Splitting never copies the children: a rest is a start index plus a lead. */
export class StackBlock implements Block {
  readonly height: number;
  readonly breaks: boolean;

  private constructor(
    private readonly shared: Shared,
    private readonly start: number,
    private readonly lead: Lead,
  ) {
    const { children, prefix, suffixBreaks } = shared;
    let height = 0;
    let breaks = suffixBreaks[start] === 1;
    for (const b of lead.blocks) {
      height += b.height;
      breaks ||= b.breaks === true;
    }
    this.height = height + (prefix[children.length] as number) - (prefix[start] as number);
    this.breaks = breaks;
  }

  /** A stack of children in order. */
  static of(children: readonly StackChild[], rules: StackRules): StackBlock {
    const n = children.length;
    const prefix = new Float64Array(n + 1);
    const suffixBreaks = new Uint8Array(n + 1);
    let lastRow = -1;
    children.forEach((c, i) => {
      prefix[i + 1] = (prefix[i] as number) + c.block.height;
      if (c.role === "row") lastRow = i;
    });
    for (let i = n - 1; i >= 0; i--) {
      const c = children[i] as StackChild;
      suffixBreaks[i] = c.breakBefore || c.block.breaks === true || suffixBreaks[i + 1] === 1 ? 1 : 0;
    }
    return new StackBlock({ children, prefix, suffixBreaks, lastRow, rules }, 0, NO_LEAD);
  }

  split(available: number, atTop: boolean): Split {
    const { children, rules } = this.shared;
    if (this.height <= available + EPSILON && !this.breaks) return { fits: this, rest: null };
    if (rules.keepTogether && !atTop && !this.breaks && this.height <= rules.pageBody + EPSILON) {
      return { fits: null, rest: this };
    }
    const fits: Block[] = [];
    let used = 0;
    // Only repeated (or original) headers so far: a row right under them is as high as it can get on a page.
    let onlyHeaders = true;
    // Whether the next block is at the top of the page: nothing above it but headers or zero-height blocks.
    const atTopNow = (): boolean => atTop && (onlyHeaders || used <= EPSILON);
    const offer = (block: Block, role: StackRole): Split => {
      const top = atTopNow();
      const part = block.height <= available - used + EPSILON && block.breaks !== true
        ? { fits: block, rest: null }
        : block.split(available - used, top);
      if (part.fits) {
        fits.push(part.fits);
        used += part.fits.height;
        if (role !== "header") onlyHeaders = false;
      }
      return part;
    };
    const { blocks, headers } = this.lead;
    for (let k = 0; k < blocks.length; k++) {
      const role = k < headers ? "header" : this.lead.role;
      const part = offer(blocks[k] as Block, role);
      if (part.rest) {
        const lead = { blocks: [part.rest, ...blocks.slice(k + 1)], headers: 0, role };
        return this.finish(fits, onlyHeaders, atTop, lead, this.start);
      }
    }
    let before = { onlyHeaders, top: atTopNow() }; // the state before the previous child was offered
    for (let i = this.start; i < children.length; i++) {
      const child = children[i] as StackChild;
      if (child.breakBefore && !atTopNow()) {
        return this.finish(fits, onlyHeaders, atTop, NO_LEAD, i);
      }
      const state = { onlyHeaders, top: atTopNow() };
      const part = offer(child.block, child.role);
      if (part.rest) {
        if (part.fits === null && child.keepWithPrevious === true && i > this.start && this.lead.blocks.length === 0) {
          // Take the end of the previous child (a detail's last rows) to the next page with this one.
          const prev = children[i - 1] as StackChild;
          const kept = fits.slice(0, -1);
          // Give up room in doubling steps: the first cut that leaves a rest moves the fewest rows (blank
          // space at the end of the previous band is given up first, as it is cut at page ends anyway).
          let cut: Split = { fits: prev.block, rest: null };
          for (let give = PULL_BACK; cut.rest === null && give < 2 * prev.block.height; give *= 2) {
            cut = prev.block.split(Math.max(0, prev.block.height - give), before.top);
          }
          if (cut.fits !== null && cut.rest !== null) {
            return this.finish([...kept, cut.fits], before.onlyHeaders && prev.role === "header", atTop, { blocks: [cut.rest], headers: 0, role: prev.role }, i);
          }
          if (cut.fits === null && kept.length > 0 && !before.onlyHeaders) return this.finish(kept, before.onlyHeaders, atTop, NO_LEAD, i - 1);
        }
        return this.finish(fits, onlyHeaders, atTop, { blocks: [part.rest], headers: 0, role: child.role }, i + 1);
      }
      before = state;
    }
    return { fits: fits.length > 0 ? new Run(fits) : null, rest: null };
  }

  // Builds the rest; refuses (moves the whole stack on) when nothing but headers would stay behind.
  private finish(fits: readonly Block[], onlyHeaders: boolean, atTop: boolean, cont: Lead, start: number): Split {
    if (fits.length === 0 || (onlyHeaders && !atTop)) return { fits: null, rest: this };
    const { rules, lastRow } = this.shared;
    const continuesRows = cont.blocks.length > 0 ? cont.role === "row" : start <= lastRow;
    const repeat = continuesRows ? rules.repeat : [];
    const lead: Lead = { blocks: [...repeat, ...cont.blocks], headers: repeat.length, role: cont.role };
    const rest = new StackBlock(this.shared, start, lead);
    const more = lead.blocks.length > repeat.length || start < this.shared.children.length;
    return { fits: new Run(fits), rest: more ? rest : null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    let top = y;
    for (const b of this.lead.blocks) {
      b.place(out, x, top, page);
      top += b.height;
    }
    const { children } = this.shared;
    for (let i = this.start; i < children.length; i++) {
      const block = (children[i] as StackChild).block;
      block.place(out, x, top, page);
      top += block.height;
    }
  }
}

/** The fitting part of a split stack: blocks one below the other, placed as they are. */
class Run implements Block {
  readonly height: number;

  constructor(private readonly blocks: readonly Block[]) {
    let h = 0;
    for (const b of blocks) h += b.height;
    this.height = h;
  }

  split(available: number): Split {
    return this.height <= available + EPSILON ? { fits: this, rest: null } : { fits: null, rest: this };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    let top = y;
    for (const b of this.blocks) {
      b.place(out, x, top, page);
      top += b.height;
    }
  }
}
