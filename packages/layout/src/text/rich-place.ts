// Placing one rich line: visual order, alignment, then its items — span backgrounds, glyph runs (one per
// face, level and span), underline/strike strokes from each run's own face, and link areas.

import type { FrameItem, PositionedGlyph, TextRunItem } from "../frame/types.js";
import { alignLine } from "./align.js";
import { visualOrder } from "./bidi.js";
import { decorationStrokes } from "./decorations.js";
import { skipInk } from "./skip-ink.js";
import type { FontFace } from "./face.js";
import type { Itemized, Piece } from "./itemize.js";
import { faceMetrics } from "./metrics.js";
import { SYNTHETIC_ITALIC_SKEW } from "./paragraph.js";
import type { InlineObject, PlacedObject, RichLine, RichParagraphStyle, SpanStyle } from "./rich-types.js";
import { scaledGlyphs } from "./shape.js";

/** A span's slice of a hard paragraph, itemised. */
export interface SpanItem {
  readonly item: Itemized;
  /** UTF-16 range of the slice in the paragraph text. */
  readonly start: number;
  readonly end: number;
  readonly style: SpanStyle;
  /** Set when the slice is an inline object (one U+FFFC). */
  readonly object?: InlineObject;
}

/** A shaped piece and the span it belongs to. */
export interface RichPiece {
  readonly piece: Piece;
  readonly span: SpanItem;
}

/** A line before placement: pieces in logical order; `size` sets the height of an empty line. */
export interface RichDraft {
  readonly pieces: readonly RichPiece[];
  readonly hard: boolean;
  readonly size: number;
}

interface Run {
  x: number;
  width: number;
  readonly face: FontFace;
  readonly level: number;
  readonly span: SpanItem;
  readonly skew: boolean;
  readonly glyphs: PositionedGlyph[];
  text: string;
}

/** Reorders, aligns and emits one rich line whose box starts at `top`. */
export function placeRichLine(draft: RichDraft, style: RichParagraphStyle, boxWidth: number, top: number): RichLine {
  let count = draft.pieces.length;
  while (count > 0 && draft.pieces[count - 1]!.piece.space) count--;
  const logical = count === draft.pieces.length ? draft.pieces : draft.pieces.slice(0, count);
  if (logical.length === 0) {
    const height = style.lineHeight * draft.size;
    return { top, height, baseline: top + height * 0.8, x: 0, width: 0, text: "", items: [] };
  }
  // The line box fits its largest size; the baseline centres the tallest ascent + descent (half-leading).
  let size = 0;
  let ascent = 0;
  let descent = 0;
  for (const { piece, span } of logical) {
    const m = faceMetrics(piece.face);
    const scale = span.style.size / m.unitsPerEm;
    // An object's own shift moves the object, not the strut of the text around it.
    const rise = span.object ? 0 : span.style.rise ?? 0;
    size = Math.max(size, span.style.size);
    ascent = Math.max(ascent, m.ascent * scale + rise);
    descent = Math.max(descent, -m.descent * scale - rise);
  }
  let height = style.lineHeight * size;
  let baseline = top + (height - (ascent + descent)) / 2 + ascent;
  if (logical.some((rp) => rp.span.object)) ({ height, baseline } = objectLineBox(logical, top, height, baseline));
  const first = logical[0]!;
  const last = logical[logical.length - 1]!;
  const paraText = (rp: RichPiece): string => rp.span.item.text;
  const text = first.span === last.span
    ? paraText(first).slice(first.piece.start, last.piece.end)
    : logical.map((rp) => paraText(rp).slice(rp.piece.start, rp.piece.end)).join("");
  const mixed = logical.some((rp) => rp.piece.level !== 0);
  const visual = mixed ? visualOrder(logical.map((rp) => rp.piece.level)).map((i) => logical[i]!) : logical;

  let natural = 0;
  for (const rp of visual) natural += rp.piece.width;
  natural -= visual[visual.length - 1]!.piece.spacing;
  let spaces = 0;
  for (const rp of logical) if (rp.piece.space) spaces += rp.piece.end - rp.piece.start;
  const { x, width, extraPerSpace } = alignLine(style.align, style.direction, boxWidth, natural, spaces, draft.hard);

  const runs: Run[] = [];
  const objects: PlacedObject[] = [];
  let pen = x;
  let current: Run | undefined;
  for (let k = 0; k < visual.length; k++) {
    const { piece, span } = visual[k]!;
    if (span.object) {
      const o = span.object;
      objects.push({ id: o.id, x: pen, y: objectTop(o, span.style, piece.face, baseline, top, height), width: o.width, height: o.height });
      pen += piece.width;
      current = undefined; // text after the object starts a new run at the pen
      continue;
    }
    const glyphs = scaledGlyphs(piece.run, span.style.size, piece.spacing);
    if (glyphs.length === 0) continue;
    if (!current || current.face !== piece.face || current.level !== piece.level || current.span.style !== span.style) {
      current = { x: pen, width: 0, face: piece.face, level: piece.level, span, skew: piece.skew, glyphs: [], text: "" };
      runs.push(current);
    }
    const pieceText = span.item.text.slice(piece.start, piece.end);
    current.text = piece.level & 1 ? pieceText + current.text : current.text + pieceText;
    const isLast = k === visual.length - 1;
    const extra = piece.space ? (extraPerSpace > 0 ? extraPerSpace : 0) + (style.wordSpacing ?? 0) : 0;
    const stretch = extra !== 0;
    for (let g = 0; g < glyphs.length; g++) {
      let glyph = glyphs[g]!;
      if (stretch && glyph.text.length > 0) glyph = { ...glyph, advance: glyph.advance + extra * glyph.text.length };
      if (isLast && g === glyphs.length - 1 && piece.spacing !== 0) glyph = { ...glyph, advance: glyph.advance - piece.spacing };
      current.glyphs.push(glyph);
      pen += glyph.advance;
      current.width += glyph.advance;
    }
  }
  const items = lineItems(runs, baseline, top, height);
  if (objects.length === 0) return { top, height, baseline, x, width, text, items };
  return { top, height, baseline, x, width, text, items: [...items, ...objectLinks(objects, visual, top, height)], objects };
}

