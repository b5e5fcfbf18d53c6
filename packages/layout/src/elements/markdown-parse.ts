// Markdown source → blocks of styled spans, through markdown-it. Raw HTML is parsed only to be dropped
// (markdown-it's `html: false` would print the tags as text); images are never fetched (their alt text is
// printed and reported); only http:, https: and mailto: links become links. Token streams are cached per
// distinct source, so repeated rows parse once.
import type { default as MarkdownItConstructor, MarkdownIt, Token } from "markdown-it";
import { lazyModule } from "../lazy-module.js";
import type { RichSpan, SpanStyle } from "../text/rich-types.js";
import { GenerationCache } from "../text/lru.js";

type MdToken = Token;

/** The styles markdown needs, resolved from the element and the document. */
export interface MarkdownStyles {
  readonly base: SpanStyle;
  readonly headingFamily: string | undefined;
  readonly monoFamily: string | undefined;
  readonly linkColor: string;
  readonly codeBackground: string;
}

/** A paragraph-like block: its spans, indentation and list marker. */
export interface MdParagraph {
  readonly kind: "paragraph";
  readonly spans: readonly RichSpan[];
  /** Nesting depth of lists and quotes (the block's left indent in steps). */
  readonly depth: number;
  /** The list marker printed in the hanging indent of the first line. */
  readonly marker?: RichSpan;
  /** Space above, as a multiple of the base size. */
  readonly before: number;
}

/** A horizontal rule. */
export interface MdRule {
  readonly kind: "rule";
  readonly depth: number;
  readonly before: number;
}

export type MdBlock = MdParagraph | MdRule;

/** Heading sizes relative to the element's font size, h1 to h6. */
export const HEADING_SCALE = [2, 1.6, 1.35, 1.15, 1, 0.9] as const;

const markdownIt = lazyModule<{ default: typeof MarkdownItConstructor }>("markdown-it");
let parser: MarkdownIt | undefined;

// Built on the first markdown element: markdown-it and its dependencies are not loaded for documents without one.
function markdownParser(): MarkdownIt {
  if (parser === undefined) {
    parser = new (markdownIt().default)({ html: true, linkify: false, typographer: false });
    // Pipe tables are outside the supported set: their source prints as text.
    parser.disable(["table"]);
  }
  return parser;
}

const tokenCache = new GenerationCache<string, readonly MdToken[]>(256);

/** The markdown-it token stream of `source`, memoised. */
function tokensOf(source: string): readonly MdToken[] {
  let hit = tokenCache.get(source);
  if (!hit) {
    hit = markdownParser().parse(source, {});
    tokenCache.set(source, hit);
  }
  return hit;
}

/** Only these schemes become link areas; anything else prints as plain text. */
export function isSafeLink(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim());
}

interface ListState { readonly ordered: boolean; next: number }

/** Turns markdown into blocks; `report` receives content problems (images). */
export function markdownBlocks(source: string, styles: MarkdownStyles, report: (code: string, message: string) => void): MdBlock[] {
  const blocks: MdBlock[] = [];
  const lists: ListState[] = [];
  let quote = 0;
  let heading = 0;
  let pendingMarker: RichSpan | undefined;
  let tight = false;
  const depth = (): number => lists.length + quote;
  for (const token of tokensOf(source)) {
    switch (token.type) {
      case "heading_open":
        heading = Math.min(6, Math.max(1, Number(token.tag.slice(1)) || 1));
        break;
      case "heading_close":
        heading = 0;
        break;
      case "bullet_list_open":
      case "ordered_list_open": {
        const start = Number(token.attrGet("start") ?? 1);
        lists.push({ ordered: token.type === "ordered_list_open", next: Number.isFinite(start) ? start : 1 });
        break;
      }
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const list = lists[lists.length - 1];
        const text = !list ? "•" : list.ordered ? `${list.next++}.` : ["•", "◦", "▪"][(lists.length - 1) % 3]!;
        pendingMarker = { text, style: styles.base };
        break;
      }
      case "blockquote_open":
        quote++;
        break;
      case "blockquote_close":
        quote = Math.max(0, quote - 1);
        break;
      case "hr":
        blocks.push({ kind: "rule", depth: depth(), before: blocks.length ? 0.5 : 0 });
        break;
      case "code_block":
      case "fence": {
        const mono: SpanStyle = { ...styles.base, ...(styles.monoFamily ? { family: styles.monoFamily } : {}), size: styles.base.size * 0.9 };
        const text = token.content.replace(/\n$/, "");
        blocks.push({ kind: "paragraph", spans: [{ text, style: mono }], depth: depth(), before: blocks.length ? 0.5 : 0 });
        break;
      }
      case "inline": {
        const spans = inlineSpans(token.children ?? [], heading ? headingStyle(styles, heading) : styles.base, styles, report);
        const inList = lists.length > 0;
        const before = blocks.length === 0 ? 0 : heading ? 0.8 : inList && (tight || pendingMarker) ? 0.15 : 0.5;
        blocks.push({ kind: "paragraph", spans, depth: depth(), ...(pendingMarker ? { marker: pendingMarker } : {}), before });
        pendingMarker = undefined;
        tight = inList;
        break;
      }
      default:
        break; // html_block and everything unsupported is dropped
    }
  }
  return blocks;
}

