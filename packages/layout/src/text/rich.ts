// Rich paragraphs: styled spans broken into lines together. The spans of a paragraph share one bidi
// resolution and one set of UAX #14 break opportunities (computed on the whole paragraph text); each span
// is itemised with its own faces and shaped through the same cache as plain paragraphs; the greedy filling,
// long-word cutting and alignment are the plain engine's.

import { resolveBidi } from "./bidi.js";
import { breakOpportunities } from "./breaks.js";
import { buildPieces, fontContext, isBreakingSpace, itemize, piecesWidth, type FontContext, type Itemized, type Piece, type Segment } from "./itemize.js";
import { hyphenPiece, splitAtHyphen } from "./hyphen-break.js";
import { SOFT_HYPHEN, dropSoftHyphens } from "./hyphenate.js";
import { breakLongWord } from "./long-word.js";
import { isNumberWord } from "./numbers.js";
import { objectItem, objectPiece } from "./rich-object.js";
import { placeRichLine, type RichDraft, type RichPiece, type SpanItem } from "./rich-place.js";
import { OBJECT_CHAR, type RichLayout, type RichLine, type RichParagraphStyle, type RichSpan, type SpanStyle } from "./rich-types.js";
import type { ParagraphStyle, TextDiagnostics, TextFonts } from "./types.js";

/** Tolerance for "fits": widths are sums of floats. */
const EPSILON = 1e-6;

const HARD_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** One hard paragraph: its text and which span covers each stretch. */
interface HardParagraph {
  text: string;
  parts: { start: number; end: number; span: number }[];
}

/**
 * Lays out styled `spans` (tokens already resolved) for a box `width` points wide: the plain engine's
 * wrapping, hard breaks, bidi, font fallback and alignment, with per-span faces, sizes, colours,
 * decorations, backgrounds and links. Problems go to `diagnostics`.
 */
export function layoutRichParagraph(
  fonts: TextFonts,
  spans: readonly RichSpan[],
  style: RichParagraphStyle,
  width: number,
  diagnostics?: TextDiagnostics,
  lineWidth?: (line: number) => number,
): RichLayout {
  const maxWidth = Number.isNaN(width) ? Infinity : Math.max(0, width);
  // Lines beside a float are shorter (HTML floats): line `i` is at most `lineWidth(i)` wide, never more than `width`.
  const widthOf = lineWidth ? (i: number): number => Math.max(0, Math.min(maxWidth, lineWidth(i))) : (): number => maxWidth;
  const s: RichParagraphStyle = {
    ...style,
    size: style.size > 0 ? style.size : 10,
    lineHeight: style.lineHeight > 0 ? style.lineHeight : 1.2,
    letterSpacing: Number.isFinite(style.letterSpacing) ? style.letterSpacing : 0,
  };
  const contexts = new Map<string, FontContext>();
  const contextFor = (span: SpanStyle): FontContext => {
    const key = `${span.family ?? ""}\u0001${span.weight}\u0001${span.italic ? 1 : 0}\u0001${span.size}`;
    let ctx = contexts.get(key);
    if (!ctx) {
      ctx = fontContext(fonts, paragraphStyleOf(span, s), diagnostics);
      contexts.set(key, ctx);
    }
    return ctx;
  };
  const drafts: RichDraft[] = [];
  // `hyphens: none`: soft hyphens are no break opportunities (they are never drawn anyway).
  const source = s.hyphens === "none" ? spans.map((span) => (typeof span.text === "string" ? { ...span, text: dropSoftHyphens(span.text) } : span)) : spans;
  for (const para of hardParagraphs(source)) breakRich(para, source, contextFor, s, widthOf, drafts);
  const lines: RichLine[] = [];
  let top = 0;
  let widest = 0;
  for (const draft of drafts) {
    const line = placeRichLine(draft, s, widthOf(lines.length), top);
    lines.push(line);
    top += line.height;
    if (line.width > widest) widest = line.width;
  }
  return { lines, height: top, width: widest };
}

