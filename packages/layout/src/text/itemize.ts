// Itemisation of one paragraph (text between hard breaks): a face per character (the chosen face, else the
// fallback chain), bidi levels, and break segments made of uniform (face, level) pieces, each shaped once.

import type { FontFace } from "./face.js";
import { resolveBidi, type BidiInfo } from "./bidi.js";
import { breakOpportunities } from "./breaks.js";
import { packHint } from "./font-packs.js";
import { GenerationCache } from "./lru.js";
import { runWidth, shapeCached, shapeUncached, type ShapedRun } from "./shape.js";
import type { NumericStyle, ParagraphStyle, TextDiagnostics, TextFonts } from "./types.js";

/** Face index of a character that is never drawn (controls, bidi marks, soft hyphens, unsupported joiners). */
const SKIP = 255;
const DIGIT = /\p{Nd}/u;

/** A maximal stretch of one face and one bidi level inside a segment, shaped. */
export interface Piece {
  /** UTF-16 range in the paragraph text. */
  readonly start: number;
  readonly end: number;
  readonly level: number;
  readonly face: FontFace;
  readonly run: ShapedRun;
  /** Width in points, letter spacing after every cluster included. */
  readonly width: number;
  /** Letter spacing applied after each of the run's clusters (0 when the run has no spacing slots). */
  readonly spacing: number;
  /** Whitespace at the end of a break segment: hangs at a line end, stretches when justified. */
  readonly space: boolean;
  /** Synthesised italic for this face. */
  readonly skew: boolean;
}

/** Text between two break opportunities: its content pieces and its trailing spaces. */
export interface Segment {
  readonly start: number;
  /** Where the trailing spaces start. */
  readonly contentEnd: number;
  readonly end: number;
  readonly content: readonly Piece[];
  readonly spaces: readonly Piece[];
  readonly contentWidth: number;
  readonly spaceWidth: number;
}

/** Everything about one paragraph that does not depend on the box width. */
export interface Itemized {
  readonly text: string;
  readonly shaping: string;
  readonly levels: Uint8Array | undefined;
  readonly baseLevel: number;
  readonly faceIndex: Uint8Array;
  readonly faces: readonly FontFace[];
  readonly skews: readonly boolean[];
  readonly size: number;
  readonly letterSpacing: number;
  readonly numeric: NumericStyle | undefined;
}

/** Per-call state shared by the paragraphs of one text: the primary face and the diagnostics already sent. */
export interface FontContext {
  readonly fonts: TextFonts;
  readonly primary: FontFace;
  readonly primarySkew: boolean;
  readonly style: ParagraphStyle;
  readonly report: TextDiagnostics | undefined;
  /** Code points already reported as missing. */
  readonly reported: Set<number>;
  /** Faces used so far (index 0 is the primary face) and whether each is slanted synthetically. */
  readonly faces: FontFace[];
  readonly skews: boolean[];
  /** Face index per code point the primary face lacks. */
  readonly fallbacks: Map<number, number>;
}

type Match = ReturnType<TextFonts["match"]>;
const matches = new WeakMap<TextFonts, GenerationCache<string, Match>>();

/** The registry's match for the style, memoised per registry (matching normalises names with regexes). */
function matchFace(fonts: TextFonts, style: ParagraphStyle): Match {
  let memo = matches.get(fonts);
  if (!memo) {
    memo = new GenerationCache(512);
    matches.set(fonts, memo);
  }
  const key = `${style.family ?? ""}\u0000${style.weight}\u0000${style.italic ? 1 : 0}`;
  let match = memo.get(key);
  if (!match) {
    match = fonts.match(style.family, style.weight, style.italic);
    memo.set(key, match);
  }
  return match;
}

