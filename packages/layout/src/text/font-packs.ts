// Which optional font pack (fonts/optional/, `pnpm fonts --with …`) draws a code point the shipped fonts lack,
// so that a `glyph.missing` diagnostic can say what to install. Ranges follow what the packs cover: Noto Sans
// SC (CJK ideographs, kana, bopomofo, CJK punctuation and full-width forms; not Hangul syllables) and Noto
// Emoji (pictographs, symbols, dingbats, flags).

export type OptionalPack = "cjk" | "emoji";

const CJK: readonly (readonly [number, number])[] = [
  [0x2e80, 0x2fdf], // radicals
  [0x3000, 0x312f], // CJK symbols and punctuation, hiragana, katakana, bopomofo
  [0x31a0, 0x31ff],
  [0x3200, 0x33ff], // enclosed letters, compatibility
  [0x3400, 0x4dbf], // extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // compatibility forms
  [0xff00, 0xffef], // half-width and full-width forms
];

const EMOJI: readonly (readonly [number, number])[] = [
  [0x2600, 0x27bf], // miscellaneous symbols, dingbats
  [0x2b00, 0x2bff], // arrows and stars (⭐)
  [0x1f000, 0x1faff], // mahjong to symbols and pictographs extended-A, flags
];

const within = (ranges: readonly (readonly [number, number])[], cp: number): boolean => ranges.some(([a, b]) => cp >= a && cp <= b);

/** The optional pack that covers `cp`, or undefined. */
export function packFor(cp: number): OptionalPack | undefined {
  if (within(CJK, cp)) return "cjk";
  if (within(EMOJI, cp)) return "emoji";
  return undefined;
}

/** The sentence a `glyph.missing` diagnostic ends with when an optional pack covers the character. */
export function packHint(cp: number): string {
  const pack = packFor(cp);
  if (pack === "cjk") return " Chinese and Japanese characters need the optional CJK font pack (`pnpm fonts --with cjk`, 21 MB).";
  if (pack === "emoji") return " Emoji need the optional emoji font pack (`pnpm fonts --with emoji`, 0.9 MB).";
  return "";
}
