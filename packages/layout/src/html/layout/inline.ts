// Inline formatting: the text of a block's inline content (text nodes and inline elements such as <b>,
// <a>, <span>) as styled spans, broken into lines by the text engine's rich paragraph layout (shaping,
// UAX #14 breaking, bidi, fallback, justification). The paragraph splits between lines across pages,
// keeping `orphans` lines at a page's foot and `widows` at the next page's head. Images among the text are
// inline objects of the paragraph: laid out as boxes first, then placed where their lines put them.
import { EPSILON, type Block, type PageNumbers, type Split } from "../../elements/block.js";
import { moveItem } from "../../elements/markdown-block.js";
import type { FrameItem } from "../../frame/types.js";
import { layoutParagraph } from "../../text/paragraph.js";
import { layoutRichParagraph } from "../../text/rich.js";
import type { InlineObject, ObjectAlign, RichLayout, RichSpan, SpanStyle } from "../../text/rich-types.js";
import type { ParagraphLayout, ParagraphStyle } from "../../text/types.js";
import { resolveText } from "../../tokens/resolve.js";
import type { RowScope } from "../../tokens/types.js";
import type { HtmlElement } from "../dom.js";
import type { ComputedStyle } from "../style.js";
import { familyOf, type HtmlContext } from "./context.js";
import { insetAt, type Exclusion } from "./float.js";
import { shadowsOf, textShadowItems, type Shadow } from "./shadow.js";
import { LEADER_TAG, leaderParagraph } from "./leader.js";
import { ellipsize, overflows } from "./ellipsis.js";
import { indentObject } from "./text-indent.js";
import { OBJECT_CHAR } from "../../text/rich-types.js";

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
  /** An image or inline SVG flowing in the line (the text is one U+FFFC). */
  readonly object?: HtmlElement;
}

/** An inline object's box as its line needs it: what to draw, its margin box size, where the block sits in it. */
export interface ObjectBox {
  readonly block: Block | null;
  readonly width: number;
  readonly height: number;
  /** Offset of the block's top-left corner inside the margin box. */
  readonly dx: number;
  readonly dy: number;
}

/** Lays out the box of an inline object (an image or inline SVG) for a paragraph. */
export type ObjectLayout = (el: HtmlElement) => ObjectBox;

const ALIGNS: ReadonlySet<string> = new Set<ObjectAlign>(["middle", "top", "bottom", "text-top", "text-bottom"]);

/** An object's `vertical-align` on its line; lengths, `sub` and `super` are baseline shifts (the piece's rise). */
function objectAlign(style: ComputedStyle): ObjectAlign {
  return ALIGNS.has(style.verticalAlign) ? (style.verticalAlign as ObjectAlign) : "baseline";
}

/**
 * The paragraph of a block's inline content, or null when it is only collapsible white space. Object pieces
 * are laid out by `objects` (without it, as when only text is measured, they are left out).
 */
export function paragraphBlock(pieces: readonly InlinePiece[], block: ComputedStyle, width: number, ctx: HtmlContext, path: string, objects?: ObjectLayout, exclusion?: Exclusion): ParagraphBlock | null {
  // A paragraph with leader() is set by leader.ts (full width: beside a float its lines are not shortened).
  if (objects && pieces.some((p) => p.object?.tag === LEADER_TAG)) return leaderParagraph(inlineParagraph, pieces, block, width, ctx, path, objects);
  return inlineParagraph(pieces, block, width, ctx, path, objects, exclusion);
}

