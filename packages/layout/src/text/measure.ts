// Natural widths without building lines: what table cells and shrink-to-fit ask for.

import { fontContext, itemize, segments } from "./itemize.js";
import { effectiveStyle, hardParagraphs } from "./paragraph.js";
import type { ParagraphStyle, TextDiagnostics, TextFonts } from "./types.js";

/**
 * Returns the natural width in points of `text` set on one line per hard break (the widest of those lines),
 * trailing spaces and the letter spacing after each line's last glyph excluded.
 */
export function measureText(fonts: TextFonts, text: string, style: ParagraphStyle, diagnostics?: TextDiagnostics): number {
  const s = effectiveStyle(style);
  const ctx = fontContext(fonts, s, diagnostics);
  let widest = 0;
  for (const para of hardParagraphs(text)) {
    if (para === "") continue;
    let width = 0;
    let hanging = 0; // trailing spaces and the last piece's letter spacing, not counted at the line end
    for (const seg of segments(itemize(ctx, para))) {
      if (seg.content.length > 0) {
        width += hanging + seg.contentWidth;
        hanging = seg.content[seg.content.length - 1]!.spacing;
        width -= hanging;
      }
      hanging += seg.spaceWidth;
    }
    if (width > widest) widest = width;
  }
  return widest;
}

/**
 * Returns the widest unbreakable segment of `text` in points (the narrowest box that avoids cutting words),
 * for column sizing.
 */
export function minContentWidth(fonts: TextFonts, text: string, style: ParagraphStyle, diagnostics?: TextDiagnostics): number {
  const s = effectiveStyle(style);
  const ctx = fontContext(fonts, s, diagnostics);
  let widest = 0;
  for (const para of hardParagraphs(text)) {
    if (para === "") continue;
    for (const seg of segments(itemize(ctx, para))) {
      const last = seg.content[seg.content.length - 1];
      const width = seg.contentWidth - (last ? last.spacing : 0);
      if (width > widest) widest = width;
    }
  }
  return widest;
}
