// Shaping with fontkit, in font units, cached per face + direction + string. Documents repeat the same
// words thousands of times, so a word is shaped once per process and only scaled per size afterwards.

import type { PositionedGlyph } from "../frame/types.js";
import type { FontFace } from "./face.js";
import { fastShape, type FastShaped } from "./fast-shape.js";
import { withLiveLookups } from "./live-lookups.js";
import type { NumericStyle } from "./types.js";

/** A shaped string in font units, glyphs in visual order (left to right). Shared: never mutate. */
export interface ShapedRun {
  readonly face: FontFace;
  readonly rtl: boolean;
  /** Source text in logical order (before bracket mirroring). */
  readonly text: string;
  readonly length: number;
  readonly ids: Uint16Array;
  /** Advances and offsets in font units; offsets y-up as fontkit gives them. */
  readonly advances: Float64Array;
  readonly offsetsX: Float64Array;
  readonly offsetsY: Float64Array;
  /** Per glyph: the source text it stands for (the first glyph of a cluster carries the whole cluster). */
  readonly texts: readonly string[];
  /** 1 where the glyph is the visually last of its cluster: letter spacing goes after it. */
  readonly clusterEnd: Uint8Array;
  /** Sum of the advances (font units). */
  readonly advance: number;
  /** The face's units per em (fontkit computes it on every access). */
  readonly unitsPerEm: number;
  /** How many letter-spacing slots the run has (0 for cursive scripts, which are never letter-spaced). */
  readonly spacingSlots: number;
}

interface CachedRun extends ShapedRun {
  /** Scaled glyph arrays by `size:letterSpacing`, built on first use. */
  scaled: Map<string, readonly PositionedGlyph[]> | undefined;
}

const MARK_OR_JOINER = /^[\p{M}\u200C\u200D\uFE00-\uFE0F]/u;
// Arabic, Syriac, Thaana, NKo, Mongolian and the Arabic presentation forms join letters: CSS says a UA
// should not letter-space them, and spacing would break the joins.
const CURSIVE = /[\u0600-\u08FF\u1800-\u18AF\uFB50-\uFDFF\uFE70-\uFEFF]/;

let shapeCalls = 0;
let fastCalls = 0;
let cacheHits = 0;
let cacheLimit = 8192;

/** One cache generation: per face, per direction, shaped runs by string. */
interface Generation {
  readonly faces: Map<FontFace, [Map<string, CachedRun>, Map<string, CachedRun>]>;
  size: number;
}

// Two generations (the "quick LRU" scheme): lookups hit the current one, then the previous one (promoting the
// entry); when the current one holds half the limit it becomes the previous one and the oldest is dropped.
// Bounded like an LRU at a fraction of its cost: no reordering on every hit.
let current: Generation = { faces: new Map(), size: 0 };
let previous: Generation = { faces: new Map(), size: 0 };

function bucket(gen: Generation, face: FontFace, rtl: boolean): Map<string, CachedRun> {
  let pair = gen.faces.get(face);
  if (!pair) {
    pair = [new Map(), new Map()];
    gen.faces.set(face, pair);
  }
  return pair[rtl ? 1 : 0];
}

/**
 * Returns `text` shaped in `face` (kerning, ligatures, contextual forms), from the process-wide cache when
 * the same face, direction and string were shaped before. `shaping` is the string given to the shaper
 * (brackets already mirrored); it has the same length as `text`. `numeric` adds the figure features.
 */
export function shapeCached(face: FontFace, text: string, rtl: boolean, shaping: string = text, numeric?: NumericStyle): ShapedRun {
  let key = shaping === text ? text : `${shaping}\u0000${text}`;
  if (numeric !== undefined) key = `${numeric}\u0002${key}`;
  const now = bucket(current, face, rtl);
  let run = now.get(key);
  if (run) {
    cacheHits++;
    return run;
  }
  run = previous.faces.get(face)?.[rtl ? 1 : 0].get(key);
  if (run) cacheHits++;
  else run = shapeUncached(face, text, rtl, shaping, numeric);
  now.set(key, run);
  if (++current.size >= cacheLimit / 2) {
    previous = current;
    current = { faces: new Map(), size: 0 };
  }
  return run;
}

/** Shapes without touching the cache (probing prefixes of an over-long word). */
export function shapeUncached(face: FontFace, text: string, rtl: boolean, shaping: string = text, numeric?: NumericStyle): CachedRun {
  if (!rtl && shaping === text) {
    const fast = fastShape(face, text, numeric === undefined ? undefined : FIGURE_FEATURES[numeric]);
    if (fast) {
      fastCalls++;
      return fromFast(face, text, fast);
    }
  }
  return shapeWithFontkit(face, text, rtl, shaping, numeric);
}

