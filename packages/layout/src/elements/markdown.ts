// markdown: `text` (tokens resolved first, values escaped unless `| markdown`), parsed by markdown-it into
// rich paragraphs: headings, emphasis, lists with hanging markers, links, inline code, rules, breaks. The
// same font and box keys as text; overflow grow (default), clip or shrink; splits between lines.
import type { FrameItem } from "../frame/types.js";
import type { MarkdownElement } from "../model/types.js";
import { layoutRichParagraph } from "../text/rich.js";
import type { RichParagraphStyle, RichSpan } from "../text/rich-types.js";
import { parseTemplate } from "../tokens/parse.js";
import { EmptyBlock } from "./block.js";
import { BARCODE_TEXT_FAMILY } from "./barcode.js";
import { GenerationCache } from "../text/lru.js";
import { num, report, type LayoutEnv, type MeasureContext } from "./context.js";
import type { ElementKind } from "./kind.js";
import { contentBoxOf } from "./content-box.js";
import { MarkdownBlock, moveItem, type MdLine } from "./markdown-block.js";
import { resolveMarkdown } from "./markdown-escape.js";
import { markdownBlocks, type MarkdownStyles } from "./markdown-parse.js";
import { SHRINK_FLOOR } from "./text.js";
import { isolatingTokens, paragraphStyle, withDirection } from "./text-style.js";

/** Indent of each list or quote level, as a multiple of the base size. */
const INDENT = 1.6;
/** Background of inline code. */
const CODE_BG = "#eef1f5";
/** Longest markdown source laid out; longer text is cut (and reported) to bound the work. */
const MAX_SOURCE = 100_000;


/** Markdown elements. */
export const markdownElement: ElementKind<MarkdownElement> = {
  measure(element, ctx) {
    const designed = Math.max(0, num(element.height, 0));
    let source = resolveMarkdown(parseTemplate(typeof element.text === "string" ? element.text : ""), isolatingTokens(ctx.tokens, element.direction), ctx.scope);
    if (source.length > MAX_SOURCE) {
      report(ctx, "markdown.truncated", `the markdown is longer than ${MAX_SOURCE} characters; the rest is left out`);
      source = source.slice(0, MAX_SOURCE);
    }
    if (source.trim() === "") return new EmptyBlock(designed);
    const box = contentBoxOf(element, ctx);
    const innerWidth = Math.max(0, box.width - 2 * box.padding);
    const innerHeight = Math.max(0, designed - 2 * box.padding);
    const { style: own, painted } = paragraphStyle(element, ctx);
    const style = withDirection(own, element.direction, source);
    if (innerWidth < 1) {
      // No room for a single character: every grapheme would be a line of its own.
      report(ctx, "markdown.narrow", "the markdown box has no width inside its padding; nothing is drawn");
      return new MarkdownBlock(box, [], 0, designed);
    }
    if (!painted) return new MarkdownBlock(box, [], 0, designed);
    const decorations = { underline: element.underline === true, strike: element.strike === true };
    const lay = (size: number) => cachedLayout(source, { ...style, size }, decorations, innerWidth, ctx);
    const overflow = element.overflow === "clip" || element.overflow === "shrink" ? element.overflow : "grow";
    let laid = lay(style.size);
    if (overflow === "shrink" && laid.height > innerHeight) {
      // Largest size (to 0.1 pt) between the floor and the designed one whose layout fits the box.
      const floor = Math.min(SHRINK_FLOOR, style.size);
      let lo = Math.round(floor * 10);
      let hi = Math.round(style.size * 10);
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (lay(mid / 10).height <= innerHeight) lo = mid;
        else hi = mid;
      }
      laid = lay(lo / 10);
    }
    const height = overflow === "grow" ? Math.max(designed, laid.height + 2 * box.padding) : designed;
    return new MarkdownBlock({ ...box, clip: overflow === "clip" }, laid.lines, laid.height, height);
  },
};

type BaseStyle = ReturnType<typeof paragraphStyle>["style"];
interface Decorations { readonly underline: boolean; readonly strike: boolean }
interface Laid { readonly lines: MdLine[]; readonly height: number }

// Rows repeat the same notes: layouts are kept per render and (style, width, source), their diagnostics
// replayed for every element that uses them.
// (in the render's memo under this key).
const LAYOUTS = {};

