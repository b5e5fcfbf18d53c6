// Where a new element goes when it is added by a click (not dropped): the first free spot of the band, reading
// from the top left, so that it never lands on top of what is already there. A band with no room left for it
// gets it below its lowest element, and says how tall the band must become to hold it.

/** A size or a box in points, in the band's coordinates. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Spot {
  readonly x: number;
  readonly y: number;
  /** The band's height needed to hold the element, when more than it has; otherwise undefined. */
  readonly bandHeight?: number;
}

/** The space kept between the new element and its neighbours, and from the band's edges. */
export const GAP = 8;
const STEP = 4;

function clear(r: Rect, occupied: readonly Rect[]): boolean {
  return occupied.every((o) => r.x + r.width + GAP <= o.x || o.x + o.width + GAP <= r.x || r.y + r.height + GAP <= o.y || o.y + o.height + GAP <= r.y);
}

/**
 * The first spot (top to bottom, then left to right, on a 4 pt step) where an element of `size` fits inside a
 * band of `band` width and height without touching any of `occupied`.
 */
export function freeSpot(occupied: readonly Rect[], size: { readonly width: number; readonly height: number }, band: { readonly width: number; readonly height: number }): Spot {
  const { width } = size;
  for (let y = GAP; y + size.height <= band.height - GAP; y += STEP) {
    for (let x = GAP; x + width <= band.width - GAP; x += STEP) {
      if (clear({ x, y, width, height: size.height }, occupied)) return { x, y };
    }
  }
  const below = occupied.reduce((max, o) => Math.max(max, o.y + o.height), 0);
  const y = occupied.length ? below + GAP : GAP;
  const needed = y + size.height + GAP;
  return needed > band.height ? { x: GAP, y, bandHeight: Math.ceil(needed) } : { x: GAP, y };
}

/** A dropped element's top left, kept inside the content width and below the band's top. */
export function clampDrop(at: { readonly x: number; readonly y: number }, size: { readonly width: number }, contentWidth: number): { x: number; y: number } {
  const x = Math.max(0, Math.min(at.x, contentWidth - size.width));
  return { x: Math.round(x), y: Math.round(Math.max(0, at.y)) };
}
