// One band instance as a block: its elements at their grown positions. A band moves to the next page as a
// whole, except (document-model.md) when it is taller than an empty page body (it splits at line boundaries)
// or holds a table (it splits between the table's rows; what lies below the table follows the last row).
import type { FrameItem } from "../frame/types.js";
import { EPSILON, type Block, type PageNumbers, type Split } from "../elements/block.js";
import { pushDown } from "./pushdown.js";

/** An element block at its final place in the band. */
export interface BandEntry {
  readonly block: Block;
  readonly x: number;
  /** Final top, relative to the band. */
  readonly y: number;
  /** Height the element claims in the flow: at least its designed height. */
  readonly slot: number;
}

/** An element block with its designed box, before push-down. */
export interface DesignedEntry {
  readonly block: Block;
  readonly x: number;
  readonly top: number;
  readonly height: number;
}

/** What a band instance needs to know to decide how it may split. */
export interface BandRules {
  readonly keepTogether: boolean;
  /** Height of an empty page body. */
  readonly pageBody: number;
}

/** A laid-out band instance (elements in drawing order). */
export class BandBlock implements Block {
  readonly rowSplittable: boolean;

  constructor(
    readonly entries: readonly BandEntry[],
    readonly height: number,
    private readonly rules: BandRules,
  ) {
    this.rowSplittable = entries.some((e) => e.block.rowSplittable === true);
  }

  /** Grows the band around its elements' content and pushes down what lies below growing elements. */
  static grown(designed: readonly DesignedEntry[], minHeight: number, rules: BandRules): BandBlock {
    const result = pushDown(
      designed.map((d) => ({ top: d.top, height: d.height, actual: d.block.height })),
      minHeight,
    );
    const entries = designed.map((d, i): BandEntry => ({
      block: d.block,
      x: d.x,
      y: result.tops[i] ?? d.top,
      slot: Math.max(d.height, d.block.height),
    }));
    return new BandBlock(entries, result.height, rules);
  }

  /** A band that never grows (page header, page footer, background): elements stay where designed. */
  static fixed(designed: readonly DesignedEntry[], height: number, rules: BandRules): BandBlock {
    const entries = designed.map((d): BandEntry => ({ block: d.block, x: d.x, y: d.top, slot: d.height }));
    return new BandBlock(entries, height, rules);
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    // Blank space below the lowest element does not carry over to the next page (as CSS truncates margins
    // at a break): a band whose elements fit ends at the page end.
    if (this.contentBottom() <= available + EPSILON) return { fits: new BandBlock(this.entries, available, this.rules), rest: null };
    // Taller than an empty page (or already at the top of one): moving on cannot help, split at lines.
    const byLines = atTop || this.height > this.rules.pageBody + EPSILON;
    if (!byLines && (this.rules.keepTogether || !this.rowSplittable)) return { fits: null, rest: this };
    return this.cut(available, atTop, byLines);
  }

  private contentBottom(): number {
    let bottom = 0;
    for (const e of this.entries) bottom = Math.max(bottom, e.y + e.block.height);
    return bottom;
  }

  // Everything above `cut` stays, everything below moves on; an element across the cut splits (text at a
  // line, a table at a row) when allowed, else moves on whole. The rest is pushed down again, so an element
  // whose remainder is taller than the part of its box left below the cut pushes its followers down.
  private cut(cut: number, atTop: boolean, byLines: boolean): Split {
    const fits: BandEntry[] = [];
    const rest: DesignedEntry[] = [];
    let rowProgress = false;
    for (const e of this.entries) {
      if (e.y + e.block.height <= cut + EPSILON) {
        fits.push(e);
        if (e.block.rowSplittable) rowProgress = true;
        continue;
      }
      if (e.y >= cut - EPSILON) {
        rest.push({ block: e.block, x: e.x, top: e.y - cut, height: e.slot });
        continue;
      }
      const splits = byLines || e.block.rowSplittable === true;
      const part = splits ? e.block.split(cut - e.y, atTop && e.y <= EPSILON) : { fits: null, rest: e.block };
      if (part.fits) {
        fits.push({ ...e, block: part.fits, slot: part.fits.height });
        if (e.block.rowSplittable) rowProgress = true;
      }
      if (part.rest) rest.push({ block: part.rest, x: e.x, top: 0, height: Math.max(0, e.y + e.slot - cut) });
    }
    if (fits.length === 0 || (!byLines && !rowProgress)) return { fits: null, rest: this };
    const restBand = BandBlock.grown(rest, Math.max(0, this.height - cut), this.rules);
    return { fits: new BandBlock(fits, cut, this.rules), rest: rest.length > 0 ? restBand : null };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    for (const e of this.entries) e.block.place(out, x + e.x, y + e.y, page);
  }
}
