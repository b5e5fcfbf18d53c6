// Aggregate filters over an array: `{{ items | sum:"amount" }}`, `count`, `avg`, `min`, `max`. Exact:
// values are decimals (numbers as their shortest round-trip form, numeric strings as written), added as
// scaled bigints, so a column of 0.1s sums to exactly 0.3 and the total matches the printed rows.
import { decimalToString, parseDecimal, roundDecimal, toDecimal, type Decimal } from "./decimal.js";
import { lookupSegments, parsePath } from "./path.js";
import type { TokenContext } from "./types.js";

/** Fraction digits an average keeps (then rounded half away from zero, trailing zeros dropped). */
const AVERAGE_PLACES = 20;


/**
 * Applies an aggregate filter to `value` (an array; anything else is missing): the items' values at the
 * path `arg` (the items themselves without one) that are numbers. `count` counts items (or, with a path,
 * items whose value there is a number); the others print a plain decimal string, missing when no item has a
 * number (`count` is then 0).
 */
export function aggregate(name: string, value: unknown, arg: string | undefined, ctx: TokenContext): unknown {
  if (!Array.isArray(value)) return name === "count" ? 0 : undefined;
  if (name === "count" && (arg === undefined || arg.trim() === "")) return value.length;
  const segments = arg === undefined || arg.trim() === "" ? undefined : parsePath(arg.trim());
  if (arg !== undefined && arg.trim() !== "" && segments === undefined) return name === "count" ? 0 : undefined;
  const numbers: Decimal[] = [];
  for (const item of value) {
    const at = segments === undefined ? item : lookupSegments(segments, { ...ctx, root: item });
    const d = typeof at === "boolean" ? undefined : toDecimal(at);
    if (d !== undefined) numbers.push(d);
  }
  if (name === "count") return numbers.length;
  if (numbers.length === 0) return undefined;
  const scale = Math.max(...numbers.map((d) => d.frac.length));
  const scaled = numbers.map((d) => toScaled(d, scale));
  let result: bigint;
  if (name === "min" || name === "max") {
    result = scaled.reduce((a, b) => ((name === "min" ? b < a : b > a) ? b : a));
  } else {
    result = scaled.reduce((a, b) => a + b, 0n);
    if (name === "avg") return decimalToString(divide(result, scale, BigInt(numbers.length)));
  }
  return decimalToString(fromScaled(result, scale));
}

function toScaled(d: Decimal, scale: number): bigint {
  const magnitude = BigInt((d.int || "0") + d.frac.padEnd(scale, "0"));
  return d.negative ? -magnitude : magnitude;
}

function fromScaled(n: bigint, scale: number): Decimal {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const text = `${negative ? "-" : ""}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return parseDecimal(scale === 0 ? text.slice(0, -1) : text)!;
}

// (n / 10^scale) / count, to AVERAGE_PLACES digits and one more, then rounded half away from zero.
function divide(n: bigint, scale: number, count: bigint): Decimal {
  const extra = AVERAGE_PLACES + 1;
  const quotient = (n * 10n ** BigInt(extra)) / count; // truncates toward zero: the next digit stays exact
  return roundDecimal(fromScaled(quotient, scale + extra), AVERAGE_PLACES);
}
