// The paragraph engine: text + style + box width → lines of positioned glyph runs. Hard breaks split the
// text into paragraphs; each is itemised (faces, bidi levels), cut at UAX #14 opportunities into shaped
// segments, filled greedily into lines, then each line is reordered visually, aligned and emitted as runs.

import type { PositionedGlyph, TextRunItem } from "../frame/types.js";
import { visualOrder } from "./bidi.js";
import { alignLine } from "./align.js";
import { fontContext, itemize, segments, type FontContext, type Itemized, type Piece } from "./itemize.js";
import { breakLongWord } from "./long-word.js";
import { dropSoftHyphens } from "./hyphenate.js";
import { endsWithSoftHyphen, softHyphenAfter, splitAtHyphen } from "./hyphen-break.js";
import { isNumberWord } from "./numbers.js";
import { faceMetrics } from "./metrics.js";
import { GroupedGenerationCache } from "./lru.js";
import { resetShapeCache, scaledGlyphs } from "./shape.js";
import type { ParagraphLayout, ParagraphLine, ParagraphStyle, TextDiagnostics, TextFonts } from "./types.js";

/** Skew (degrees) of a synthesised italic. */
export const SYNTHETIC_ITALIC_SKEW = 12;

/** Tolerance for "fits": widths are sums of floats. */
const EPSILON = 1e-6;

const HARD_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** A line before placement: its pieces in logical order, and whether a hard break (or the end) closes it. */
interface LineDraft {
  readonly item: Itemized | undefined;
  readonly pieces: Piece[];
  readonly hard: boolean;
}

/** Splits text at hard breaks (`\n`, `\r\n`, `\r`, U+2028…); a final break adds no empty line. Tabs print as spaces. */
export function hardParagraphs(text: string): string[] {
  const clean = text.includes("\t") ? text.replace(/\t/g, " ") : text;
  if (!HARD_BREAK.test(clean)) return clean === "" ? [] : [clean];
  const parts = clean.split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/);
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Normalised numbers: a size or line height that is not positive falls back to a sane default. */
export function effectiveStyle(style: ParagraphStyle): ParagraphStyle {
  const ok = style.size > 0 && style.lineHeight > 0 && Number.isFinite(style.letterSpacing);
  if (ok) return style;
  return {
    ...style,
    size: style.size > 0 ? style.size : 10,
    lineHeight: style.lineHeight > 0 ? style.lineHeight : 1.2,
    letterSpacing: Number.isFinite(style.letterSpacing) ? style.letterSpacing : 0,
  };
}

/**
 * Lays out `text` (tokens already resolved) in `style` for a box `width` points wide: wraps at UAX #14
 * opportunities (breaking over-long words between graphemes), honours hard breaks, applies bidi and font
 * fallback, and aligns each line. Problems (missing glyphs, unknown family) go to `diagnostics`.
 */
export function layoutParagraph(
  fonts: TextFonts,
  text: string,
  style: ParagraphStyle,
  width: number,
  diagnostics?: TextDiagnostics,
  /** `paragraphGroupOf(paragraphStyleKey(style), width)`, when the caller keeps it for many texts (a per-render paragraph cache). */
  group?: string,
): ParagraphLayout {
  const s = effectiveStyle(style);
  const maxWidth = boxWidth(width);
  if (text.length > MAX_CACHED_TEXT) return computeLayout(fonts, text, s, maxWidth, diagnostics);
  let cache = layoutCaches.get(fonts);
  if (!cache) {
    cache = new GroupedGenerationCache(LAYOUT_CACHE_BYTES, layoutBytes);
    layoutCaches.set(fonts, cache);
  }
  const key = group ?? groupKey(s, maxWidth);
  const hit = cache.get(key, text);
  if (hit) {
    layoutHits++;
    if (diagnostics) for (const [code, message] of hit.diagnostics) diagnostics(code, message);
    return hit.layout;
  }
  const seen: [string, string][] = [];
  const layout = computeLayout(fonts, text, s, maxWidth, (code, message) => {
    seen.push([code, message]);
    diagnostics?.(code, message);
  });
  cache.set(key, text, { layout, diagnostics: seen });
  return layout;
}

