// Inline formatting: the text of a block's inline content (text nodes and inline elements such as <b>,
// <a>, <span>) as styled spans, broken into lines by the text engine's rich paragraph layout (shaping,
// UAX #14 breaking, bidi, fallback, justification). The paragraph splits between lines across pages,
// keeping `orphans` lines at a page's foot and `widows` at the next page's head.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import { moveItem } from "../../elements/markdown-block.js";
import type { FrameItem } from "../../frame/types.js";
import { layoutParagraph } from "../../text/paragraph.js";
import { layoutRichParagraph } from "../../text/rich.js";
import type { RichLayout, RichSpan, SpanStyle } from "../../text/rich-types.js";
import type { ParagraphLayout, ParagraphStyle } from "../../text/types.js";
import { resolveText } from "../../tokens/resolve.js";
import type { RowScope } from "../../tokens/types.js";
import type { ComputedStyle } from "../style.js";
import { familyOf, type HtmlContext } from "./context.js";

/** A run of text with the style of the inline element it sits in. */
export interface InlinePiece {
  readonly text: string;
  readonly style: ComputedStyle;
  /** `http:`, `https:` or `mailto:` target of an enclosing `<a href>`. */
  readonly link?: string;
  /** Background of an enclosing inline element. */
  readonly background?: string;
  /** Set for text holding `$page`/`$pages`: resolved once the page is known. */
  readonly deferred?: { readonly scope: RowScope | undefined };
  /** Element path, for diagnostics. */
  readonly path: string;
  /** A `<br>`: a line break that white-space processing keeps. */
  readonly hardBreak?: boolean;
  /** Baseline shift in points, up positive (`<sup>`, `<sub>`, `vertical-align` on inline boxes). */
  readonly rise?: number;
}

/** The paragraph of a block's inline content, or null when it is only collapsible white space. */
export function paragraphBlock(pieces: readonly InlinePiece[], block: ComputedStyle, width: number, ctx: HtmlContext, path: string): ParagraphBlock | null {
  const texts = collapseWhiteSpace(pieces);
  if (!texts.some((t) => t.trim() !== "" || t.includes("\n"))) return null;
  const deferred = pieces.some((p) => p.deferred);
  const spansAt = (page: PageNumbers | undefined): RichSpan[] =>
    pieces.map((p, i) => {
      let text = texts[i] as string;
      if (p.deferred) text = resolveText(text, { ...ctx.tokens, page: page?.page ?? 1, pages: page?.pages ?? 1 }, p.deferred.scope);
      return { text, style: spanStyle(p, ctx) };
    }).filter((s) => s.text !== "");
  const style = {
    lineHeight: "mult" in block.lineHeight ? block.lineHeight.mult : block.lineHeight.pt / block.size,
    size: block.size,
    letterSpacing: block.letterSpacing,
    align: block.textAlign,
    direction: block.direction,
    ...(block.wordSpacing !== 0 ? { wordSpacing: block.wordSpacing } : {}),
  };
  const report = (code: string, message: string): void => ctx.diagnostics.add(code, message, path);
  const plain = deferred ? undefined : plainStyle(pieces, block, ctx);
  // Text in one plain style (most table cells) takes the plain engine, whose layouts are cached per process.
  const layout = plain ? plainLayout(texts.join(""), plain, width, ctx, report) : layoutRichParagraph(ctx.fonts, spansAt(undefined), style, width, report);
  const perPage = new Map<number, RichLayout>();
  const relayout = deferred
    ? (page: PageNumbers): RichLayout => {
        let hit = perPage.get(page.page);
        if (!hit) perPage.set(page.page, (hit = layoutRichParagraph(ctx.fonts, spansAt(page), style, width, report)));
        return hit;
      }
    : undefined;
  return ParagraphBlock.of({ layout, relayout, orphans: block.orphans, widows: block.widows });
}

/** The paragraph style of text in one style without links, backgrounds or decorations; undefined otherwise. */
export function plainStyle(pieces: readonly InlinePiece[], block: ComputedStyle, ctx: HtmlContext): ParagraphStyle | undefined {
  const first = pieces[0];
  if (!first) return undefined;
  const s = first.style;
  for (const p of pieces) {
    const o = p.style;
    if (p.link || p.background || p.rise || o.underline || o.strike) return undefined;
    if (o !== s && (o.family !== s.family || o.weight !== s.weight || o.italic !== s.italic || o.size !== s.size || o.color !== s.color)) return undefined;
  }
  // The plain engine has no word spacing: such text takes the rich engine.
  if (s.size !== block.size || block.wordSpacing !== 0) return undefined;
  // One style object per (block, text) style pair: the text engine's caches key on it.
  let byText = plainStyles.get(block);
  if (!byText) plainStyles.set(block, (byText = new WeakMap()));
  const family = familyOf(ctx, s, first.path); // per render: an unknown family is reported in every render
  let style = byText.get(s);
  if (!style || style.family !== family) byText.set(s, (style = paragraphStyle(block, s, family)));
  return style;
}

const plainStyles = new WeakMap<ComputedStyle, WeakMap<ComputedStyle, ParagraphStyle>>();

