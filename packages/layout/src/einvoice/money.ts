// Exact sums and products of Decimals (../tokens/decimal.ts) through bigints: invoice amounts never touch a float.
import { parseDecimal, roundDecimal, type Decimal } from "../tokens/decimal.js";

/** A decimal as an integer of `scale` fraction digits (exact: `scale` ≥ the fraction's length, else truncated — callers round first). */
function scaled(d: Decimal, scale: number): bigint {
  const digits = (d.int || "0") + d.frac.padEnd(scale, "0").slice(0, scale);
  const n = BigInt(digits);
  return d.negative ? -n : n;
}

function unscaled(n: bigint, scale: number): Decimal {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return parseDecimal((negative ? "-" : "") + text)!;
}

/** a + b, exactly. */
export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.frac.length, b.frac.length);
  return unscaled(scaled(a, scale) + scaled(b, scale), scale);
}

/** a − b, exactly. */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, { ...b, negative: !b.negative && (b.int !== "" || b.frac !== "") });
}

/** a × b, exactly. */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return unscaled(scaled(a, a.frac.length) * scaled(b, b.frac.length), a.frac.length + b.frac.length);
}

/** a ÷ 100, exactly (a percent as a factor). */
export function percentFactor(a: Decimal): Decimal {
  return unscaled(scaled(a, a.frac.length), a.frac.length + 2);
}

/** −1, 0 or 1. */
export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.frac.length, b.frac.length);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rounded half away from zero to 2 places: the amount of a money field. */
export function money(d: Decimal): Decimal {
  return roundDecimal(d, 2);
}

export const ZERO: Decimal = { negative: false, int: "", frac: "" };

/** Fixed `places` fraction digits, as CII amounts are written (`10834.50`). */
export function fixed(d: Decimal, places: number): string {
  const r = roundDecimal(d, places);
  const int = r.int || "0";
  const frac = r.frac.padEnd(places, "0");
  const zero = int === "0" && /^0*$/.test(frac);
  return (r.negative && !zero ? "-" : "") + int + (places > 0 ? `.${frac}` : "");
}
