// The order the keyboard walks the canvas in: each band as the engine stacks it, followed by its elements
// top to bottom and, on one line, left to right — the order a reader takes, not the paint order (the array's
// order, which only says what is drawn on top).
import type { StackedBand } from "./stack";

/** A band or an element on the canvas, as the keyboard reaches it. */
export interface CanvasItem {
  readonly kind: "band" | "element";
  readonly id: string;
  readonly bandId: string;
}

/** Tops closer than this (points) count as one line, so a label and its value side by side are read left to right. */
const SAME_LINE = 2;

/** Every band and element in reading order. */
export function readingOrder(stack: readonly StackedBand[]): CanvasItem[] {
  const out: CanvasItem[] = [];
  for (const sb of stack) {
    out.push({ kind: "band", id: sb.band.id, bandId: sb.band.id });
    const els = [...sb.band.elements].sort((a, b) => (Math.abs(a.y - b.y) < SAME_LINE ? a.x - b.x : a.y - b.y));
    for (const el of els) out.push({ kind: "element", id: el.id, bandId: sb.band.id });
  }
  return out;
}

/** The item after (or before) `id` in `order`, or null at either end (the keyboard then leaves the canvas). */
export function stepFrom(order: readonly CanvasItem[], id: string, back: boolean): CanvasItem | null {
  const i = order.findIndex((item) => item.id === id);
  if (i < 0) return null;
  return order[i + (back ? -1 : 1)] ?? null;
}