/** The plain paragraph style of text in style `s` inside a block of style `block`. */
export function paragraphStyle(block: ComputedStyle, s: ComputedStyle, family: string | undefined): ParagraphStyle {
  return {
    ...(family !== undefined ? { family } : {}),
    weight: s.weight,
    italic: s.italic,
    size: s.size,
    lineHeight: "mult" in block.lineHeight ? block.lineHeight.mult : block.lineHeight.pt / block.size,
    letterSpacing: block.letterSpacing,
    align: block.textAlign,
    direction: block.direction,
    color: s.color,
  };
}

function plainLayout(text: string, style: ParagraphStyle, width: number, ctx: HtmlContext, report: (code: string, message: string) => void): RichLayout {
  const layout = layoutParagraph(ctx.fonts, text, style, width, report);
  // The text engine hands back its cached layout object on a hit; its adaptation is kept beside it.
  let rich = richOfPlain.get(layout);
  if (!rich) richOfPlain.set(layout, (rich = { lines: layout.lines.map((line) => ({ ...line, items: line.runs })), height: layout.height, width: layout.width }));
  return rich;
}

const richOfPlain = new WeakMap<ParagraphLayout, RichLayout>();

function spanStyle(p: InlinePiece, ctx: HtmlContext): SpanStyle {
  const s = p.style;
  return {
    family: familyOf(ctx, s, p.path),
    weight: s.weight,
    italic: s.italic,
    size: s.size,
    color: s.color,
    ...(s.underline ? { underline: true } : {}),
    ...(s.strike ? { strike: true } : {}),
    ...(p.link ? { link: p.link } : {}),
    ...(p.background ? { background: p.background } : {}),
    ...(p.rise ? { rise: p.rise } : {}),
  };
}

// CSS white-space processing across the pieces of one paragraph: collapsible runs become one space (none at
// the paragraph's start or end), `pre` keeps every space and line feed, `nowrap` forbids breaks.
export function collapseWhiteSpace(pieces: readonly InlinePiece[]): string[] {
  let afterSpace = true;
  const out = pieces.map((p) => {
    if (p.hardBreak) {
      afterSpace = true;
      return "\n";
    }
    const ws = p.style.whiteSpace;
    let text = transform(p.text, p.style.textTransform);
    if (ws === "pre" || ws === "pre-wrap") {
      text = text.replace(/\r\n?/g, "\n").replace(/\t/g, "        ");
      if (ws === "pre") text = text.replace(/ /g, "\u00a0");
      afterSpace = text.endsWith("\n");
      return text;
    }
    text = ws === "pre-line" ? text.replace(/[ \t\f\r]*\n[ \t\f\r]*/g, "\n").replace(/[ \t\f\r]+/g, " ") : text.replace(/[ \t\n\f\r]+/g, " ");
    if (afterSpace && text.startsWith(" ")) text = text.slice(1);
    if (text !== "") afterSpace = text.endsWith(" ") || text.endsWith("\n");
    if (ws === "nowrap") text = text.replace(/ /g, "\u00a0");
    return text;
  });
  for (let i = out.length - 1; i >= 0; i--) {
    const t = out[i] as string;
    if (t === "") continue;
    out[i] = t.replace(/ +$/, "");
    break;
  }
  return out;
}

function transform(text: string, how: ComputedStyle["textTransform"]): string {
  if (how === "uppercase") return text.toUpperCase();
  if (how === "lowercase") return text.toLowerCase();
  if (how === "capitalize") return text.replace(/(^|[\s(["'])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
  return text;
}

interface ParagraphSource {
  readonly layout: RichLayout;
  /** Lays the paragraph out again with page numbers (only for text holding `$page`/`$pages`). */
  readonly relayout: ((page: PageNumbers) => RichLayout) | undefined;
  readonly orphans: number;
  readonly widows: number;
}

/** Lines `from`..`to` of a laid-out paragraph. */
export class ParagraphBlock implements Block {
  readonly height: number;

  private constructor(
    private readonly source: ParagraphSource,
    private readonly from: number,
    private readonly to: number,
  ) {
    const lines = source.layout.lines;
    const first = lines[from];
    const last = lines[to - 1];
    this.height = first && last ? last.top + last.height - first.top : 0;
  }

  /** The whole paragraph. */
  static of(source: ParagraphSource): ParagraphBlock {
    return new ParagraphBlock(source, 0, source.layout.lines.length);
  }

  /** The widest line, for shrink-to-fit sizing. */
  get width(): number {
    return this.source.layout.width;
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const { lines } = this.source.layout;
    const top = (lines[this.from] as { top: number }).top;
    let count = 0;
    while (this.from + count < this.to) {
      const line = lines[this.from + count] as { top: number; height: number };
      if (line.top + line.height - top > available + EPSILON) break;
      count++;
    }
    const total = this.to - this.from;
    const { orphans, widows } = this.source;
    if (total - count < widows) count = total - widows;
    if (count < orphans || count <= 0) {
      if (!atTop) return { fits: null, rest: this };
      count = Math.max(1, Math.min(total - 1, count));
    }
    if (count >= total) return { fits: this, rest: null };
    const cut = this.from + count;
    return { fits: new ParagraphBlock(this.source, this.from, cut), rest: new ParagraphBlock(this.source, cut, this.to) };
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const layout = this.source.relayout ? this.source.relayout(page) : this.source.layout;
    const first = layout.lines[this.from];
    if (!first) return;
    const dy = y - first.top;
    for (let i = this.from; i < Math.min(this.to, layout.lines.length); i++) {
      for (const item of (layout.lines[i] as { items: readonly FrameItem[] }).items) out.push(moveItem(item, x, dy));
    }
  }
}