/** Layouts are immutable, so a paragraph laid out again (re-measured, repeated labels) is served from here. */
interface CachedLayout {
  readonly layout: ParagraphLayout;
  readonly diagnostics: readonly (readonly [string, string])[];
}
/**
 * The paragraph cache's budget in estimated bytes (both generations). A budget rather than an entry count: 2,048
 * entries were too few for one 500-row table (every render evicted the previous render's cells, which had lived
 * long enough to be promoted, so the old generation filled with garbage and major GCs ran on every few renders),
 * and too many when the entries are long paragraphs (2,048 texts of 4,096 characters is hundreds of MiB).
 */
export const LAYOUT_CACHE_BYTES = 8 * 2 ** 20;
const MAX_CACHED_TEXT = 4096;

/** An estimate of what a cached layout holds: key, lines, runs and glyph entries (glyph objects are often shared). */
function layoutBytes(group: string, text: string, entry: CachedLayout): number {
  // The key was once group + "\u0001" + text in one string; the estimate stays the same.
  let bytes = 160 + 2 * (group.length + 1 + text.length);
  for (const line of entry.layout.lines) {
    bytes += 96 + 2 * line.text.length;
    for (const run of line.runs) bytes += 96 + 2 * run.text.length + 48 * run.glyphs.length;
  }
  return bytes;
}

/**
 * The style part of the paragraph cache's key, made without memo, for a caller that keeps it per style (the
 * per-render paragraph cache): with paragraphGroupOf it makes layoutParagraph's `group`, and the cache then
 * hashes only the text. (Not memoised here per style object: a process-wide WeakMap keyed by a render's style
 * objects, with values that outlive them, made every render promote its entries to the old generation.)
 */
export function paragraphStyleKey(style: ParagraphStyle): string {
  return styleKeyOf(effectiveStyle(style));
}

/** The style-and-width part of the paragraph cache's key (layoutParagraph's `group`) from a paragraphStyleKey. */
export function paragraphGroupOf(styleKey: string, width: number): string {
  return `${styleKey}${boxWidth(width)}`;
}

function boxWidth(width: number): number {
  return Number.isNaN(width) ? Infinity : Math.max(0, width);
}

function groupKey(s: ParagraphStyle, maxWidth: number): string {
  return `${styleKey(s)}${maxWidth}`;
}

// The style part of a cache key, made once per style object (rows reuse their column's style).
const styleKeys = new WeakMap<ParagraphStyle, string>();
function styleKey(s: ParagraphStyle): string {
  let key = styleKeys.get(s);
  if (key === undefined) {
    key = styleKeyOf(s);
    styleKeys.set(s, key);
  }
  return key;
}

function styleKeyOf(s: ParagraphStyle): string {
  return `${s.family ?? ""}\u0001${s.weight}\u0001${s.italic ? 1 : 0}\u0001${s.size}\u0001${s.lineHeight}\u0001${s.letterSpacing}\u0001${s.align}\u0001${s.direction}\u0001${s.color}\u0001${s.keepWords ? 1 : 0}\u0001${s.numeric ?? ""}\u0001${s.hyphens ?? ""}\u0001${s.lang ?? ""}\u0001`;
}
let layoutCaches = new WeakMap<TextFonts, GroupedGenerationCache<string, string, CachedLayout>>();
let layoutHits = 0;

/** Empties the paragraph and shaping caches and zeroes their counters (tests, benchmarks). */
export function resetTextCaches(): void {
  layoutCaches = new WeakMap();
  layoutHits = 0;
  resetShapeCache();
}