function inlineParagraph(pieces: readonly InlinePiece[], block: ComputedStyle, width: number, ctx: HtmlContext, path: string, objects?: ObjectLayout, exclusion?: Exclusion): ParagraphBlock | null {
  let texts = collapseWhiteSpace(pieces);
  if (!texts.some((t) => t.trim() !== "" || t.includes("\n"))) return null;
  const deferred = pieces.some((p) => p.deferred);
  const boxes: ObjectBox[] = [];
  const inline = new Map<InlinePiece, InlineObject>();
  if (objects) {
    for (const p of pieces) {
      if (!p.object) continue;
      const box = objects(p.object);
      inline.set(p, { id: boxes.length, width: box.width, height: box.height, align: objectAlign(p.style) });
      boxes.push(box);
    }
  }
  // text-indent: an empty object as wide as the indent starts the first line (text-indent.ts).
  const indent = indentObject(block, width, boxes);
  const spansAt = (page: PageNumbers | undefined): RichSpan[] => {
    const spans = pieces.flatMap((p, i): RichSpan[] => {
      if (p.object) {
        const object = inline.get(p);
        return object ? [{ text: texts[i] as string, style: spanStyle(p, ctx), object }] : [];
      }
      let text = texts[i] as string;
      if (p.deferred) text = resolveText(text, { ...ctx.tokens, page: page?.page ?? 1, pages: page?.pages ?? 1 }, p.deferred.scope);
      return text === "" ? [] : [{ text, style: spanStyle(p, ctx) }];
    });
    return indent && spans[0] ? [{ text: OBJECT_CHAR, style: spans[0].style, object: indent }, ...spans] : spans;
  };
  const style = {
    lineHeight: "mult" in block.lineHeight ? block.lineHeight.mult : block.lineHeight.pt / block.size,
    size: block.size,
    letterSpacing: block.letterSpacing,
    align: block.textAlign,
    direction: block.direction,
    ...(block.wordSpacing !== 0 ? { wordSpacing: block.wordSpacing } : {}),
    ...(block.numeric !== "normal" ? { numeric: block.numeric } : {}),
    ...hyphenation(block),
  };
  const report = (code: string, message: string): void => ctx.diagnostics.add(code, message, path);
  // Lines beside floats are shortened (see float.ts), reckoned with the block's nominal line height.
  const beside = exclusion ? besideFloats(exclusion, width, "mult" in block.lineHeight ? block.lineHeight.mult * block.size : block.lineHeight.pt) : undefined;
  const plain = deferred || indent || beside ? undefined : plainStyle(pieces, block, ctx);
  // Text in one plain style (most table cells) takes the plain engine, whose layouts are cached per process.
  const layoutNow = (): RichLayout => (plain ? plainLayout(texts.join(""), plain, width, ctx, report) : layoutRichParagraph(ctx.fonts, spansAt(undefined), style, width, report, beside?.width));
  let layout = layoutNow();
  if (block.textOverflow === "ellipsis" && overflows(layout, block, width)) {
    // text-overflow: ellipsis — the longest start of the text that fits with "…" after it (ellipsis.ts).
    const full = texts;
    layout = ellipsize(full, (cut) => {
      texts = cut;
      return layoutNow();
    }, width);
  }
  const perPage = new Map<number, RichLayout>();
  const relayout = deferred
    ? (page: PageNumbers): RichLayout => {
        let hit = perPage.get(page.page);
        if (!hit) perPage.set(page.page, (hit = layoutRichParagraph(ctx.fonts, spansAt(page), style, width, report, beside?.width)));
        return hit;
      }
    : undefined;
  const shadows = shadowsOf(block.textShadow, block.size, ctx, path, "text-shadow");
  return ParagraphBlock.of({ layout, relayout, orphans: block.orphans, widows: block.widows, objects: boxes, offset: beside?.offset, shadows });
}

/** The width and left offset of each line of a paragraph beside floats, lines `lineHeight` apart. */
function besideFloats(ex: Exclusion, width: number, lineHeight: number): { width: (line: number) => number; offset: (line: number) => number } | undefined {
  const h = lineHeight > 0 ? lineHeight : 12;
  const at = (line: number): { left: number; right: number } => insetAt(ex, line * h, (line + 1) * h);
  return { width: (line) => { const i = at(line); return width - i.left - i.right; }, offset: (line) => at(line).left };
}

/**
 * The text engine's hyphenation settings for a block: `manual` is the engine's default (left out, so plain
 * layouts keep their cache keys); `auto` hyphenates with the patterns of the block's `lang` (none without
 * one, as in browsers).
 */
function hyphenation(block: ComputedStyle): Pick<ParagraphStyle, "hyphens" | "lang"> {
  if (block.hyphens === "manual") return {};
  return { hyphens: block.hyphens, ...(block.hyphens === "auto" && block.lang !== undefined ? { lang: block.lang } : {}) };
}

/** The paragraph style of text in one style without links, backgrounds or decorations; undefined otherwise. */
export function plainStyle(pieces: readonly InlinePiece[], block: ComputedStyle, ctx: HtmlContext): ParagraphStyle | undefined {
  const first = pieces[0];
  if (!first) return undefined;
  const s = first.style;
  for (const p of pieces) {
    const o = p.style;
    if (p.link || p.background || p.rise || p.object || o.underline || o.strike) return undefined;
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
    ...(block.numeric !== "normal" ? { numeric: block.numeric } : {}),
    ...hyphenation(block),
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
  /** The inline objects' boxes, by `InlineObject.id`. */
  readonly objects: readonly ObjectBox[];
  /** How far line `i` starts right of the paragraph's left edge (lines beside a left float). */
  readonly offset?: (line: number) => number;
  /** The block's `text-shadow`: copies of each line's runs under them. */
  readonly shadows?: readonly Shadow[];
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

  /** The lines of the whole paragraph (leader.ts measures the line a leader is on). */
  get lines(): RichLayout["lines"] {
    return this.source.layout.lines;
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
    const offset = this.source.offset;
    for (let i = this.from; i < Math.min(this.to, layout.lines.length); i++) {
      const line = layout.lines[i] as RichLayout["lines"][number];
      const lx = offset ? x + offset(i) : x;
      if (this.source.shadows) {
        const moved = line.items.map((item) => moveItem(item, lx, dy));
        out.push(...textShadowItems(moved, this.source.shadows), ...moved);
      } else for (const item of line.items) out.push(moveItem(item, lx, dy));
      for (const o of line.objects ?? []) {
        const box = this.source.objects[o.id];
        box?.block?.place(out, lx + o.x + box.dx, dy + o.y + box.dy, page);
      }
    }
  }
}
