// Align and distribute: the position changes for a selection, computed from the elements' boxes (in their
// band's coordinates; the selection is aligned within one band, as a designer user expects).
import type { Element } from "../engine";

export type Alignment = "left" | "center" | "right" | "top" | "middle" | "bottom";

type Change = { id: string; patch: { x?: number; y?: number } };

const round = (v: number) => Math.round(v * 100) / 100;

/** Aligns the elements to the selection's bounding box edge or centre. */
export function align(elements: readonly Element[], how: Alignment): Change[] {
  if (elements.length < 2) return [];
  const left = Math.min(...elements.map((e) => e.x));
  const right = Math.max(...elements.map((e) => e.x + e.width));
  const top = Math.min(...elements.map((e) => e.y));
  const bottom = Math.max(...elements.map((e) => e.y + e.height));
  return elements.map((e) => {
    switch (how) {
      case "left": return { id: e.id, patch: { x: round(left) } };
      case "right": return { id: e.id, patch: { x: round(right - e.width) } };
      case "center": return { id: e.id, patch: { x: round((left + right) / 2 - e.width / 2) } };
      case "top": return { id: e.id, patch: { y: round(top) } };
      case "bottom": return { id: e.id, patch: { y: round(bottom - e.height) } };
      case "middle": return { id: e.id, patch: { y: round((top + bottom) / 2 - e.height / 2) } };
    }
  });
}

/** Spaces three or more elements evenly between the outermost two (equal gaps). */
export function distribute(elements: readonly Element[], axis: "x" | "y"): Change[] {
  if (elements.length < 3) return [];
  const size = (e: Element) => (axis === "x" ? e.width : e.height);
  const pos = (e: Element) => (axis === "x" ? e.x : e.y);
  const sorted = [...elements].sort((a, b) => pos(a) - pos(b));
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const span = pos(last) + size(last) - pos(first);
  const gap = (span - sorted.reduce((sum, e) => sum + size(e), 0)) / (sorted.length - 1);
  let at = pos(first);
  return sorted.map((e) => {
    const change = { id: e.id, patch: axis === "x" ? { x: round(at) } : { y: round(at) } };
    at += size(e) + gap;
    return change;
  });
}
