import type { FontFace } from "./face.js";
import { rankFaces } from "./font-match.js";

/**
 * The families tried, in order, for a character the chosen family lacks. Noto Sans first (Latin, Greek,
 * Cyrillic, Vietnamese, Devanagari and many symbols), then Inter (arrows, math and technical symbols Noto
 * Sans lacks: `→` in a Lato document), then the script families, then the optional packs (CJK, emoji) when
 * they are installed: a family the registry does not have is skipped.
 */
export const DEFAULT_FALLBACK_FAMILIES: readonly string[] = ["Noto Sans", "Inter", "Noto Sans Arabic", "Noto Sans Hebrew"];

/**
 * Walks the fallback chain for a code point: for each family (its faces ranked by CSS matching for the wanted
 * weight and italic) returns the first face that has the glyph. The best-matching face of a family is tried
 * first; its siblings only if it lacks the glyph (e.g. an italic with a smaller character set).
 */
export function findFallbackFace(
  chain: readonly (readonly FontFace[])[],
  codePoint: number,
  weight: number,
  italic: boolean,
  hasGlyph: (face: FontFace, codePoint: number) => boolean,
): FontFace | undefined {
  for (const faces of chain) {
    for (const face of rankFaces(faces, weight, italic)) {
      if (hasGlyph(face, codePoint)) return face;
    }
  }
  return undefined;
}
