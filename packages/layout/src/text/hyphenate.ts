// Hyphenation: where a word may break with a visible hyphen. After a soft hyphen (U+00AD) always (unless
// `hyphens: none`), and, with `hyphens: auto`, at the points Liang's patterns for the paragraph's language
// give (the `hyphen` package; a language's patterns are loaded on first use, most paragraphs never need
// them). Only words that reach a line end are hyphenated, so the shaping of every other word is untouched.

import { createRequire } from "node:module";
import type { Hyphens } from "../model/types.js";
import { isNumberWord } from "./numbers.js";

export type { Hyphens };

export const SOFT_HYPHEN = "\u00ad";
/** What prints at a hyphenated break (U+002D: every font has it, and text extraction reads it as a hyphen). */
export const HYPHEN_TEXT = "-";

/** Letters kept before and after a break inside a word (TeX's English `\lefthyphenmin`/`\righthyphenmin`). */
const LEFT_MIN = 2;
const RIGHT_MIN = 3;
/** Shorter words are never hyphenated. */
const MIN_WORD = 5;

/**
 * The pattern sets the `hyphen` package ships, by lower-case BCP 47 tag. A locale is looked up whole, then by
 * its language subtag (`de-AT` → `de`, `en-GB` → `en-gb`, `en-AU` → `en`); nothing outside this list is ever
 * passed to `require`.
 */
const LANGUAGES = new Set([
  "af", "as", "be", "bg", "bn", "ca", "cop", "cs", "cu", "cy", "da", "de", "de-1901", "de-1996", "de-ch-1901",
  "el", "el-monoton", "el-polyton", "en", "en-gb", "en-us", "es", "et", "eu", "fi", "fr", "fur", "ga", "gl",
  "gu", "hi", "hr", "hsb", "hu", "hy", "ia", "id", "is", "it", "ka", "kmr", "kn", "la", "lt", "lv", "mk", "ml",
  "mn", "mr", "nb", "nl", "nn", "no", "oc", "or", "pa", "pl", "pms", "pt", "rm", "ro", "ru", "sa", "sh", "sk",
  "sl", "sq", "sr", "sv", "ta", "te", "tk", "tr", "uk",
]);

type HyphenateSync = (text: string, options?: { hyphenChar?: string; minWordLength?: number }) => string;

const require = createRequire(import.meta.url);
const loaded = new Map<string, HyphenateSync | undefined>();

/** The pattern-set tag used for `locale`, or undefined when the package has none for its language. */
export function hyphenationLanguage(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  const tag = locale.trim().toLowerCase().replace(/_/g, "-");
  if (LANGUAGES.has(tag)) return tag;
  const language = tag.split("-")[0]!;
  return LANGUAGES.has(language) ? language : undefined;
}

function hyphenator(language: string): HyphenateSync | undefined {
  if (loaded.has(language)) return loaded.get(language);
  let fn: HyphenateSync | undefined;
  try {
    const mod = require(`hyphen/${language}`) as { hyphenateSync?: HyphenateSync };
    fn = typeof mod.hyphenateSync === "function" ? mod.hyphenateSync : undefined;
  } catch {
    fn = undefined; // a broken install hyphenates nothing rather than failing the render
  }
  loaded.set(language, fn);
  return fn;
}

const LETTER = /\p{L}/u;
const memo = new Map<string, readonly number[]>();
const MEMO_LIMIT = 4096;

/**
 * Offsets inside `word` (a break segment's content: no breaking spaces) where it may be hyphenated in the
 * language of `locale`, ascending; empty when the language has no patterns, for numbers and for short words.
 * An offset `p` means `word.slice(0, p) + "-"` ends one line and `word.slice(p)` starts the next.
 */
export function hyphenationPoints(word: string, locale: string | undefined): readonly number[] {
  const language = hyphenationLanguage(locale);
  if (!language || word.length < MIN_WORD || isNumberWord(word) || word.includes(SOFT_HYPHEN)) return [];
  const key = `${language}\u0000${word}`;
  const known = memo.get(key);
  if (known) return known;
  const hyphenate = hyphenator(language);
  const out: number[] = [];
  if (hyphenate) {
    const marked = hyphenate(word, { hyphenChar: SOFT_HYPHEN, minWordLength: MIN_WORD });
    let offset = 0;
    for (let i = 0; i < marked.length; i++) {
      if (marked[i] === SOFT_HYPHEN) {
        if (lettersAround(word, offset)) out.push(offset);
      } else offset++;
    }
    // The package must hand the word back with soft hyphens added and nothing else changed.
    if (offset !== word.length) out.length = 0;
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, out);
  return out;
}

/** At least LEFT_MIN letters right before `at` and RIGHT_MIN right after it, so no `x-` or `-ly` fragment. */
function lettersAround(word: string, at: number): boolean {
  if (at < LEFT_MIN || word.length - at < RIGHT_MIN) return false;
  for (let i = at - LEFT_MIN; i < at + RIGHT_MIN; i++) if (!LETTER.test(word[i]!)) return false;
  return true;
}

/** The effective `hyphens` of a paragraph: the element's, else `auto` for justified text and `manual` otherwise. */
export function resolveHyphens(hyphens: Hyphens | undefined, justified: boolean): Hyphens {
  return hyphens ?? (justified ? "auto" : "manual");
}

/** Text without its soft hyphens (`hyphens: none`: they are no break opportunities then). */
export function dropSoftHyphens(text: string): string {
  return text.includes(SOFT_HYPHEN) ? text.split(SOFT_HYPHEN).join("") : text;
}