/** Starts the per-call font state for one text in one style. */
export function fontContext(fonts: TextFonts, style: ParagraphStyle, report: TextDiagnostics | undefined): FontContext {
  const match = matchFace(fonts, style);
  if (!match.familyFound && style.family !== undefined && style.family.trim() !== "") {
    report?.("font.missing", `Font family '${style.family}' is not available; using '${match.face.family}'.`);
  }
  const primarySkew = match.syntheticItalic;
  return {
    fonts,
    primary: match.face,
    primarySkew,
    style,
    report,
    reported: new Set(),
    faces: [match.face],
    skews: [primarySkew],
    fallbacks: new Map(),
  };
}

const coverage = new WeakMap<FontFace, { bmp: Uint8Array; astral: Map<number, boolean> }>();

/** Whether `face` has a glyph for `cp`, memoised per face (0 unknown, 1 yes, 2 no). */
function has(fonts: TextFonts, face: FontFace, cp: number): boolean {
  let entry = coverage.get(face);
  if (!entry) {
    entry = { bmp: new Uint8Array(0x10000), astral: new Map() };
    coverage.set(face, entry);
  }
  if (cp < 0x10000) {
    const known = entry.bmp[cp];
    if (known) return known === 1;
    const yes = fonts.hasGlyph(face, cp);
    entry.bmp[cp] = yes ? 1 : 2;
    return yes;
  }
  let yes = entry.astral.get(cp);
  if (yes === undefined) {
    yes = fonts.hasGlyph(face, cp);
    entry.astral.set(cp, yes);
  }
  return yes;
}

/** Never drawn: C0/C1 controls, bidi formatting characters, soft hyphen. */
function alwaysSkipped(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp < 0xa0) ||
    cp === 0xad ||
    cp === 0x061c ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  );
}

/** Default-ignorable characters: dropped when the current face has no glyph for them. */
function ignorable(cp: number): boolean {
  return (
    cp === 0x034f ||
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

const MARK = /^\p{M}$/u;

/** Breaking whitespace that hangs at line ends (not the no-break spaces U+00A0, U+2007, U+202F). */
export function isBreakingSpace(code: number): boolean {
  return code === 0x20 || code === 0x3000 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a && code !== 0x2007) || code === 0x205f;
}

/**
 * Chooses a face per character and resolves bidi levels for one paragraph (no hard breaks inside). Rich text
 * passes `bidi`: the levels of its span's slice of the whole paragraph, so that bidi runs cross span edges.
 */
export function itemize(ctx: FontContext, text: string, bidi: BidiInfo = resolveBidi(text, ctx.style.direction)): Itemized {
  const { fonts, primary, style } = ctx;
  const faceIndex = new Uint8Array(text.length);
  let prev = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    let index: number;
    if (cp < 0x80 && cp >= 0x20 && cp !== 0x7f) {
      index = has(fonts, primary, cp) ? 0 : fallbackIndex(ctx, cp);
    } else if (alwaysSkipped(cp)) {
      index = SKIP;
    } else if (prev !== SKIP && (ignorable(cp) || (cp >= 0x300 && MARK.test(String.fromCodePoint(cp))))) {
      // Marks and joiners stay with their base's face when it can draw them.
      const prevFace = ctx.faces[prev]!;
      index = has(fonts, prevFace, cp) ? prev : ignorable(cp) ? SKIP : resolveIndex(ctx, cp);
    } else if (ignorable(cp)) {
      index = has(fonts, primary, cp) ? 0 : SKIP;
    } else {
      index = resolveIndex(ctx, cp);
    }
    faceIndex[i] = index;
    if (units === 2) faceIndex[i + 1] = index;
    if (index !== SKIP) prev = index;
    i += units;
  }
  return {
    text,
    shaping: bidi.shaping,
    levels: bidi.levels,
    baseLevel: bidi.baseLevel,
    faceIndex,
    faces: ctx.faces,
    skews: ctx.skews,
    size: style.size,
    letterSpacing: style.letterSpacing,
    numeric: style.numeric,
  };
}

function resolveIndex(ctx: FontContext, cp: number): number {
  return has(ctx.fonts, ctx.primary, cp) ? 0 : fallbackIndex(ctx, cp);
}

