// Text runs: the glyphs layout chose, written as CIDs in one TJ array with per-glyph positioning, so the
// PDF shows exactly the measured positions and no text is shaped a second time.
import type { TextRunItem } from "@docsvc/layout";
import { num } from "./content.js";
import { glyphOutline } from "./outline.js";
import type { PaintContext } from "./context.js";
import type { FaceSubset } from "./subset.js";

const COMBINING = /\p{M}/u;

/** Below this (in points) a difference between layout's pen and the viewer's pen is not corrected. */
const EPSILON = 0.0005;

// letterSpacing's tally of distinct extras, reused by every run (a run has few distinct values).
let extras = new Float64Array(16);
let extraCounts = new Uint32Array(16);

/**
 * The spacing most glyphs of the run have beyond their designed advance (points, to 0.001), when that is
 * what at least half of them have; kerned pairs keep their own adjustment on top. 0 for plain runs.
 */
function letterSpacing(run: TextRunItem, subset: FaceSubset, perPoint: number): number {
  const glyphs = run.glyphs;
  if (glyphs.length < 2) return 0;
  let distinct = 0;
  for (let g = 0; g < glyphs.length; g++) {
    const glyph = glyphs[g]!;
    const extra = Math.round((glyph.advance - subset.width(glyph.id) / perPoint) * 1000) / 1000;
    if (extra === 0) continue;
    let i = 0;
    while (i < distinct && extras[i] !== extra) i++;
    if (i === distinct) {
      if (distinct === extras.length) grow();
      extras[distinct] = extra;
      extraCounts[distinct] = 0;
      distinct++;
    }
    extraCounts[i]!++;
  }
  if (distinct === 0) return 0;
  // Most frequent wins; among equally frequent values the smallest (order-independent).
  let best = 0;
  let bestCount = 0;
  for (let i = 0; i < distinct; i++) {
    const extra = extras[i]!;
    const count = extraCounts[i]!;
    if (count > bestCount || (count === bestCount && extra < best)) {
      best = extra;
      bestCount = count;
    }
  }
  return bestCount * 2 >= glyphs.length ? best : 0;
}

function grow(): void {
  const e = new Float64Array(extras.length * 2);
  e.set(extras);
  extras = e;
  const c = new Uint32Array(extraCounts.length * 2);
  c.set(extraCounts);
  extraCounts = c;
}

const OPEN_ARRAY = 91; // [
const OPEN_HEX = 60; // <
const CLOSE_HEX = 62; // >
const SPACE = 32;

/**
 * Paints one text run: `BT /Fn size Tf 1 0 skew -1 x y Tm [<cids> adjust …] TJ ET`. Written straight into the
 * page's byte buffer: a page of table rows paints thousands of runs, and strings per run were most of what
 * painting allocated.
 */
export function paintText(ctx: PaintContext, run: TextRunItem): void {
  if (run.glyphs.length === 0 || !(run.size > 0)) return;
  const subset = ctx.font(run.face);
  const content = ctx.content;
  const size = run.size;
  // TJ numbers are in 1/1000 of the font size; a positive number moves the pen left.
  const perPoint = 1000 / size;
  const shear = run.skew ? Math.tan((run.skew * Math.PI) / 180) : 0;

  // Letter spacing as character spacing: one Tc per run instead of a TJ move after every glyph. Smaller, and
  // extractors that count Tc into a glyph's advance (poppler does; pdfjs does not) keep spaced words whole.
  const spacing = letterSpacing(run, subset, perPoint);

  content.fillColour(run.color);
  // pdf.js compares a glyph's position with the previous glyph's (to start a new line or item) only when
  // its text has no combining mark, so a run that begins with a pointed letter would be glued to the text
  // painted before it. A marked-content span makes pdf.js start a new item; other readers ignore it.
  const span = COMBINING.test(run.text);
  if (span) content.op("/Span BMC");
  content.op("BT");
  content.font(subset.name, size);
  content.charSpacing(spacing);
  // pdfkit's user space is y-down; the text matrix flips it back so glyphs stand upright (and shears them
  // for a synthesised italic: the top of a glyph moves right).
  content.text("1 0 ");
  content.numberSpace(shear);
  content.text("-1 ");
  content.numberSpace(run.x);
  content.numberSpace(run.y);
  content.op("Tm");

  // The TJ array: `open` = its "[" is written (always followed at once by an adjustment or a code, so an
  // open array is never empty); `inHex` = inside `<…>`.
  let open = false;
  let inHex = false;
  let rise = 0;
  let ideal = 0; // layout's pen, relative to the run origin
  let actual = 0; // the viewer's pen: designed widths plus the adjustments written so far
  let marks: { readonly id: number; readonly x: number; readonly dy: number }[] | undefined;
  const glyphs = run.glyphs;
  for (let g = 0; g < glyphs.length; g++) {
    const glyph = glyphs[g]!;
    if (glyph.text === "") {
      // A glyph with no text of its own (a mark; its base's cluster carries its character): drawn after the
      // run as an outline, so the run's TJ array (and with it text extraction, which splits words wherever
      // the baseline moves) stays in one piece and no extractor sees a code without a Unicode value.
      (marks ??= []).push({ id: glyph.id, x: ideal + glyph.dx, dy: glyph.dy });
      ideal += glyph.advance;
      continue;
    }
    const gap = ideal + glyph.dx - actual;
    if (gap > EPSILON || gap < -EPSILON) {
      const adjust = Math.round(-gap * perPoint * 1000) / 1000;
      if (adjust !== 0) {
        if (!open) {
          content.byte(OPEN_ARRAY);
          open = true;
        }
        if (inHex) content.byte(CLOSE_HEX);
        inHex = false;
        content.byte(SPACE);
        content.numberSpace(adjust);
        actual -= adjust / perPoint;
      }
    }
    // Text rise is y-up in text space; dy grows downward.
    const wantRise = glyph.dy === 0 ? 0 : -glyph.dy;
    if (wantRise !== rise) {
      if (inHex) content.byte(CLOSE_HEX);
      inHex = false;
      if (open) content.op("] TJ");
      open = false;
      content.numberSpace(wantRise);
      content.op("Ts");
      rise = wantRise;
    }
    if (!open) {
      content.byte(OPEN_ARRAY);
      open = true;
    }
    if (!inHex) content.byte(OPEN_HEX);
    inHex = true;
    content.hex4(subset.cidCode(glyph.id, glyph.text));
    actual += subset.width(glyph.id) / perPoint + spacing;
    ideal += glyph.advance;
  }
  if (inHex) content.byte(CLOSE_HEX);
  if (open) content.op("] TJ");
  if (rise !== 0) content.op("0 Ts");
  content.op("ET");
  if (span) content.op("EMC");
  if (marks !== undefined) {
    const font = subset.face.font;
    const scale = size / font.unitsPerEm;
    for (const mark of marks) {
      const outline = glyphOutline(font, mark.id);
      if (outline === "") continue;
      // Font units (y up) to page space: the mark's origin is (x, -dy) in the run's text space.
      const m = [scale, 0, shear * scale, -scale, run.x + mark.x - shear * mark.dy, run.y + mark.dy].map(precise);
      content.op(`q ${m.join(" ")} cm\n${outline}f Q`);
    }
  }
}

/** A matrix entry with six decimals: a font-unit scale such as 10/2048 needs more than `num`'s three. */
function precise(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return rounded === 0 ? "0" : String(rounded);
}