/** Shapes with fontkit's full OpenType shaper (no fast path, no cache). */
export function shapeWithFontkit(face: FontFace, text: string, rtl: boolean, shaping: string = text, numeric?: NumericStyle): CachedRun {
  shapeCalls++;
  dedupeFeatureLookups(face);
  const run = layoutSafely(face, shaping, rtl, numeric === undefined ? [] : FIGURE_FEATURES[numeric]);
  const glyphs = run.glyphs;
  const positions = run.positions;
  const n = glyphs.length;
  const ids = new Uint16Array(n);
  const advances = new Float64Array(n);
  const offsetsX = new Float64Array(n);
  const offsetsY = new Float64Array(n);
  let advance = 0;
  for (let v = 0; v < n; v++) {
    const g = glyphs[v];
    const p = positions[v];
    ids[v] = g ? g.id : 0;
    advances[v] = p ? p.xAdvance : 0;
    offsetsX[v] = p ? p.xOffset : 0;
    offsetsY[v] = p ? p.yOffset : 0;
    advance += advances[v]!;
  }
  const { texts, cluster } = clusters(text, shaping, glyphs.map((g) => g.codePoints), rtl);
  const clusterEnd = new Uint8Array(n);
  const cursive = CURSIVE.test(text);
  let spacingSlots = 0;
  if (!cursive) {
    for (let v = 0; v < n; v++) {
      if (v === n - 1 || cluster[v] !== cluster[v + 1]) {
        clusterEnd[v] = 1;
        spacingSlots++;
      }
    }
  }
  return {
    face,
    rtl,
    text,
    length: n,
    ids,
    advances,
    offsetsX,
    offsetsY,
    texts,
    clusterEnd,
    advance,
    unitsPerEm: face.font.unitsPerEm,
    spacingSlots,
    scaled: undefined,
  };
}

/** OpenType features per figure style (a font without them keeps its own figures). */
const FIGURE_FEATURES: Readonly<Record<NumericStyle, string[]>> = { tabular: ["tnum", "lnum"], proportional: ["pnum"] };

type Layout = Pick<ReturnType<FontFace["font"]["layout"]>, "glyphs" | "positions">;

/**
 * fontkit's shaper throws on some fonts' damaged positioning data (a GPOS anchor that is null, reached
 * only by rare mark sequences): such a string is drawn with its nominal glyphs and advances instead.
 */
function layoutSafely(face: FontFace, shaping: string, rtl: boolean, features: string[]): Layout {
  try {
    return withLiveLookups(face.font, shaping, () => face.font.layout(shaping, features, undefined, undefined, rtl ? "rtl" : "ltr"));
  } catch {
    const glyphs = face.font.glyphsForString(shaping);
    if (rtl) glyphs.reverse();
    const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return { glyphs, positions } as unknown as Layout;
  }
}

const deduped = new WeakSet<FontFace>();

/**
 * Some fonts list a lookup twice in one feature (Inter's DFLT `kern` is [2, 3, 1, 2, 3, 1]). HarfBuzz, and
 * so every browser, applies each lookup once; fontkit applies it twice (double kerning of digit strings).
 * The feature records are de-duplicated once per face, in place, before fontkit first shapes with it.
 */
function dedupeFeatureLookups(face: FontFace): void {
  if (deduped.has(face)) return;
  deduped.add(face);
  type Tables = Record<"GSUB" | "GPOS", { featureList?: ArrayLike<{ feature?: { lookupListIndexes?: ArrayLike<number> } }> } | undefined>;
  const font = face.font as unknown as Tables;
  for (const name of ["GSUB", "GPOS"] as const) {
    const list = font[name]?.featureList;
    if (!list) continue;
    for (let i = 0; i < list.length; i++) {
      const feature = list[i]?.feature;
      const indexes = feature?.lookupListIndexes;
      if (!feature || !indexes) continue;
      const unique = [...new Set(Array.from(indexes))];
      if (unique.length !== indexes.length) feature.lookupListIndexes = unique;
    }
  }
}

/** A fast-path result as a run: one glyph per character, each its own cluster. */
function fromFast(face: FontFace, text: string, fast: FastShaped): CachedRun {
  const n = fast.ids.length;
  let advance = 0;
  for (let i = 0; i < n; i++) advance += fast.advances[i]!;
  return {
    face,
    rtl: false,
    text,
    length: n,
    ids: fast.ids,
    advances: fast.advances,
    offsetsX: fast.offsetsX,
    offsetsY: fast.offsetsY,
    texts: text.split(""),
    clusterEnd: new Uint8Array(n).fill(1),
    advance,
    unitsPerEm: face.font.unitsPerEm,
    spacingSlots: n,
    scaled: undefined,
  };
}

