// The six alignment buttons' icons: a guide line (the edge or centre aligned to) and two bars of different
// lengths meeting it, so left, centre, right, top, middle and bottom each look different (they shared one
// arrow before).
import type { Alignment } from "./arrange";

type Bar = readonly [x: number, y: number, width: number, height: number];

/** The guide line (x1, y1, x2, y2) and the two bars of each alignment, on a 16 × 16 grid. */
export const ALIGN_SHAPES: Record<Alignment, { readonly guide: readonly [number, number, number, number]; readonly bars: readonly [Bar, Bar] }> = {
  left: { guide: [2, 1, 2, 15], bars: [[3, 3, 10, 4], [3, 9, 6, 4]] },
  center: { guide: [8, 1, 8, 15], bars: [[3, 3, 10, 4], [5, 9, 6, 4]] },
  right: { guide: [14, 1, 14, 15], bars: [[3, 3, 10, 4], [7, 9, 6, 4]] },
  top: { guide: [1, 2, 15, 2], bars: [[3, 3, 4, 10], [9, 3, 4, 6]] },
  middle: { guide: [1, 8, 15, 8], bars: [[3, 3, 4, 10], [9, 5, 4, 6]] },
  bottom: { guide: [1, 14, 15, 14], bars: [[3, 3, 4, 10], [9, 7, 4, 6]] },
};

/** The icon (decorative: the button is named by its text). */
export function AlignIcon({ how }: { readonly how: Alignment }) {
  const { guide, bars } = ALIGN_SHAPES[how];
  return (
    <svg className="d-align-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" data-align-icon={how}>
      <line x1={guide[0]} y1={guide[1]} x2={guide[2]} y2={guide[3]} stroke="currentColor" strokeWidth="1.5" />
      {bars.map(([x, y, w, h], i) => <rect key={i} x={x} y={y} width={w} height={h} rx="0.5" fill="currentColor" opacity={0.75} />)}
    </svg>
  );
}