/** How far above the baseline an object's top and bottom are (up positive), for the aligns tied to the baseline. */
function objectExtent(o: InlineObject, s: SpanStyle, face: FontFace): { top: number; bottom: number } {
  const m = faceMetrics(face);
  const scale = s.size / m.unitsPerEm;
  const rise = s.rise ?? 0;
  switch (o.align) {
    case "middle": {
      const centre = rise + (m.xHeight * scale) / 2;
      return { top: centre + o.height / 2, bottom: centre - o.height / 2 };
    }
    case "text-top":
      return { top: rise + m.ascent * scale, bottom: rise + m.ascent * scale - o.height };
    case "text-bottom":
      return { top: rise + m.descent * scale + o.height, bottom: rise + m.descent * scale };
    default:
      return { top: rise + o.height, bottom: rise };
  }
}

/**
 * The line box of a line holding objects (CSS 2 §10.8): the text's box grows to hold every object aligned
 * on the baseline, then, if still too short, the objects aligned to the line's top or bottom.
 */
function objectLineBox(logical: readonly RichPiece[], top: number, height: number, baseline: number): { height: number; baseline: number } {
  let above = baseline - top;
  let below = height - above;
  for (const { piece, span } of logical) {
    const o = span.object;
    if (!o || o.align === "top" || o.align === "bottom") continue;
    const e = objectExtent(o, span.style, piece.face);
    above = Math.max(above, e.top);
    below = Math.max(below, -e.bottom);
  }
  for (const { span } of logical) {
    const o = span.object;
    if (!o || (o.align !== "top" && o.align !== "bottom")) continue;
    const short = o.height - (above + below);
    if (short <= 0) continue;
    if (o.align === "top") below += short;
    else above += short;
  }
  return { height: above + below, baseline: top + above };
}

/** The top of an object on a line whose box starts at `top` (y down). */
function objectTop(o: InlineObject, s: SpanStyle, face: FontFace, baseline: number, top: number, height: number): number {
  if (o.align === "top") return top;
  if (o.align === "bottom") return top + height - o.height;
  return baseline - objectExtent(o, s, face).top;
}

/** Link areas over the objects inside a link. */
function objectLinks(objects: readonly PlacedObject[], visual: readonly RichPiece[], top: number, height: number): FrameItem[] {
  const out: FrameItem[] = [];
  for (const { span } of visual) {
    const url = span.style.link;
    const placed = span.object && objects.find((p) => p.id === span.object!.id);
    if (url && placed) out.push({ kind: "link", x: placed.x, y: top, width: placed.width, height, url });
  }
  return out;
}

function lineItems(runs: readonly Run[], lineBaseline: number, top: number, height: number): FrameItem[] {
  const back: FrameItem[] = [];
  const glyphs: TextRunItem[] = [];
  const strokes: FrameItem[] = [];
  const links: { x: number; width: number; url: string }[] = [];
  for (const run of runs) {
    const s = run.span.style;
    const baseline = lineBaseline - (s.rise ?? 0);
    if (s.background) {
      const m = faceMetrics(run.face);
      const scale = s.size / m.unitsPerEm;
      const pad = s.size * 0.15;
      back.push({
        kind: "shape",
        geometry: { type: "rect", x: run.x - pad, y: baseline - m.ascent * scale, width: run.width + 2 * pad, height: (m.ascent - m.descent) * scale, radius: pad },
        fill: s.background,
      });
    }
    glyphs.push({
      kind: "text", x: run.x, y: baseline, face: run.face.key, size: s.size, color: s.color, glyphs: run.glyphs, text: run.text,
      ...(run.skew ? { skew: SYNTHETIC_ITALIC_SKEW } : {}),
    });
    if (s.underline || s.strike) {
      const lines = decorationStrokes(run.face, s.size, baseline, run.x, run.x + run.width, { underline: s.underline === true, strike: s.strike === true });
      // The underline skips the run's descenders.
      const ink = [{ x: run.x, size: s.size, face: run.face, glyphs: run.glyphs }];
      for (const d of lines.flatMap((stroke) => (stroke.kind === "underline" ? skipInk(stroke, baseline, ink) : [stroke]))) {
        strokes.push({ kind: "shape", geometry: { type: "line", x1: d.x1, y1: d.y, x2: d.x2, y2: d.y }, stroke: { color: s.color, width: d.thickness } });
      }
    }
    if (s.link) {
      // Adjacent runs of one link make one area.
      const prev = links[links.length - 1];
      if (prev && prev.url === s.link && Math.abs(prev.x + prev.width - run.x) < 0.01) prev.width += run.width;
      else links.push({ x: run.x, width: run.width, url: s.link });
    }
  }
  const out: FrameItem[] = [...back, ...glyphs, ...strokes];
  for (const l of links) out.push({ kind: "link", x: l.x, y: top, width: l.width, height, url: l.url });
  return out;
}