function paragraphStyleOf(span: SpanStyle, s: RichParagraphStyle): ParagraphStyle {
  return {
    ...(span.family !== undefined ? { family: span.family } : {}),
    weight: span.weight,
    italic: span.italic,
    size: span.size > 0 ? span.size : s.size,
    lineHeight: s.lineHeight,
    letterSpacing: s.letterSpacing,
    align: s.align,
    direction: s.direction,
    color: span.color,
    ...(s.numeric !== undefined ? { numeric: s.numeric } : {}),
  };
}

/** One span's part of a break segment as a segment of that span's item (no trailing spaces: they are the caller's). */
function portionSegment(portion: { si: SpanItem; from: number; to: number; pieces: Piece[] }): Segment {
  let contentWidth = 0;
  for (const p of portion.pieces) contentWidth += p.width;
  return { start: portion.from, contentEnd: portion.to, end: portion.to, content: portion.pieces, spaces: [], contentWidth, spaceWidth: 0 };
}

/** Splits the spans' text at hard breaks; a final break adds no empty line. Tabs print as spaces. */
function hardParagraphs(spans: readonly RichSpan[]): HardParagraph[] {
  const out: HardParagraph[] = [];
  let current: HardParagraph = { text: "", parts: [] };
  let any = false;
  spans.forEach((span, index) => {
    if (span.object) {
      any = true;
      current.parts.push({ start: current.text.length, end: current.text.length + 1, span: index });
      current.text += OBJECT_CHAR;
      return;
    }
    if (typeof span.text !== "string" || span.text === "") return;
    any = true;
    const pieces = span.text.replace(/\t/g, " ").split(HARD_BREAK);
    pieces.forEach((piece, k) => {
      if (k > 0) {
        out.push(current);
        current = { text: "", parts: [] };
      }
      if (piece === "") return;
      current.parts.push({ start: current.text.length, end: current.text.length + piece.length, span: index });
      current.text += piece;
    });
  });
  if (any && (current.text !== "" || out.length === 0)) out.push(current);
  return out;
}