function headingStyle(styles: MarkdownStyles, level: number): SpanStyle {
  const family = styles.headingFamily ?? styles.base.family;
  return { ...styles.base, ...(family ? { family } : {}), weight: Math.max(700, styles.base.weight), size: styles.base.size * HEADING_SCALE[level - 1]! };
}

function inlineSpans(children: readonly MdToken[], base: SpanStyle, styles: MarkdownStyles, report: (code: string, message: string) => void): RichSpan[] {
  const spans: RichSpan[] = [];
  let bold = 0;
  let italic = 0;
  let strike = 0;
  const links: (string | undefined)[] = [];
  // One style object per state, so that adjacent text in the same state merges into one span (unmatched
  // delimiters come out as many small text tokens).
  let current: SpanStyle | undefined;
  const style = (): SpanStyle => (current ??= makeStyle());
  const makeStyle = (): SpanStyle => {
    const link = links[links.length - 1];
    return {
      ...base,
      ...(bold ? { weight: Math.max(700, base.weight) } : {}),
      ...(italic ? { italic: true } : {}),
      ...(strike ? { strike: true } : {}),
      ...(link ? { link, underline: true, color: styles.linkColor } : {}),
    };
  };
  const push = (text: string, s: SpanStyle = style()): void => {
    if (text === "") return;
    const last = spans[spans.length - 1];
    if (last && last.style === s) spans[spans.length - 1] = { text: last.text + text, style: s };
    else spans.push({ text, style: s });
  };
  for (const child of children) {
    switch (child.type) {
      case "text": push(child.content); break;
      case "softbreak": push(" "); break;
      case "hardbreak": push("\n"); break;
      case "strong_open": bold++; current = undefined; break;
      case "strong_close": bold = Math.max(0, bold - 1); current = undefined; break;
      case "em_open": italic++; current = undefined; break;
      case "em_close": italic = Math.max(0, italic - 1); current = undefined; break;
      case "s_open": strike++; current = undefined; break;
      case "s_close": strike = Math.max(0, strike - 1); current = undefined; break;
      case "link_open": {
        const href = String(child.attrGet("href") ?? "");
        links.push(isSafeLink(href) ? href.trim() : undefined);
        current = undefined;
        break;
      }
      case "link_close": links.pop(); current = undefined; break;
      case "code_inline": {
        const s = style();
        push(child.content, { ...s, ...(styles.monoFamily ? { family: styles.monoFamily } : {}), size: s.size * 0.9, background: styles.codeBackground });
        break;
      }
      case "image": {
        const alt = child.children?.map((c) => c.content).join("") ?? child.content;
        report("markdown.image", `markdown images are never fetched (${JSON.stringify(clip(String(child.attrGet("src") ?? "")))}); ${alt ? "the alt text is printed instead" : "nothing is printed"}`);
        push(alt, { ...style(), italic: true });
        break;
      }
      default: break; // html_inline is dropped
    }
  }
  return spans;
}

function clip(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}