/** The fallback chain's face for `cp`, or the primary face (its .notdef) with a `glyph.missing` diagnostic. */
function fallbackIndex(ctx: FontContext, cp: number): number {
  const known = ctx.fallbacks.get(cp);
  if (known !== undefined) return known;
  const index = findFallback(ctx, cp);
  ctx.fallbacks.set(cp, index);
  return index;
}

function findFallback(ctx: FontContext, cp: number): number {
  const { style, faces, skews } = ctx;
  const face = ctx.fonts.fallbackFor(cp, style.weight, style.italic);
  if (!face) {
    if (!ctx.reported.has(cp)) {
      ctx.reported.add(cp);
      const hex = cp.toString(16).toUpperCase().padStart(4, "0");
      ctx.report?.("glyph.missing", `No font has a glyph for U+${hex} '${String.fromCodePoint(cp)}'; it prints as a blank box.${packHint(cp)}`);
    }
    return 0;
  }
  let index = faces.indexOf(face);
  if (index < 0) {
    if (faces.length >= SKIP) return 0;
    index = faces.length;
    faces.push(face);
    skews.push(style.italic && !face.italic);
  }
  return index;
}

/** Shapes the uniform (face, level) stretches of [start, end); `space` marks trailing-whitespace pieces. */
export function buildPieces(item: Itemized, start: number, end: number, space: boolean, cached = true): Piece[] {
  const out: Piece[] = [];
  const { faceIndex, levels } = item;
  let i = start;
  while (i < end) {
    const index = faceIndex[i]!;
    if (index === SKIP) {
      i++;
      continue;
    }
    const level = levels ? levels[i]! : 0;
    let j = i + 1;
    while (j < end && faceIndex[j] === index && (levels ? levels[j] : 0) === level) j++;
    const face = item.faces[index]!;
    const rtl = (level & 1) === 1;
    const text = item.text.slice(i, j);
    const shaping = item.shaping === item.text ? text : item.shaping.slice(i, j);
    // Figure features only where there are figures: letters keep the fast path and their cache entries.
    const numeric = item.numeric !== undefined && DIGIT.test(text) ? item.numeric : undefined;
    const run = cached ? shapeCached(face, text, rtl, shaping, numeric) : shapeUncached(face, text, rtl, shaping, numeric);
    const spacing = run.spacingSlots > 0 ? item.letterSpacing : 0;
    out.push({
      start: i,
      end: j,
      level,
      face,
      run,
      width: runWidth(run, item.size, spacing),
      spacing,
      space,
      // Synthetic oblique leans letters right, which reads wrong for right-to-left scripts: never on RTL runs.
      skew: item.skews[index]! && !rtl,
    });
    i = j;
  }
  return out;
}

/** Sum of the pieces' widths minus the letter spacing after the last one (none after a line's last glyph). */
export function piecesWidth(pieces: readonly Piece[]): number {
  let width = 0;
  for (const p of pieces) width += p.width;
  const last = pieces[pieces.length - 1];
  return last ? width - last.spacing : 0;
}

/** Splits a paragraph into break segments (UAX #14), each shaped through the cache. */
export function segments(item: Itemized): Segment[] {
  const out: Segment[] = [];
  const text = item.text;
  let start = 0;
  for (const end of breakOpportunities(text)) {
    let contentEnd = end;
    while (contentEnd > start && isBreakingSpace(text.charCodeAt(contentEnd - 1))) contentEnd--;
    const content = buildPieces(item, start, contentEnd, false);
    const spaces = contentEnd < end ? buildPieces(item, contentEnd, end, true) : [];
    let contentWidth = 0;
    for (const p of content) contentWidth += p.width;
    let spaceWidth = 0;
    for (const p of spaces) spaceWidth += p.width;
    out.push({ start, contentEnd, end, content, spaces, contentWidth, spaceWidth });
    start = end;
  }
  return out;
}
