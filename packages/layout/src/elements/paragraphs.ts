// Paragraph layouts of one render, memoised by (text, style, width): rows repeat the same few texts, and
// page headers repeat on every page. Diagnostics raised while laying a text out are replayed for every
// element that uses it, so each element path still gets its own report.
import { layoutParagraph } from "../text/paragraph.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import type { FontRegistry } from "../text/registry.js";

interface Entry {
  readonly layout: ParagraphLayout;
  readonly problems: readonly (readonly [string, string])[];
}

/** Lays paragraphs out once per distinct (text, style, width) within a render. */
export class ParagraphCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly fonts: FontRegistry) {}

  /** The laid-out paragraph; `report` receives the text engine's diagnostics (font, glyph problems). */
  layout(text: string, style: ParagraphStyle, width: number, report: (code: string, message: string) => void): ParagraphLayout {
    const key = `${styleKey(style)}\u0001${width}\u0001${text}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const problems: (readonly [string, string])[] = [];
      const layout = layoutParagraph(this.fonts, text, style, width, (code, message) => problems.push([code, message]));
      entry = { layout, problems };
      this.entries.set(key, entry);
    }
    for (const [code, message] of entry.problems) report(code, message);
    return entry.layout;
  }

  /** Number of distinct paragraphs laid out (for tests). */
  get size(): number {
    return this.entries.size;
  }
}

function styleKey(s: ParagraphStyle): string {
  return `${s.family ?? ""}|${s.weight}|${s.italic ? 1 : 0}|${s.size}|${s.lineHeight}|${s.letterSpacing}|${s.align}|${s.direction}|${s.color}`;
}
