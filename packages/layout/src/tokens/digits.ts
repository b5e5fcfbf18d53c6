// The `digits` document key: numbers and dates printed with Arabic-Indic (`arab`, ٠–٩) or Eastern
// Arabic-Indic (`arabext`, ۰–۹, Persian and Urdu) digits instead of ASCII ones.
import type { Digits } from "../model/types.js";

const ZERO: Readonly<Record<Digits, number>> = { latn: 0x30, arab: 0x660, arabext: 0x6f0 };

/** `text` with its ASCII digits replaced by the numbering system's (unchanged for `latn` or none). */
export function withDigits(text: string, digits: Digits | undefined): string {
  if (digits === undefined || digits === "latn") return text;
  const zero = ZERO[digits];
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(zero + d.charCodeAt(0) - 0x30));
}
