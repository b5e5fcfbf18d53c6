// CSS Fonts Level 4 font matching (§5.2 "Matching font styles"), reduced to what the registry needs:
// a family's faces differ only in weight and italic; there is no oblique and no width axis.

/** The weight used when a requested weight is not a number. */
export const NORMAL_WEIGHT = 400;

/** Clamps a requested weight into CSS's range [1, 1000]; anything not finite becomes 400. */
export function normaliseWeight(weight: number): number {
  if (!Number.isFinite(weight)) return NORMAL_WEIGHT;
  return Math.min(1000, Math.max(1, weight));
}

/**
 * Orders the available weights by preference for `desired`, per CSS Fonts 4 §5.2 step 4 (font-weight):
 * - desired between 400 and 500 inclusive: weights from desired up to 500 ascending, then weights below desired
 *   descending, then weights above 500 ascending (so 400 → 500 → 300 → 200 → 100 → 600 → 700…;
 *   500 → 400 → 300 … → 600 → 700…);
 * - desired below 400: weights at or below desired descending, then weights above desired ascending;
 * - desired above 500: weights at or above desired ascending, then weights below desired descending.
 * The first entry is the chosen weight. Duplicates are removed.
 */
export function rankWeights(available: readonly number[], desired: number): number[] {
  const want = normaliseWeight(desired);
  const weights = [...new Set(available)];
  const up = (lo: number, hi: number) => weights.filter((w) => w >= lo && w <= hi).sort((a, b) => a - b);
  const down = (lo: number, hi: number) => weights.filter((w) => w >= lo && w <= hi).sort((a, b) => b - a);
  const below = (limit: number) => down(-Infinity, limit);
  const above = (limit: number) => up(limit, Infinity);
  if (want >= 400 && want <= 500) {
    return [...up(want, 500), ...below(want).filter((w) => w < want), ...above(500).filter((w) => w > 500)];
  }
  if (want < 400) return [...below(want), ...above(want).filter((w) => w > want)];
  return [...above(want), ...below(want).filter((w) => w < want)];
}

/** A face as the matcher sees it. */
export interface MatchCandidate {
  readonly weight: number;
  readonly italic: boolean;
}

/**
 * Orders a family's faces by preference for (weight, italic), per CSS Fonts 4 §5.2: font-style narrows first
 * (italic wanted: italic faces if the family has any, else upright ones; upright wanted: upright faces if any,
 * else italic ones), then font-weight picks within that set by `rankWeights`. Faces of the other style follow,
 * ranked the same way, so callers that need a glyph can walk on. The first entry is the CSS match.
 */
export function rankFaces<F extends MatchCandidate>(faces: readonly F[], weight: number, italic: boolean): F[] {
  const preferred = faces.filter((f) => f.italic === italic);
  const other = faces.filter((f) => f.italic !== italic);
  const byWeight = (set: readonly F[]): F[] =>
    rankWeights(set.map((f) => f.weight), weight).flatMap((w) => set.filter((f) => f.weight === w));
  return preferred.length > 0 ? [...byWeight(preferred), ...byWeight(other)] : byWeight(other);
}
