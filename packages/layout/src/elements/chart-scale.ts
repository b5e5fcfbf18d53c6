// Value axes with "nice numbers" (after Heckbert, Graphics Gems 1990): ticks at 1, 2, 2.5 or 5 × 10^k, a range that
// starts and ends on a tick and always shows zero for bars and areas. Pure arithmetic, shared with the designer.

/** A linear scale from a value range onto a pixel span, with its ticks. */
export interface ValueScale {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** Tick values from min to max inclusive. */
  readonly ticks: readonly number[];
}

/** The nice number nearest `range` (rounded) or at least `range` (not rounded). */
export function niceNumber(range: number, round: boolean): number {
  if (!(range > 0) || !Number.isFinite(range)) return 1;
  const exponent = Math.floor(Math.log10(range));
  const power = 10 ** exponent;
  const fraction = range / power;
  let nice: number;
  if (round) nice = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10;
  else nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * A scale covering [low, high] with about `target` intervals. `withZero` stretches the range to include 0
 * (bars grow from zero); an empty or flat range still gets a usable scale around its value.
 */
export function valueScale(low: number, high: number, target: number, withZero: boolean): ValueScale {
  let lo = Number.isFinite(low) ? low : 0;
  let hi = Number.isFinite(high) ? high : 0;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (withZero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  if (hi === lo) {
    // One value (or none): a range from zero to it, or one unit around it.
    const pad = lo === 0 ? 1 : Math.abs(lo) / 2;
    if (lo >= 0 && withZero) hi = lo === 0 ? 1 : hi;
    else {
      lo -= pad;
      hi += pad;
    }
  }
  const intervals = Math.max(1, Math.min(10, Math.round(target)));
  const step = niceNumber((hi - lo) / intervals, true);
  const min = Math.floor(lo / step + 1e-9) * step;
  const max = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  const count = Math.round((max - min) / step);
  // Values such as 0.1 × 3 are cleaned to the step's decimals so labels print 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let i = 0; i <= count; i++) ticks.push(Number((min + i * step).toFixed(Math.min(20, decimals))));
  return { min, max, step, ticks };
}

/** Where `value` falls on a scale drawn from `from` (at min) to `to` (at max). */
export function project(scale: ValueScale, value: number, from: number, to: number): number {
  const span = scale.max - scale.min;
  return span === 0 ? from : from + ((value - scale.min) / span) * (to - from);
}
