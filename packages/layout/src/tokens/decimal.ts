// Exact decimal arithmetic on digit strings: formatting money must never go through binary floats.

/** A decimal number as digit strings: `int` without leading zeros, `frac` without trailing zeros. */
export interface Decimal {
  readonly negative: boolean;
  /** Integer digits; `""` when the integer part is zero. */
  readonly int: string;
  /** Fraction digits; `""` when there are none. */
  readonly frac: string;
}

// Beyond this an exponent would expand into an absurdly long digit string; such input is not a number here.
const MAX_EXPONENT = 1000;
const NUMERIC = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The exact decimal of a finite number (its shortest round-trip form), a bigint, or a numeric string; else `undefined`. */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? numberDecimal(value) : undefined;
  if (typeof value === "bigint") return parseDecimal(value.toString());
  if (typeof value === "string") return parseDecimal(value);
  return undefined;
}

/**
 * The decimal of a finite number without the regular expressions of parseDecimal: String() of a number is
 * canonical (no leading zeros but a lone `0`, no trailing fraction zeros, no `+`), so only the exponent form
 * (beyond 1e21 or below 1e-6) needs parsing. Every table cell of amounts comes through here.
 */
function numberDecimal(value: number): Decimal | undefined {
  const text = String(value);
  if (text.includes("e")) return parseDecimal(text);
  const negative = text.charCodeAt(0) === 45; // -
  const start = negative ? 1 : 0;
  const dot = text.indexOf(".", start);
  let int = dot < 0 ? text.slice(start) : text.slice(start, dot);
  if (int === "0") int = "";
  const frac = dot < 0 ? "" : text.slice(dot + 1);
  return { negative: negative && (int !== "" || frac !== ""), int, frac };
}

/** Parses plain or exponent notation (`-1234.5`, `.5`, `1e21`), surrounding whitespace allowed; no grouping. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = NUMERIC.exec(text.trim());
  if (!m) return undefined;
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  if (!int && !frac) return undefined;
  const exponent = Number(exp);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  return place(sign === "-", int + frac, int.length + exponent);
}

/** Multiplies by 10^places (places ≥ 0), as `%` needs. */
export function shiftDecimal(d: Decimal, places: number): Decimal {
  return place(d.negative, d.int + d.frac, d.int.length + places);
}

/** Rounds half away from zero to `places` fraction digits; a result of zero is unsigned (no `-0.00`). */
export function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.frac.length <= places) return d;
  const kept = d.int + d.frac.slice(0, places);
  const roundUp = (d.frac.charCodeAt(places) - 48) >= 5; // magnitude up = away from zero
  const digits = roundUp ? increment(kept) : kept;
  // A carry can add a digit on the left (`9.99` → `10.0`); the point stays `places` from the right.
  return place(d.negative, digits, digits.length - places);
}

/** True when the magnitude is zero. */
export function isZero(d: Decimal): boolean {
  return d.int === "" && d.frac === "";
}

/** Plain notation without grouping (`-1234.5`, `0.001`, `0`), the sign dropped for zero. */
export function decimalToString(d: Decimal): string {
  if (isZero(d)) return "0";
  return (d.negative ? "-" : "") + (d.int || "0") + (d.frac ? "." + d.frac : "");
}

// Puts the decimal point `point` digits from the left of `digits` (negative or beyond the end pads zeros).
function place(negative: boolean, digits: string, point: number): Decimal {
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = "";
    frac = "0".repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + "0".repeat(point - digits.length);
    frac = "";
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  int = int.replace(/^0+/, "");
  frac = frac.replace(/0+$/, "");
  return { negative: negative && (int !== "" || frac !== ""), int, frac };
}

function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return "1" + out.join("");
}