function cachedLayout(source: string, style: BaseStyle, decorations: Decorations, width: number, ctx: MeasureContext): Laid {
  const cache = ctx.env.memo.get(LAYOUTS, () => new GenerationCache<string, { laid: Laid; problems: [string, string][] }>(256));
  const key = `${style.family ?? ""}|${style.weight}|${style.italic}|${style.size}|${style.lineHeight}|${style.letterSpacing}|${style.align}|${style.direction}|${style.color}|${style.numeric ?? ""}|${style.hyphens ?? ""}|${style.lang ?? ""}|${decorations.underline}|${decorations.strike}|${width}|${source}`;
  let hit = cache.get(key);
  if (!hit) {
    const problems: [string, string][] = [];
    hit = { laid: layoutMarkdown(source, style, decorations, width, ctx.env, (code, message) => problems.push([code, message])), problems };
    cache.set(key, hit);
  }
  for (const [code, message] of hit.problems) report(ctx, code, message);
  return hit.laid;
}

/** Lays the markdown out at a base style: lines in content coordinates. */
function layoutMarkdown(
  source: string,
  style: BaseStyle,
  decorations: Decorations,
  width: number,
  env: LayoutEnv,
  diag: (code: string, message: string) => void,
): Laid {
  const mono = env.fonts.match(BARCODE_TEXT_FAMILY, 400, false).familyFound ? BARCODE_TEXT_FAMILY : style.family;
  const styles: MarkdownStyles = {
    base: {
      ...(style.family ? { family: style.family } : {}),
      weight: style.weight, italic: style.italic, size: style.size, color: style.color,
      ...(decorations.underline ? { underline: true } : {}),
      ...(decorations.strike ? { strike: true } : {}),
    },
    headingFamily: env.headingFamily,
    monoFamily: mono,
    linkColor: env.palette.primary,
    codeBackground: CODE_BG,
  };
  const para: RichParagraphStyle = { lineHeight: style.lineHeight, size: style.size, letterSpacing: style.letterSpacing, align: style.align, direction: style.direction, ...(style.numeric ? { numeric: style.numeric } : {}), ...(style.hyphens ? { hyphens: style.hyphens } : {}), ...(style.lang ? { lang: style.lang } : {}) };
  const rtl = style.direction === "rtl";
  const lines: MdLine[] = [];
  let y = 0;
  for (const block of markdownBlocks(source, styles, diag)) {
    y += block.before * style.size;
    // Deep nesting stops indenting at half the width so that text always keeps room.
    const indent = Math.min(block.depth * INDENT * style.size, width / 2);
    const inner = Math.max(1, width - indent);
    const left = rtl ? 0 : indent;
    if (block.kind === "rule") {
      const h = style.size * style.lineHeight;
      const mid = y + h / 2;
      lines.push({ top: y, height: h, items: [{ kind: "shape", geometry: { type: "line", x1: left, y1: mid, x2: left + inner, y2: mid }, stroke: { color: "#b8bec8", width: 0.75 } }] });
      y += h;
      continue;
    }
    const laid = layoutRichParagraph(env.fonts, block.spans, para, inner, diag);
    laid.lines.forEach((line, i) => {
      const items = line.items.map((it) => moveItem(it, left, y));
      if (i === 0 && block.marker) items.unshift(...markerItems(block.marker, para, style.size, rtl ? left + inner : left, y + line.baseline, rtl, env));
      lines.push({ top: y + line.top, height: line.height, items });
    });
    y += laid.height;
  }
  return { lines, height: y };
}

/**
 * A list marker right-aligned in the hanging indent (left-aligned on the right side for RTL), on the baseline.
 * In a right-to-left list the marker reads right to left too: `1.` prints `.1`, as RTL readers expect.
 */
function markerItems(marker: RichSpan, para: RichParagraphStyle, size: number, edge: number, baseline: number, rtl: boolean, env: LayoutEnv): FrameItem[] {
  const laid = layoutRichParagraph(env.fonts, [marker], { ...para, align: "left", direction: rtl ? "rtl" : "ltr" }, Infinity);
  const line = laid.lines[0];
  if (!line) return [];
  const gap = size * 0.4;
  const x = rtl ? edge + gap : edge - gap - line.width;
  return line.items.map((it) => moveItem(it, x - line.x, baseline - line.baseline));
}