/** Greedy line filling of one hard paragraph into `out` (the plain engine's, over span boundaries). */
function breakRich(
  para: HardParagraph,
  spans: readonly RichSpan[],
  contextFor: (span: SpanStyle) => FontContext,
  s: RichParagraphStyle,
  widthOf: (line: number) => number,
  out: RichDraft[],
): void {
  let maxWidth = widthOf(out.length);
  const text = para.text;
  const wordSpacing = s.wordSpacing ?? 0;
  if (text === "") {
    out.push({ pieces: [], hard: true, size: s.size });
    return;
  }
  const bidi = resolveBidi(text, s.direction);
  const items: SpanItem[] = para.parts.map(({ start, end, span }) => {
    const { style, object } = spans[span]!;
    const sub = { levels: bidi.levels?.subarray(start, end), baseLevel: bidi.baseLevel, shaping: bidi.shaping.slice(start, end) };
    // An object is never itemised: U+FFFC has no glyph to find (and must not raise glyph.missing).
    if (object) return { item: objectItem(contextFor(style), sub), start, end, style, object };
    const item: Itemized = itemize(contextFor(style), text.slice(start, end), sub);
    return { item, start, end, style };
  });
  const piecesOf = (si: SpanItem, from: number, to: number, space: boolean): Piece[] =>
    si.object ? [objectPiece(si.item, si.object)] : buildPieces(si.item, from, to, space);
  let line: RichPiece[] = [];
  let lineWidth = 0;
  let shyHyphen: RichPiece | undefined; // printed if the line ends here (after a soft hyphen)
  const flush = (hard: boolean): void => {
    if (!hard && shyHyphen) line.push(shyHyphen);
    shyHyphen = undefined;
    out.push({ pieces: line, hard, size: s.size });
    maxWidth = widthOf(out.length);
    line = [];
    lineWidth = 0;
  };
  const wrap = (si: SpanItem, pieces: readonly Piece[]): RichPiece[] => pieces.map((piece) => ({ piece, span: si }));
  let start = 0;
  let first = 0;
  for (const end of breakOpportunities(text)) {
    let contentEnd = end;
    while (contentEnd > start && isBreakingSpace(text.charCodeAt(contentEnd - 1))) contentEnd--;
    // The segment's content and trailing spaces, per span it crosses.
    const portions: { si: SpanItem; from: number; to: number; pieces: Piece[] }[] = [];
    const spaces: RichPiece[] = [];
    let contentWidth = 0;
    let lastSpacing = 0;
    // Segments come in order: start from the first span that reaches this one (not from the first span,
    // which made paragraphs of many spans quadratic).
    while (first < items.length && items[first]!.end <= start) first++;
    for (let k = first; k < items.length && items[k]!.start < end; k++) {
      const si = items[k]!;
      const from = Math.max(start, si.start) - si.start;
      const to = Math.min(contentEnd, si.end) - si.start;
      if (to > from) {
        const pieces = piecesOf(si, from, to, false);
        for (const p of pieces) contentWidth += p.width;
        const last = pieces[pieces.length - 1];
        if (last) lastSpacing = last.spacing;
        portions.push({ si, from, to, pieces });
      }
      const sFrom = Math.max(contentEnd, si.start) - si.start;
      const sTo = Math.min(end, si.end) - si.start;
      if (sTo > sFrom) {
        const built = piecesOf(si, sFrom, sTo, true);
        // word-spacing widens each space (new pieces: the built ones may be shared).
        spaces.push(...wrap(si, wordSpacing === 0 ? built : built.map((p) => ({ ...p, width: p.width + wordSpacing * (p.end - p.start) }))));
      }
    }
    let need = contentWidth - lastSpacing;
    // A break after a soft hyphen shows a hyphen: the segment must leave room for it.
    const tail = portions[portions.length - 1];
    const lastPiece = tail?.pieces[tail.pieces.length - 1];
    const shy = spaces.length === 0 && text[contentEnd - 1] === SOFT_HYPHEN && tail && lastPiece
      ? { piece: hyphenPiece(tail.si.item, tail.to, lastPiece), span: tail.si }
      : undefined;
    for (;;) {
      const needed = shy ? need + lastSpacing + shy.piece.width - shy.piece.spacing : need;
      if (lineWidth + needed <= maxWidth + EPSILON || (line.length === 0 && need <= maxWidth + EPSILON)) {
        for (const portion of portions) line.push(...wrap(portion.si, portion.pieces));
        lineWidth += contentWidth;
        shyHyphen = shy;
        break;
      }
      // A word in one span may be cut at a hyphenation point (`hyphens: auto`).
      const only = portions.length === 1 && !portions[0]!.si.object ? portions[0]! : undefined;
      const split = only
        ? splitAtHyphen(only.si.item, portionSegment(only), s, maxWidth - lineWidth)
        : undefined;
      if (only && split) {
        line.push(...wrap(only.si, split.head));
        shyHyphen = undefined;
        flush(false);
        portions[0] = { si: only.si, from: split.rest.start, to: only.to, pieces: [...split.rest.content] };
        contentWidth = split.rest.contentWidth;
        const restLast = split.rest.content[split.rest.content.length - 1];
        lastSpacing = restLast ? restLast.spacing : 0;
        need = contentWidth - lastSpacing;
        continue;
      }
      if (line.length > 0) {
        flush(false);
        continue;
      }
      shyHyphen = undefined;
      // Over-long word: span by span, cutting between graphemes where one span's part alone is too wide.
      for (const portion of portions) {
        const width = piecesWidth(portion.pieces);
        if (line.length > 0 && lineWidth + width > maxWidth + EPSILON) flush(false);
        // An object wider than the line overflows it whole, as in browsers.
        if (width <= maxWidth + EPSILON || portion.si.object || isNumberWord(portion.si.item.text.slice(portion.from, portion.to))) {
          line.push(...wrap(portion.si, portion.pieces));
          for (const p of portion.pieces) lineWidth += p.width;
          continue;
        }
        const rest = breakLongWord(portion.si.item, portion.from, portion.to, maxWidth, (pieces) => {
          line = wrap(portion.si, pieces);
          flush(false);
        });
        line = wrap(portion.si, rest);
        lineWidth = 0;
        for (const p of rest) lineWidth += p.width;
      }
      break;
    }
    if (spaces.length > 0) shyHyphen = undefined;
    for (const p of spaces) {
      line.push(p);
      lineWidth += p.piece.width;
    }
    start = end;
  }
  flush(true);
}
