// Paragraph styles built key by key. The element painters used object spreads with conditional parts
// (`...(family ? { family } : {})`), which allocate a temporary object per optional key and take V8's
// generic clone path; a style is made for every text element of every render, so those temporaries were a
// visible share of what a render allocates. The keys keep the order the spreads gave them.
import type { Hyphens, NumericStyle, TextAlign } from "../model/types.js";
import type { ParagraphStyle, TextDirection } from "./types.js";

/** The optional keys of a paragraph style; an undefined value leaves the key out. */
export interface StyleOptions {
  readonly keepWords?: boolean;
  readonly numeric?: NumericStyle;
  readonly hyphens?: Hyphens;
  readonly lang?: string;
}

/** A paragraph style with only the optional keys that have a value (as `exactOptionalPropertyTypes` wants). */
export function makeStyle(
  family: string | undefined,
  weight: number,
  italic: boolean,
  size: number,
  lineHeight: number,
  letterSpacing: number,
  align: TextAlign,
  direction: TextDirection,
  color: string,
  options?: StyleOptions,
): ParagraphStyle {
  const style: { -readonly [K in keyof ParagraphStyle]: ParagraphStyle[K] } = family
    ? { family, weight, italic, size, lineHeight, letterSpacing, align, direction, color }
    : { weight, italic, size, lineHeight, letterSpacing, align, direction, color };
  if (options !== undefined) {
    if (options.keepWords !== undefined) style.keepWords = options.keepWords;
    if (options.numeric !== undefined) style.numeric = options.numeric;
    if (options.hyphens !== undefined) style.hyphens = options.hyphens;
    if (options.lang !== undefined) style.lang = options.lang;
  }
  return style;
}

/** A copy of `style` with `numeric` set (tabular figures for a text of formatted numbers). */
export function withNumeric(style: ParagraphStyle, numeric: NumericStyle): ParagraphStyle {
  return makeStyle(style.family, style.weight, style.italic, style.size, style.lineHeight, style.letterSpacing, style.align, style.direction, style.color, {
    keepWords: style.keepWords,
    numeric,
    hyphens: style.hyphens,
    lang: style.lang,
  });
}
