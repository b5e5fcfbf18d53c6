// Amounts are never cut: a number with its sign, separators and attached currency or percent sign is one
// unit for the reader, and `1,234,567.8` over `9` reads as two numbers. Such a word overflows its line
// instead, and the element engines shrink the text (by width as well as height) to bring it back in.

// Optional opening bracket, sign and currency symbol (either order), a digit, then digits and separators
// (ASCII and Arabic separators, apostrophes, no-break and narrow no-break spaces), then an optional closing
// currency, percent or per-mille sign and bracket.
const NUMBER_WORD =
  /^[\u2066-\u2069\u200e\u200f]*[([]?[+\-\u2212\u2013]?\p{Sc}?[+\-\u2212]?\p{Nd}[\p{Nd}.,'\u2019\u00a0\u202f\u066b\u066c\u060c]*(?:\p{Sc}|%|\u2030|\u066a)?[)\]]?[\u2066-\u2069\u200e\u200f]*$/u;

/** True when `word` (no breaking spaces) is a number a line must not be cut inside: `-1,234.50`, `€12`, `25%`. */
export function isNumberWord(word: string): boolean {
  return word.length > 0 && word.length <= 64 && NUMBER_WORD.test(word);
}
