// Cells that span columns widen them (CSS 2 §17.5.2.2, as browsers do it): when a spanning cell's min- or
// max-content width is more than the columns it spans give (with the spacing between them), the difference
// is shared among those columns in proportion to their max-content widths (evenly when they have none), so
// a wide heading over two narrow columns is not cut or overflowing. Narrowest spans first, so that wider
// spans see the columns the narrower ones already widened.

/** A cell spanning `span` columns from `col`, with its intrinsic widths (border boxes). */
export interface SpanningCell {
  readonly col: number;
  readonly span: number;
  readonly min: number;
  readonly max: number;
}

/** Widens `min` and `max` (per column, in place) for the spanning cells. */
export function widenForSpans(min: number[], max: number[], cells: readonly SpanningCell[], spacing: number): void {
  for (const cell of [...cells].sort((a, b) => a.span - b.span)) {
    const cols = Array.from({ length: cell.span }, (_, k) => cell.col + k).filter((c) => c < min.length);
    if (cols.length === 0) continue;
    const between = spacing * (cols.length - 1);
    const weights = cols.map((c) => max[c] as number);
    const total = weights.reduce((s, w) => s + w, 0);
    const share = (k: number): number => (total > 0 ? (weights[k] as number) / total : 1 / cols.length);
    const minShort = cell.min - between - cols.reduce((s, c) => s + (min[c] as number), 0);
    if (minShort > 0) cols.forEach((c, k) => (min[c] = (min[c] as number) + minShort * share(k)));
    const maxShort = cell.max - between - cols.reduce((s, c) => s + (max[c] as number), 0);
    if (maxShort > 0) cols.forEach((c, k) => (max[c] = (max[c] as number) + maxShort * share(k)));
    for (const c of cols) max[c] = Math.max(max[c] as number, min[c] as number);
  }
}
