// Text runs: the glyphs layout chose, written as CIDs in one TJ array with per-glyph positioning, so the
// PDF shows exactly the measured positions and no text is shaped a second time.
import type { TextRunItem } from "@docsvc/layout";
import { num } from "./content.js";
import type { PaintContext } from "./context.js";

/** Below this (in points) a difference between layout's pen and the viewer's pen is not corrected. */
const EPSILON = 0.0005;

/**
 * The spacing most glyphs of the run have beyond their designed advance (points, to 0.001), when that is
 * what at least half of them have; kerned pairs keep their own adjustment on top. 0 for plain runs.
 */
function letterSpacing(run: TextRunItem, width: (glyph: number) => number, perPoint: number): number {
  const glyphs = run.glyphs;
  if (glyphs.length < 2) return 0;
  let counts: Map<number, number> | undefined;
  for (const glyph of glyphs) {
    const extra = Math.round((glyph.advance - width(glyph.id) / perPoint) * 1000) / 1000;
    if (extra === 0) continue;
    counts ??= new Map();
    counts.set(extra, (counts.get(extra) ?? 0) + 1);
  }
  if (counts === undefined) return 0;
  let best = 0;
  let bestCount = 0;
  for (const [extra, count] of counts) {
    if (count > bestCount || (count === bestCount && extra < best)) {
      best = extra;
      bestCount = count;
    }
  }
  return bestCount * 2 >= glyphs.length ? best : 0;
}

/** Paints one text run: `BT /Fn size Tf 1 0 skew -1 x y Tm [<cids> adjust …] TJ ET`. */
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
  const spacing = letterSpacing(run, subset.width.bind(subset), perPoint);

  content.fillColour(run.color);
  content.op("BT");
  content.font(subset.name, size);
  content.charSpacing(spacing);
  // pdfkit's user space is y-down; the text matrix flips it back so glyphs stand upright (and shears them
  // for a synthesised italic: the top of a glyph moves right).
  content.op(`1 0 ${num(shear)} -1 ${num(run.x)} ${num(run.y)} Tm`);

  let tj = "[";
  let inHex = false;
  let rise = 0;
  let ideal = 0; // layout's pen, relative to the run origin
  let actual = 0; // the viewer's pen: designed widths plus the adjustments written so far
  let marks: { readonly cid: string; readonly x: number; readonly dy: number }[] | undefined;
  for (const glyph of run.glyphs) {
    if (glyph.text === "" && (glyph.dx !== 0 || glyph.dy !== 0)) {
      // An offset mark: drawn after the run with its own text matrix, so the run's TJ array (and with it
      // text extraction, which splits words wherever the baseline moves) stays in one piece.
      (marks ??= []).push({ cid: subset.cid(glyph.id), x: ideal + glyph.dx, dy: glyph.dy });
      ideal += glyph.advance;
      continue;
    }
    const gap = ideal + glyph.dx - actual;
    if (gap > EPSILON || gap < -EPSILON) {
      const adjust = Math.round(-gap * perPoint * 1000) / 1000;
      if (adjust !== 0) {
        if (inHex) tj += ">";
        inHex = false;
        tj += ` ${num(adjust)} `;
        actual -= adjust / perPoint;
      }
    }
    // Text rise is y-up in text space; dy grows downward.
    const wantRise = glyph.dy === 0 ? 0 : -glyph.dy;
    if (wantRise !== rise) {
      if (inHex) tj += ">";
      inHex = false;
      if (tj !== "[") content.op(`${tj}] TJ`);
      tj = "[";
      content.op(`${num(wantRise)} Ts`);
      rise = wantRise;
    }
    if (!inHex) tj += "<";
    inHex = true;
    tj += subset.cid(glyph.id);
    actual += subset.width(glyph.id) / perPoint + spacing;
    ideal += glyph.advance;
  }
  if (inHex) tj += ">";
  if (tj !== "[") content.op(`${tj}] TJ`);
  if (rise !== 0) content.op("0 Ts");
  if (marks !== undefined) {
    for (const mark of marks) {
      // The mark's origin in text space is (x, -dy); the text matrix maps it to page space.
      content.op(`1 0 ${num(shear)} -1 ${num(run.x + mark.x - shear * mark.dy)} ${num(run.y + mark.dy)} Tm [<${mark.cid}>] TJ`);
    }
  }
  content.op("ET");
}
