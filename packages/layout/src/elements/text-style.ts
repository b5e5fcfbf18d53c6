// Typography of text-like elements (text, and later markdown): role picks the font, explicit keys win.
import type { TextAlign, TextStyleKeys } from "../model/types.js";
import type { ParagraphStyle } from "../text/types.js";
import { colourOf, num, text, type MeasureContext } from "./context.js";

/** Default font size in points. */
export const DEFAULT_FONT_SIZE = 10;
/** Default line height, a multiple of the font size. */
export const DEFAULT_LINE_HEIGHT = 1.2;

const ALIGNS: readonly TextAlign[] = ["left", "center", "right", "justify", "start", "end"];

/** The paragraph style of an element, and whether its glyphs are painted (not when the colour is transparent). */
export function paragraphStyle(keys: TextStyleKeys, ctx: MeasureContext): { style: ParagraphStyle; painted: boolean } {
  const { env } = ctx;
  const heading = keys.role === "title" || keys.role === "heading";
  const family = text(keys.fontFamily) ?? (heading ? env.headingFamily : env.bodyFamily);
  const size = num(keys.fontSize, DEFAULT_FONT_SIZE);
  const lineHeight = num(keys.lineHeight, DEFAULT_LINE_HEIGHT);
  // Absent or unusable (reported): black. Transparent: laid out, not painted.
  const transparent = keys.color === "transparent";
  const color = keys.color === undefined || transparent ? undefined : colourOf(ctx, keys.color, "color");
  const style: ParagraphStyle = {
    ...(family ? { family } : {}),
    weight: Math.round(Math.min(900, Math.max(100, num(keys.fontWeight, 400)))),
    italic: keys.italic === true,
    size: size > 0 ? size : DEFAULT_FONT_SIZE,
    lineHeight: lineHeight > 0 ? lineHeight : DEFAULT_LINE_HEIGHT,
    letterSpacing: num(keys.letterSpacing, 0),
    align: keys.align !== undefined && ALIGNS.includes(keys.align) ? keys.align : "start",
    direction: env.direction,
    color: color ?? "#000000",
    ...(keys.numeric === "tabular" || keys.numeric === "proportional" ? { numeric: keys.numeric } : {}),
  };
  return { style, painted: !transparent };
}
