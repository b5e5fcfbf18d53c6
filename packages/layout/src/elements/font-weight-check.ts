// A text or markdown element asking for a weight its family does not ship (Inter 600, Lato 300…) prints in
// the nearest weight by the CSS rules; that substitution is reported rather than silent, naming the family,
// the weight asked for and the weight printed.
import type { ParagraphStyle } from "../text/types.js";
import { report, type MeasureContext } from "./context.js";

/** Reports `font.weight` when the style's family lacks its weight (an unknown family is `font.missing`'s). */
export function checkWeight(style: ParagraphStyle, ctx: MeasureContext): void {
  const match = ctx.env.fonts.match(style.family, style.weight, style.italic);
  if (!match.familyFound || match.face.weight === style.weight) return;
  report(
    ctx,
    "font.weight",
    `Font family '${match.face.family}' has no weight ${style.weight}; it prints in weight ${match.face.weight}.`,
  );
}
