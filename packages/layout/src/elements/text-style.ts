// Typography of text-like elements (text, and later markdown): role picks the font, explicit keys win.
import type { ElementDirection, Hyphens, TextAlign, TextStyleKeys } from "../model/types.js";
import { resolveHyphens } from "../text/hyphenate.js";
import { firstStrongDirection } from "../text/bidi.js";
import type { TokenContext } from "../tokens/types.js";
import type { ParagraphStyle } from "../text/types.js";
import { colourOf, num, text, type MeasureContext } from "./context.js";
import { checkWeight } from "./font-weight-check.js";
import { makeStyle } from "../text/style-object.js";

/** Default font size in points. */
export const DEFAULT_FONT_SIZE = 10;
/** Default line height, a multiple of the font size. */
export const DEFAULT_LINE_HEIGHT = 1.2;

const ALIGNS: readonly TextAlign[] = ["left", "center", "right", "justify", "start", "end"];
const HYPHENS: readonly Hyphens[] = ["none", "manual", "auto"];

/** The token context for an element's printed values: every value isolated when the element may be right-to-left. */
export function isolatingTokens(tokens: TokenContext, direction: ElementDirection | undefined): TokenContext {
  return (direction === "rtl" || direction === "auto") && tokens.isolateValues !== true ? { ...tokens, isolateValues: true } : tokens;
}

/** The style for one text of an element whose `direction` is `auto`: its first strong character decides. */
export function withDirection(style: ParagraphStyle, direction: ElementDirection | undefined, text: string): ParagraphStyle {
  if (direction !== "auto") return style;
  const found = firstStrongDirection(text);
  return found === undefined || found === style.direction ? style : { ...style, direction: found };
}

/** The paragraph style of an element, and whether its glyphs are painted (not when the colour is transparent). */
export function paragraphStyle(keys: TextStyleKeys, ctx: MeasureContext): { style: ParagraphStyle; painted: boolean } {
  const { env } = ctx;
  // The structure roles h1–h6 are headings too (subheading keeps the body font, as it always did).
  const heading = keys.role === "title" || keys.role === "heading" || (keys.role !== undefined && /^h[1-6]$/.test(keys.role));
  const family = text(keys.fontFamily) ?? (heading ? env.headingFamily : env.bodyFamily);
  const size = num(keys.fontSize, DEFAULT_FONT_SIZE);
  const lineHeight = num(keys.lineHeight, DEFAULT_LINE_HEIGHT);
  // Absent or unusable (reported): black. Transparent: laid out, not painted.
  const transparent = keys.color === "transparent";
  const color = keys.color === undefined || transparent ? undefined : colourOf(ctx, keys.color, "color");
  const align = keys.align !== undefined && ALIGNS.includes(keys.align) ? keys.align : "start";
  const hyphens = resolveHyphens(HYPHENS.includes(keys.hyphens as Hyphens) ? keys.hyphens : undefined, align === "justify");
  const style = makeStyle(
    family,
    Math.round(Math.min(900, Math.max(100, num(keys.fontWeight, 400)))),
    keys.italic === true,
    size > 0 ? size : DEFAULT_FONT_SIZE,
    lineHeight > 0 ? lineHeight : DEFAULT_LINE_HEIGHT,
    num(keys.letterSpacing, 0),
    align,
    // An element's own `ltr`/`rtl` wins over the document's; `auto` is resolved per text (`withDirection`).
    keys.direction === "ltr" || keys.direction === "rtl" ? keys.direction : env.direction,
    color ?? "#000000",
    {
      numeric: keys.numeric === "tabular" || keys.numeric === "proportional" ? keys.numeric : undefined,
      // `manual` is the engine's default: only the other two are spelled out (and only `auto` needs the language).
      hyphens: hyphens === "manual" ? undefined : hyphens,
      lang: hyphens === "auto" ? ctx.tokens.locale : undefined,
    },
  );
  checkWeight(style, ctx);
  return { style, painted: !transparent };
}
