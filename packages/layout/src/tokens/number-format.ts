// The `number` filter: exact half-away-from-zero rounding on decimal digits, .NET-style patterns.
import { type Decimal, isZero, roundDecimal, shiftDecimal, toDecimal } from "./decimal.js";
import { numberSymbols, type NumberSymbols } from "./locale.js";
import { compileNumberPattern, type PatternSection } from "./number-pattern.js";
import { toText } from "./text.js";
import { withDigits } from "./digits.js";
import type { Digits } from "../model/types.js";

/** Formats a number, bigint or numeric string with a pattern or preset; anything else prints unchanged. */
export function formatNumber(value: unknown, pattern: string | undefined, locale: string, digits?: Digits): string {
  const d = toDecimal(value);
  if (!d) return toText(value);
  return withDigits(formatDecimal(d, pattern, locale, digits), digits);
}

function formatDecimal(d: Decimal, pattern: string | undefined, locale: string, digits: Digits | undefined): string {
  const compiled = compileNumberPattern(pattern);
  const symbols = numberSymbols(locale, digits);
  let section = d.negative && compiled.negative ? compiled.negative : compiled.positive;
  let rounded = scaleAndRound(d, section);
  if (isZero(rounded)) {
    // A value that rounds to zero prints as zero: the zero section if there is one, else the first
    // section without a sign (so `-0.001` with `0.00` is `0.00`, never `-0.00`).
    section = compiled.zero ?? compiled.positive;
    rounded = scaleAndRound(d, section);
    return render(rounded, section, symbols);
  }
  const sign = d.negative && section === compiled.positive ? "-" : "";
  return sign + render(rounded, section, symbols);
}

function scaleAndRound(d: Decimal, section: PatternSection): Decimal {
  const scaled = section.percents > 0 ? shiftDecimal(d, 2 * section.percents) : d;
  return roundDecimal(scaled, section.maxFrac);
}

function render(value: Decimal, section: PatternSection, symbols: NumberSymbols): string {
  // `#` never prints a lone zero (.NET): `#.##` with 0 prints nothing, with 0.5 prints `.5`.
  const digits = value.int.padStart(section.minInt, "0");
  const count = section.intPlaceholders;
  let out = "";
  const emitDigits = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      out += digits[i];
      const fromRight = digits.length - 1 - i;
      if (section.grouping && fromRight > 0 && fromRight % 3 === 0) out += symbols.group;
    }
  };
  let seen = 0;
  for (const item of section.intItems) {
    if (item.kind !== "digit") {
      out += item.kind === "percent" ? "%" : item.text;
      continue;
    }
    const fromRight = count - 1 - seen++;
    // Placeholders take digits from the right; the leftmost one also takes every extra digit.
    const at = digits.length - 1 - fromRight;
    if (fromRight === count - 1) emitDigits(0, Math.max(0, at + 1));
    else if (at >= 0) emitDigits(at, at + 1);
  }
  if (count === 0) emitDigits(0, digits.length);

  const visible = Math.max(section.minFrac, value.frac.length);
  if (visible > 0) out += symbols.decimal;
  let index = 0;
  for (const item of section.fracItems) {
    if (item.kind === "digit") {
      if (index < visible) out += value.frac[index] ?? "0";
      index++;
    } else out += item.kind === "percent" ? "%" : item.text;
  }
  return out;
}
