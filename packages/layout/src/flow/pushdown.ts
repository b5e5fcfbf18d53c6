// Growth with push-down (document-model.md, "Growth and splitting"): an element that needs more height than
// its box grows; every element whose top is at or below the growing element's bottom moves down by the same
// amount; the band grows with it; elements beside it do not move.
import { EPSILON } from "../elements/block.js";

/** One element's box as designed and the height its content actually needs. */
export interface Slot {
  /** Designed top, relative to the band. */
  readonly top: number;
  /** Designed height. */
  readonly height: number;
  /** Height the laid-out content takes (may be less than designed: the box keeps its designed height). */
  readonly actual: number;
}

/** Final tops of the slots (same order) and the band's grown height. */
export interface PushDown {
  readonly tops: readonly number[];
  readonly height: number;
}

/**
 * Moves every slot down by the growth of the slots above it (transitively) and grows the band.
 * Shifts accumulate along chains: a shift is the largest (shift + growth) of any slot whose designed bottom
 * is at or above this slot's designed top. The band's bottom edge behaves like a slot at `bandHeight`.
 */
export function pushDown(slots: readonly Slot[], bandHeight: number): PushDown {
  const n = slots.length;
  const growth = slots.map((s) => Math.max(0, s.actual - s.height));
  let bottom = bandHeight;
  if (!growth.some((g) => g > EPSILON)) {
    for (const s of slots) bottom = Math.max(bottom, s.top + Math.max(s.height, s.actual));
    return { tops: slots.map((s) => s.top), height: bottom };
  }
  // Visit in designed top order so every slot's pushers are final before it is visited.
  const order = [...slots.keys()].sort((a, b) => {
    const sa = slots[a] as Slot;
    const sb = slots[b] as Slot;
    return sa.top - sb.top || sa.height - sb.height || a - b;
  });
  const shift = new Float64Array(n);
  for (let oi = 0; oi < n; oi++) {
    const i = order[oi] as number;
    const si = slots[i] as Slot;
    let s = 0;
    for (let oj = 0; oj < oi; oj++) {
      const j = order[oj] as number;
      const sj = slots[j] as Slot;
      const push = (shift[j] as number) + (growth[j] as number);
      if (push > s && sj.top + sj.height <= si.top + EPSILON) s = push;
    }
    shift[i] = s;
  }
  let bandShift = 0;
  for (let j = 0; j < n; j++) {
    const sj = slots[j] as Slot;
    if (sj.top + sj.height <= bandHeight + EPSILON) bandShift = Math.max(bandShift, (shift[j] as number) + (growth[j] as number));
  }
  bottom = bandHeight + bandShift;
  const tops = slots.map((s, i) => s.top + (shift[i] as number));
  slots.forEach((s, i) => {
    bottom = Math.max(bottom, (tops[i] as number) + Math.max(s.height, s.actual));
  });
  return { tops, height: bottom };
}
