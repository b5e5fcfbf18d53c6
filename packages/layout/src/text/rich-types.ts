// Rich text: a paragraph made of styled spans broken into lines together by the one paragraph engine.

import type { FrameItem } from "../frame/types.js";
import type { Hyphens } from "../model/types.js";
import type { LineBox, NumericStyle, TextAlign, TextDirection } from "./types.js";

/** The typography of one span. */
export interface SpanStyle {
  /** Designer family name; undefined means the registry's default family. */
  readonly family?: string;
  readonly weight: number;
  readonly italic: boolean;
  /** Font size in points. */
  readonly size: number;
  /** Resolved colour, `#rrggbb`. */
  readonly color: string;
  readonly underline?: boolean;
  readonly strike?: boolean;
  /** An `http:`, `https:` or `mailto:` URL: a link area is emitted over the span's part of each line. */
  readonly link?: string;
  /** A background colour behind the span's glyphs (inline code). */
  readonly background?: string;
}

/** A run of text in one style. Text may contain hard breaks (`\n`). */
export interface RichSpan {
  readonly text: string;
  readonly style: SpanStyle;
}

/** What applies to the paragraph as a whole. */
export interface RichParagraphStyle {
  /** Line height as a multiple of the largest font size on the line. */
  readonly lineHeight: number;
  /** Size that sets the height of an empty line. */
  readonly size: number;
  readonly letterSpacing: number;
  readonly align: TextAlign;
  readonly direction: TextDirection;
  /** Figure style of every span (see `ParagraphStyle.numeric`). */
  readonly numeric?: NumericStyle;
  /** Hyphenation and the language of its patterns (see `ParagraphStyle.hyphens`). */
  readonly hyphens?: Hyphens;
  readonly lang?: string;
}

/** One laid-out line: everything it draws, in box coordinates (x from the box left, y from the paragraph top). */
export interface RichLine extends LineBox {
  /** Backgrounds, then glyph runs, then decorations, then link areas. */
  readonly items: readonly FrameItem[];
}

/** A rich paragraph broken into lines for one box width. Immutable. */
export interface RichLayout {
  readonly lines: readonly RichLine[];
  readonly height: number;
  /** The widest line's content width. */
  readonly width: number;
}
