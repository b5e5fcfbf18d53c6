// The Unicode bidi algorithm (UAX #9, via bidi-js) reduced to what the paragraph engine needs: embedding
// levels per UTF-16 unit, the mirrored form of brackets at odd levels, and the visual order of a line's
// uniform-level pieces (rule L2).

import type { Bidi } from "bidi-js";
import { lazyModule } from "../lazy-module.js";
import type { TextDirection } from "./types.js";
import { orderHebrewPoints } from "./hebrew-marks.js";

// bidi-js is CommonJS (module.exports = factory) but its types declare an ES default export. Loaded, and its
// tables built, for the first paragraph that needs the algorithm (right-to-left text or bidi controls).
const bidiModule = lazyModule<unknown>("bidi-js");
let bidiInstance: Bidi | undefined;
function bidi(): Bidi {
  if (bidiInstance === undefined) {
    const loaded = bidiModule() as { default?: () => Bidi } | (() => Bidi);
    const factory = typeof loaded === "function" ? loaded : loaded.default;
    if (factory === undefined) throw new Error("bidi-js: no factory export");
    bidiInstance = factory();
  }
  return bidiInstance;
}

// Strong right-to-left characters and explicit bidi controls. Text with none of them in a left-to-right
// paragraph is all level 0, and the bidi algorithm is skipped (the common case).
const NEEDS_BIDI = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202A-\u202E\u2066-\u2069\u061C]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDE7F]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/;

const HEBREW = /[\u0591-\u05C7]/;

/** Per-UTF-16-unit levels of one paragraph plus the string to shape (brackets mirrored at odd levels). */
export interface BidiInfo {
  /** undefined: everything is level 0 (left-to-right). */
  readonly levels: Uint8Array | undefined;
  readonly baseLevel: number;
  /** `text` with mirrored characters replaced at odd levels and Hebrew points in font order (same length). */
  readonly shaping: string;
}

/** Resolves embedding levels for one paragraph (no line separators inside) with the given base direction. */
export function resolveBidi(text: string, direction: TextDirection): BidiInfo {
  if (direction === "ltr" && !NEEDS_BIDI.test(text)) return { levels: undefined, baseLevel: 0, shaping: text };
  const result = bidi().getEmbeddingLevels(text, direction);
  const mirrored = bidi().getMirroredCharactersMap(text, result.levels);
  let shaping = text;
  if (mirrored.size > 0) {
    const chars = text.split("");
    for (const [index, ch] of mirrored) chars[index] = ch;
    shaping = chars.join("");
  }
  if (HEBREW.test(shaping)) shaping = orderHebrewPoints(shaping);
  return { levels: result.levels, baseLevel: direction === "rtl" ? 1 : 0, shaping };
}

const FIRST_STRONG = /[\p{L}\p{Nl}]/u;
const RTL_STRONG = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/** The direction of the first strong character of `text` (UAX #9 rules P2–P3), or undefined when none. */
export function firstStrongDirection(text: string): TextDirection | undefined {
  const match = FIRST_STRONG.exec(text);
  if (match === null) return undefined;
  return RTL_STRONG.test(match[0]) ? "rtl" : "ltr";
}

/**
 * Returns the visual order (indices into `levels`) of a line's pieces given each piece's level: from the
 * highest level down to the lowest odd level, every maximal sequence at that level or higher is reversed.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  let max = 0;
  let minOdd = 255;
  for (const level of levels) {
    if (level > max) max = level;
    if (level & 1 && level < minOdd) minOdd = level;
  }
  for (let level = max; level >= minOdd && level > 0; level--) {
    let i = 0;
    while (i < order.length) {
      if ((levels[order[i]!] ?? 0) >= level) {
        let j = i;
        while (j + 1 < order.length && (levels[order[j + 1]!] ?? 0) >= level) j++;
        for (let a = i, b = j; a < b; a++, b--) {
          const t = order[a]!;
          order[a] = order[b]!;
          order[b] = t;
        }
        i = j + 1;
      } else i++;
    }
  }
  return order;
}
