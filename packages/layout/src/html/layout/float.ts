// Floats (`float: left|right`) and `clear`. A float is laid out as a shrink-to-fit box, taken out of the
// normal flow and placed at the left or right edge of its block container, at the height the flow has
// reached; the line boxes beside it are shortened (the text engine takes a width per line) and boxes that
// make their own formatting context (tables, flex boxes, rows of inline blocks, `overflow: hidden`) are
// narrowed beside it, as in CSS. A float
// taller than its block's content hangs out of it into the parent's flow (layoutFlow's `hang`), where the next
// boxes wrap around it too, as in Chromium; blocks that make a formatting context (`flow-root`, `overflow:
// hidden`, floats, positioned and transformed boxes, table cells, flex items, the root) keep their floats and
// grow to hold them. The flow that draws a float (FloatLayer) never lets it straddle a page break: the float
// moves to the next page with the content beside it.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import type { FrameItem } from "../../frame/types.js";

/**
 * The space floats take from one box, in that box's coordinates (y from its top): per float, the band of
 * heights it occupies and how far it reaches in from the left or the right edge.
 */
export interface Band {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

export type Exclusion = readonly Band[];

/** How far floats reach in from the left and the right over the heights `top`..`bottom`. */
export function insetAt(ex: Exclusion | undefined, top: number, bottom: number): { left: number; right: number } {
  let left = 0;
  let right = 0;
  if (!ex) return { left, right };
  for (const b of ex) {
    if (b.bottom <= top + EPSILON || b.top >= bottom - EPSILON) continue;
    if (b.left > left) left = b.left;
    if (b.right > right) right = b.right;
  }
  return { left, right };
}

/** The bands in the coordinates of a box inside, `dy` down and `dl`/`dr` in from the left/right edges. */
export function shiftExclusion(ex: Exclusion | undefined, dl: number, dr: number, dy: number): Exclusion | undefined {
  if (!ex || ex.length === 0) return undefined;
  const out: Band[] = [];
  for (const b of ex) {
    const band = { top: b.top - dy, bottom: b.bottom - dy, left: Math.max(0, b.left - dl), right: Math.max(0, b.right - dr) };
    if (band.bottom > EPSILON && (band.left > EPSILON || band.right > EPSILON)) out.push(band);
  }
  return out.length > 0 ? out : undefined;
}

/** The lowest bottom of the bands on a side (`clear`), or 0. */
export function clearance(ex: Exclusion | undefined, side: "left" | "right" | "both"): number {
  let bottom = 0;
  for (const b of ex ?? []) {
    if ((side !== "right" && b.left > EPSILON) || (side !== "left" && b.right > EPSILON)) bottom = Math.max(bottom, b.bottom);
  }
  return bottom;
}

/** A float as laid out: its box and its margin box in the container's coordinates. */
export interface PlacedFloat {
  readonly block: Block;
  /** Top-left corner of the margin box. */
  readonly x: number;
  readonly y: number;
  /** Where the box (inside its margins) is drawn, relative to the margin box. */
  readonly dy: number;
  readonly height: number;
  readonly width: number;
  readonly side: "left" | "right";
}

/** The band a float takes from a container `width` wide. */
export function bandOf(f: PlacedFloat, width: number): Band {
  return f.side === "left"
    ? { top: f.y, bottom: f.y + f.height, left: f.x + f.width, right: 0 }
    : { top: f.y, bottom: f.y + f.height, left: 0, right: Math.max(0, width - f.x) };
}

/**
 * Places a float of margin box `w` × `h` on `side` of a container `width` wide, no higher than `y` and no
 * higher than an earlier float (CSS rules 5 and 6), beside the floats already there; returns where and the
 * band it adds. A float too wide to fit beside the others goes below them.
 */
export function placeFloat(ex: Exclusion | undefined, side: "left" | "right", width: number, w: number, h: number, y: number): { x: number; y: number; band: Band } {
  let top = y;
  for (const b of ex ?? []) if (b.top > top && b.bottom > y) top = Math.max(top, b.top);
  for (let guard = 0; guard < 64; guard++) {
    const inset = insetAt(ex, top, top + Math.max(h, EPSILON));
    if (inset.left + inset.right + w <= width + EPSILON || (inset.left === 0 && inset.right === 0)) {
      const x = side === "left" ? inset.left : width - inset.right - w;
      const band = side === "left" ? { top, bottom: top + h, left: inset.left + w, right: 0 } : { top, bottom: top + h, left: 0, right: inset.right + w };
      return { x: Math.max(0, x), y: top, band };
    }
    // Down to the next float bottom in the way.
    let next = Infinity;
    for (const b of ex ?? []) if (b.bottom > top + EPSILON && b.top < top + h) next = Math.min(next, b.bottom);
    if (!Number.isFinite(next)) break;
    top = next;
  }
  const x = side === "left" ? 0 : Math.max(0, width - w);
  return { x, y: top, band: side === "left" ? { top, bottom: top + h, left: w, right: 0 } : { top, bottom: top + h, left: 0, right: w } };
}

/** A block container's flow with its floats: as tall as both; a float never straddles a page break. */
export class FloatLayer implements Block {
  readonly height: number;
  readonly breaks: boolean;

  constructor(private readonly content: Block | null, private readonly floats: readonly PlacedFloat[]) {
    let h = content?.height ?? 0;
    for (const f of floats) h = Math.max(h, f.y + f.height);
    this.height = h;
    this.breaks = content?.breaks === true;
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON && !this.breaks) return { fits: this, rest: null };
    // Cut above any float that would cross the break, so that it moves on with what is beside it.
    let cut = available;
    for (let changed = true; changed;) {
      changed = false;
      for (const f of this.floats) {
        if (f.y < cut - EPSILON && f.y + f.height > cut + EPSILON) {
          cut = f.y;
          changed = true;
        }
      }
    }
    if (cut <= EPSILON) {
      if (!atTop) return { fits: null, rest: this };
      cut = available; // a float taller than a page: it keeps its place at the top and overflows
    }
    const part = this.content ? this.content.split(cut, atTop) : { fits: null, rest: null };
    // Floats beside the content that fits stay with it (a flow of floats alone keeps those above the cut).
    const edge = part.fits ? part.fits.height : this.content ? 0 : cut;
    const before = this.floats.filter((f) => f.y < edge - EPSILON || (f.y < EPSILON && f.y + f.height <= cut + EPSILON && part.fits !== null));
    const after = this.floats.filter((f) => !before.includes(f));
    if (!part.fits && before.length === 0) return { fits: null, rest: this };
    const fits = new FloatLayer(part.fits, before);
    if (!part.rest && after.length === 0) return { fits, rest: null };
    const rest = new FloatLayer(part.rest, after.map((f) => ({ ...f, y: Math.max(0, f.y - edge) })));
    return { fits, rest };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    this.content?.place(out, x, y, page);
    for (const f of this.floats) f.block.place(out, x + f.x, y + f.y + f.dy, page);
  }
}
