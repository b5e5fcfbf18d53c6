// text: tokens resolved, laid out in its box. overflow `grow` (default: the box grows to the content),
// `clip` (the box keeps its height, the text is clipped to it) or `shrink` (the font size is lowered until
// the text fits the box by height and width, down to SHRINK_FLOOR). Texts using `$page`/`$pages` are
// re-laid out in their box at finalize, once the page numbers are known.
import type { TextElement } from "../model/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { unknownFilterMessages } from "../tokens/filters.js";
import { resolveDisplayText } from "../tokens/resolve.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import type { TemplatePart, TemplateText } from "../tokens/types.js";
import type { PageNumbers } from "./block.js";
import { num, report, type MeasureContext } from "./context.js";
import type { ElementKind } from "./kind.js";
import { contentBoxOf } from "./content-box.js";
import { TextBlock, type Relayout, type TextBox } from "./text-block.js";
import { isolatingTokens, paragraphStyle, withDirection } from "./text-style.js";
import { fitsBox, shrinkToFit } from "./shrink.js";
import { withNumeric } from "../text/style-object.js";

export { SHRINK_FLOOR } from "./shrink.js";

/** Page numbers a text with page tokens is measured with before pagination (two digits, a typical width). */
export const PLACEHOLDER_PAGES: PageNumbers = { page: 88, pages: 88 };


interface Prepared {
  readonly template: TemplateText;
  readonly style: ParagraphStyle;
  readonly box: TextBox;
}

// What does not depend on the row (template, style, box) is prepared once per element and render, in the
// render's memo under this key.
const PREPARED = {};

function prepare(element: TextElement, ctx: MeasureContext): Prepared {
  const perEnv = ctx.env.memo.get(PREPARED, () => new Map<TextElement, Prepared>());
  let hit = perEnv.get(element);
  if (!hit) {
    const { style, painted } = paragraphStyle(element, ctx);
    const template = parseTemplate(typeof element.text === "string" ? element.text : "");
    // Figures that all come from `number`-formatted tokens are tabular unless the text says otherwise, so
    // totals line up; prose whose other tokens or words print digits (dates, years) keeps the font's own.
    const numbered = style.numeric === undefined && template.parts.some(isNumberToken) &&
      template.parts.every((p) => (typeof p === "string" ? !/\d/.test(p) : isNumberToken(p)));
    // The box with its clip flag, made once here rather than spread per row.
    hit = { template, style: numbered ? withNumeric(style, "tabular") : style, box: { ...textBox(element, ctx, painted), clip: element.overflow === "clip" } };
    perEnv.set(element, hit);
  }
  return hit;
}

/** Text elements. */
export const textElement: ElementKind<TextElement> = {
  measure(element, ctx) {
    const { template, style, box } = prepare(element, ctx);
    const designed = Math.max(0, num(element.height, 0));
    const innerWidth = Math.max(0, box.width - 2 * box.padding);
    const innerHeight = Math.max(0, designed - 2 * box.padding);
    const diag = (code: string, message: string): void => report(ctx, code, message);
    // A misspelt filter prints the raw value; said here as in HTML templates (the sink drops a repeated row's).
    if (template.hasTokens) for (const message of unknownFilterMessages(template)) diag("token.filter", message);
    const own = isolatingTokens(ctx.tokens, element.direction);
    const lay = (s: ParagraphStyle, page?: PageNumbers): ParagraphLayout => {
      const tokens = page ? { ...own, ...page } : own;
      const text = template.hasTokens ? resolveDisplayText(template, tokens, ctx.scope) : template.source;
      return ctx.env.paragraphs.layout(text, withDirection(s, element.direction, text), innerWidth, diag);
    };
    const pageTokens = template.usesPageTokens && ctx.tokens.page === undefined;
    const overflow = element.overflow === "clip" || element.overflow === "shrink" ? element.overflow : "grow";
    let used = style;
    let layout = lay(style, pageTokens ? PLACEHOLDER_PAGES : undefined);
    // Shrink by height and by width: a number is never cut, so a long amount makes the layout wider than its box.
    if (overflow === "shrink" && !fitsBox(layout, innerWidth, innerHeight)) {
      const shrunk = shrinkToFit(style, (s) => lay(s, pageTokens ? PLACEHOLDER_PAGES : undefined), (l) => fitsBox(l, innerWidth, innerHeight));
      if (!shrunk.fits) diag("text.overflow", `the text does not fit its ${num(element.width, 0)} × ${designed} pt box even at ${shrunk.style.size} pt`);
      used = shrunk.style;
      layout = lay(used, pageTokens ? PLACEHOLDER_PAGES : undefined);
    }
    const height = overflow === "grow" ? Math.max(designed, layout.height + 2 * box.padding) : designed;
    const relayout: Relayout | undefined = pageTokens ? (page) => lay(used, page) : undefined;
    return new TextBlock(box, layout, height, relayout);
  },
};

function isNumberToken(part: TemplatePart): boolean {
  return typeof part !== "string" && part.filters.some((f) => f.name === "number");
}

// Not `{ ...contentBoxOf(), painted, decorations }`: V8 11 (Node 20) makes a new hidden class (and descriptor array, in the old generation) every time an object
// spread gains a property its source lacks; Object.assign onto a fresh literal follows the cached transitions.
// Two per text element and render were most of the old-space garbage of a steady render loop.
function textBox(element: TextElement, ctx: MeasureContext, painted: boolean): TextBox {
  return Object.assign({}, contentBoxOf(element, ctx), {
    painted,
    decorations: { underline: element.underline === true, strike: element.strike === true },
  });
}