/** How many layoutParagraph calls were answered from the paragraph cache since the last reset. */
export function paragraphCacheHits(): number {
  return layoutHits;
}

function computeLayout(
  fonts: TextFonts,
  text: string,
  s: ParagraphStyle,
  maxWidth: number,
  diagnostics: TextDiagnostics | undefined,
): ParagraphLayout {
  const ctx = fontContext(fonts, s, diagnostics);
  const drafts: LineDraft[] = [];
  // `hyphens: none`: soft hyphens are no break opportunities (they are never drawn anyway).
  const source = s.hyphens === "none" ? dropSoftHyphens(text) : text;
  for (const para of hardParagraphs(source)) breakParagraph(ctx, para, maxWidth, drafts);

  const metrics = faceMetrics(ctx.primary);
  const lineHeight = s.lineHeight * s.size;
  const scale = s.size / metrics.unitsPerEm;
  const ascent = metrics.ascent * scale;
  const contentHeight = (metrics.ascent - metrics.descent) * scale;
  // Half-leading: the font's ascent + descent is centred in the line box, as CSS does.
  const baselineOffset = (lineHeight - contentHeight) / 2 + ascent;
  const lines: ParagraphLine[] = [];
  let widest = 0;
  for (let i = 0; i < drafts.length; i++) {
    const top = i * lineHeight;
    const line = placeLine(drafts[i]!, s, maxWidth, top, lineHeight, top + baselineOffset);
    if (line.width > widest) widest = line.width;
    lines.push(line);
  }
  return {
    lines,
    height: lines.length * lineHeight,
    width: widest,
    boxWidth: maxWidth,
    face: ctx.primary,
    faces: ctx.faces,
    lineHeight,
    style: s,
  };
}

/** True when an over-long word must overflow its line rather than be cut: numbers, or every word with `keepWords`. */
export function keepWhole(style: ParagraphStyle, word: string): boolean {
  return style.keepWords === true || isNumberWord(word);
}

/**
 * Greedy line filling of one hard paragraph into `out`. A word that does not fit is first cut at a
 * hyphenation point (`hyphens: auto`); a line that ends after a soft hyphen gets a visible hyphen.
 */
function breakParagraph(ctx: FontContext, text: string, maxWidth: number, out: LineDraft[]): void {
  if (text === "") {
    out.push({ item: undefined, pieces: [], hard: true });
    return;
  }
  const item = itemize(ctx, text);
  let line: Piece[] = [];
  let lineWidth = 0; // every piece so far, trailing spaces and letter spacing included
  let shyHyphen: Piece | undefined; // the hyphen to print if the line ends here (after a soft hyphen)
  const flush = (hard: boolean) => {
    if (!hard && shyHyphen) line.push(shyHyphen);
    shyHyphen = undefined;
    out.push({ item, pieces: line, hard });
    line = [];
    lineWidth = 0;
  };
  for (let seg of segments(item)) {
    for (;;) {
      const last = seg.content[seg.content.length - 1];
      const need = seg.contentWidth - (last ? last.spacing : 0);
      const shy = endsWithSoftHyphen(item, seg) ? softHyphenAfter(item, seg) : undefined;
      // A segment ending in a soft hyphen must leave room for the hyphen it may end the line with.
      const needed = shy && last ? need + last.spacing + shy.width - shy.spacing : need;
      if (lineWidth + needed <= maxWidth + EPSILON || (line.length === 0 && need <= maxWidth + EPSILON)) {
        for (const p of seg.content) line.push(p);
        lineWidth += seg.contentWidth;
        shyHyphen = shy;
        break;
      }
      const split = splitAtHyphen(item, seg, ctx.style, maxWidth - lineWidth);
      if (split) {
        for (const p of split.head) line.push(p);
        shyHyphen = undefined;
        flush(false);
        seg = split.rest;
        continue;
      }
      if (line.length > 0) {
        flush(false);
        continue;
      }
      if (!keepWhole(ctx.style, item.text.slice(seg.start, seg.contentEnd))) {
        // Over-long word: cut between graphemes; the remainder continues like a normal segment.
        const tail = breakLongWord(item, seg.start, seg.contentEnd, maxWidth, (pieces) => {
          line = pieces;
          flush(false);
        });
        line = tail;
        lineWidth = 0;
        for (const p of tail) lineWidth += p.width;
      } else {
        for (const p of seg.content) line.push(p);
        lineWidth += seg.contentWidth;
      }
      shyHyphen = undefined;
      break;
    }
    if (seg.spaces.length > 0) shyHyphen = undefined;
    for (const p of seg.spaces) line.push(p);
    lineWidth += seg.spaceWidth;
  }
  flush(true);
}

