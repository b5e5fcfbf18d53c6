// Paragraph layouts of one render, memoised by (style, width, text): rows repeat the same few texts, and
// page headers repeat on every page. Diagnostics raised while laying a text out are replayed for every
// element that uses it, so each element path still gets its own report.
import { layoutParagraph, paragraphGroupOf, paragraphStyleKey } from "../text/paragraph.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import type { FontRegistry } from "../text/registry.js";

interface Entry {
  readonly layout: ParagraphLayout;
  readonly problems: readonly (readonly [string, string])[];
}

/** One style's texts in one width, with the paragraph cache's key for that style and width (made once per render). */
interface WidthTexts {
  readonly group: string;
  readonly texts: Map<string, Entry>;
}

/** Texts by width for one style (equal styles share a bucket), with the paragraph cache's key for the style. */
interface Bucket {
  readonly styleKey: string;
  readonly widths: Map<number, WidthTexts>;
}

/** Lays paragraphs out once per distinct (style, width, text) within a render. */
export class ParagraphCache {
  // Equal styles share a bucket; the WeakMap skips building the style key for a style object seen before.
  private readonly byKey = new Map<string, Bucket>();
  private readonly byStyle = new WeakMap<ParagraphStyle, Bucket>();
  private count = 0;

  constructor(private readonly fonts: FontRegistry) {}

  /** The laid-out paragraph; `report` receives the text engine's diagnostics (font, glyph problems). */
  layout(text: string, style: ParagraphStyle, width: number, report: (code: string, message: string) => void): ParagraphLayout {
    let bucket = this.byStyle.get(style);
    if (!bucket) {
      // The text engine's own key for the style: equal keys lay out alike, and it is made once here.
      const key = paragraphStyleKey(style);
      bucket = this.byKey.get(key);
      if (!bucket) {
        bucket = { styleKey: key, widths: new Map() };
        this.byKey.set(key, bucket);
      }
      this.byStyle.set(style, bucket);
    }
    let inWidth = bucket.widths.get(width);
    if (!inWidth) {
      inWidth = { group: paragraphGroupOf(bucket.styleKey, width), texts: new Map() };
      bucket.widths.set(width, inWidth);
    }
    let entry = inWidth.texts.get(text);
    if (!entry) {
      const problems: (readonly [string, string])[] = [];
      const layout = layoutParagraph(this.fonts, text, style, width, (code, message) => problems.push([code, message]), inWidth.group);
      entry = { layout, problems };
      inWidth.texts.set(text, entry);
      this.count++;
    }
    for (const [code, message] of entry.problems) report(code, message);
    return entry.layout;
  }

  /** Number of distinct paragraphs laid out (for tests). */
  get size(): number {
    return this.count;
  }
}