/**
 * Maps glyphs (visual order) to the source text they stand for. fontkit caches Glyph objects per id with
 * the code points of their first use, so `codePoints` can be stale (a precomposed é met before e + U+0301,
 * glyph 0 shared by every missing character): a glyph's code points are trusted only when they match the
 * input at that position, otherwise it takes one code point. Marks, joiners and glyphs without code points
 * join the previous cluster; the first glyph of a cluster carries the whole cluster's text. Code points are
 * matched against `shaping` (what the shaper saw: mirrored brackets, reordered Hebrew points), the text
 * comes from `text` at the same offsets, so a cluster's text is the source as written.
 */
function clusters(
  text: string,
  shaping: string,
  codePoints: readonly (readonly number[])[],
  rtl: boolean,
): { texts: string[]; cluster: Int32Array } {
  const n = codePoints.length;
  const texts = new Array<string>(n).fill("");
  const cluster = new Int32Array(n);
  let pos = 0; // UTF-16 offset into text
  let current = -1; // cluster number
  let head = -1; // visual index of the current cluster's first (logical) glyph
  for (let k = 0; k < n; k++) {
    const v = rtl ? n - 1 - k : k;
    const cps = codePoints[v] ?? [];
    let end = pos;
    if (k === n - 1) end = text.length;
    else if (cps.length > 0) {
      let p = pos;
      let ok = true;
      for (const cp of cps) {
        if (p >= shaping.length || shaping.codePointAt(p) !== cp) {
          ok = false;
          break;
        }
        p += cp > 0xffff ? 2 : 1;
      }
      end = ok ? p : pos + (text.codePointAt(pos) !== undefined && text.codePointAt(pos)! > 0xffff ? 2 : 1);
      if (end > text.length) end = text.length;
    }
    const piece = text.slice(pos, end);
    pos = end;
    if (head >= 0 && (piece === "" || MARK_OR_JOINER.test(piece))) {
      texts[head] += piece;
    } else {
      current++;
      head = v;
      texts[v] = piece;
    }
    cluster[v] = current < 0 ? 0 : current;
  }
  return { texts, cluster };
}

/**
 * Returns the run's glyphs scaled to `size` points with `letterSpacing` after every cluster (cursive runs
 * excepted), y offsets turned y-down. Cached on the run: the arrays are shared, never mutate them.
 */
export function scaledGlyphs(run: ShapedRun, size: number, letterSpacing: number): readonly PositionedGlyph[] {
  const cached = run as CachedRun;
  const key = `${size}:${letterSpacing}`;
  const hit = cached.scaled?.get(key);
  if (hit) return hit;
  const scale = size / run.unitsPerEm;
  const out = new Array<PositionedGlyph>(run.length);
  for (let v = 0; v < run.length; v++) {
    const dy = run.offsetsY[v]! * scale;
    out[v] = {
      id: run.ids[v]!,
      advance: run.advances[v]! * scale + (run.clusterEnd[v] ? letterSpacing : 0),
      dx: run.offsetsX[v]! * scale,
      dy: dy === 0 ? 0 : -dy,
      text: run.texts[v]!,
    };
  }
  if (!cached.scaled || cached.scaled.size >= 8) cached.scaled = new Map();
  cached.scaled.set(key, out);
  return out;
}

/** The run's width in points at `size` with `letterSpacing` after every cluster. */
export function runWidth(run: ShapedRun, size: number, letterSpacing: number): number {
  return (run.advance * size) / run.unitsPerEm + letterSpacing * run.spacingSlots;
}

/** Counters of the shaping cache, for tests and benchmarks. */
export interface ShapeCacheStats {
  /** Calls into fontkit's shaper (cache misses plus uncached probes the fast path could not take). */
  readonly shapes: number;
  /** Strings shaped by the fast path (no substitution possible: cmap glyphs plus pair kerning). */
  readonly fastShapes: number;
  readonly hits: number;
  /** Entries held (at most `limit`; a string can be counted in both generations). */
  readonly size: number;
  readonly limit: number;
}

/** Returns the shaping counters (process-wide). */
export function shapeCacheStats(): ShapeCacheStats {
  return { shapes: shapeCalls, fastShapes: fastCalls, hits: cacheHits, size: current.size + previous.size, limit: cacheLimit };
}

/** Empties the shaping cache and zeroes its counters; optionally sets a new entry limit. */
export function resetShapeCache(limit?: number): void {
  current = { faces: new Map(), size: 0 };
  previous = { faces: new Map(), size: 0 };
  shapeCalls = 0;
  fastCalls = 0;
  cacheHits = 0;
  if (limit !== undefined && limit > 0) cacheLimit = Math.floor(limit);
}