/** Reorders, aligns and emits one line. */
function placeLine(
  draft: LineDraft,
  style: ParagraphStyle,
  boxWidth: number,
  top: number,
  height: number,
  baseline: number,
): ParagraphLine {
  // Trailing spaces hang: they neither count nor print.
  let count = draft.pieces.length;
  while (count > 0 && draft.pieces[count - 1]!.space) count--;
  const logical = count === draft.pieces.length ? draft.pieces : draft.pieces.slice(0, count);
  const item = draft.item;
  if (logical.length === 0 || !item) {
    return { runs: [], top, height, baseline, x: 0, width: 0, text: "" };
  }
  const text = item.text.slice(logical[0]!.start, logical[logical.length - 1]!.end);
  const mixed = item.levels !== undefined && logical.some((p) => p.level !== 0);
  const visual = mixed ? visualOrder(logical.map((p) => p.level)).map((i) => logical[i]!) : logical;

  let natural = 0;
  for (const p of visual) natural += p.width;
  const lastVisual = visual[visual.length - 1]!;
  natural -= lastVisual.spacing;

  let spaces = 0;
  for (const p of logical) if (p.space) spaces += p.end - p.start;
  const { x, width, extraPerSpace } = alignLine(style.align, style.direction, boxWidth, natural, spaces, draft.hard);

  const runs: TextRunItem[] = [];
  let pen = x;
  let current: { x: number; piece: Piece; glyphs: PositionedGlyph[]; text: string } | undefined;
  const close = () => {
    if (!current || current.glyphs.length === 0) return;
    const { piece } = current;
    runs.push({
      kind: "text",
      x: current.x,
      y: baseline,
      face: piece.face.key,
      size: style.size,
      color: style.color,
      glyphs: current.glyphs,
      text: current.text,
      ...(piece.skew ? { skew: SYNTHETIC_ITALIC_SKEW } : {}),
    });
  };
  for (let k = 0; k < visual.length; k++) {
    const piece = visual[k]!;
    const glyphs = scaledGlyphs(piece.run, style.size, piece.spacing);
    if (glyphs.length === 0) continue;
    const pieceText = item.text.slice(piece.start, piece.end);
    if (!current || current.piece.face !== piece.face || current.piece.level !== piece.level) {
      close();
      current = { x: pen, piece, glyphs: [], text: "" };
    }
    current.text = piece.level & 1 ? pieceText + current.text : current.text + pieceText;
    const isLast = k === visual.length - 1;
    const stretch = piece.space && extraPerSpace > 0;
    for (let g = 0; g < glyphs.length; g++) {
      let glyph = glyphs[g]!;
      if (stretch && glyph.text.length > 0) {
        glyph = { ...glyph, advance: glyph.advance + extraPerSpace * glyph.text.length };
      }
      if (isLast && g === glyphs.length - 1 && piece.spacing !== 0) {
        glyph = { ...glyph, advance: glyph.advance - piece.spacing };
      }
      current.glyphs.push(glyph);
      pen += glyph.advance;
    }
  }
  close();
  return { runs, top, height, baseline, x, width, text };
}
