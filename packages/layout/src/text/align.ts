// Where a line goes in its box: alignment (start/end follow the direction) and justification, shared by plain
// and rich paragraphs.
import type { TextAlign, TextDirection } from "./types.js";

/** A line's left edge, its width, and the extra advance per space character when justified. */
export interface LineAlignment {
  readonly x: number;
  readonly width: number;
  readonly extraPerSpace: number;
}

/**
 * Aligns a line of `natural` width (trailing spaces excluded) holding `spaces` stretchable space characters.
 * Justified lines fill the box except the last line of a paragraph (`hard`), which starts at the start side.
 */
export function alignLine(
  align: TextAlign,
  direction: TextDirection,
  boxWidth: number,
  natural: number,
  spaces: number,
  hard: boolean,
): LineAlignment {
  const rtl = direction === "rtl";
  let extraPerSpace = 0;
  if (align === "justify") {
    if (!hard && spaces > 0 && Number.isFinite(boxWidth) && boxWidth > natural) {
      extraPerSpace = (boxWidth - natural) / spaces;
    }
    align = "start";
  }
  const side =
    align === "start" ? (rtl ? "right" : "left") : align === "end" ? (rtl ? "left" : "right") : align;
  const free = Number.isFinite(boxWidth) ? boxWidth - natural : 0;
  const width = extraPerSpace > 0 ? boxWidth : natural;
  const x = extraPerSpace > 0 ? 0 : side === "right" ? free : side === "center" ? free / 2 : 0;
  return { x, width, extraPerSpace };
}
