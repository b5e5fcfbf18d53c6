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
  /** Baseline shift in points, up positive (superscripts and subscripts); the line grows to hold it. */
  readonly rise?: number;
}

/** The character that stands for an inline object in a paragraph's text (U+FFFC OBJECT REPLACEMENT CHARACTER). */
export const OBJECT_CHAR = "\ufffc";

/**
 * How an inline object sits on its line (CSS `vertical-align` of an atomic inline): `baseline` puts its
 * bottom on the baseline (raised by the span's `rise`), `middle` centres it on the baseline plus half the
 * x-height, `text-top`/`text-bottom` align it with the span font's ascent/descent, `top`/`bottom` with the
 * line box.
 */
export type ObjectAlign = "baseline" | "middle" | "top" | "bottom" | "text-top" | "text-bottom";

/**
 * An atomic inline object (an image in a sentence): one unbreakable box on a line, as wide as it advances.
 * The text engine only places it; the caller draws it where the line says.
 */
export interface InlineObject {
  /** The caller's handle, handed back with the object's place. */
  readonly id: number;
  /** Advance in points (the object's margin box width). */
  readonly width: number;
  /** Height in points (the margin box): the line box grows to hold it. */
  readonly height: number;
  readonly align: ObjectAlign;
}

/** A run of text in one style. Text may contain hard breaks (`\n`). */
export interface RichSpan {
  readonly text: string;
  readonly style: SpanStyle;
  /**
   * Makes the span one inline object (its text is taken as one U+FFFC): break opportunities before and
   * after it, none inside; the style's size and face set the line's strut around it, its rise raises it.
   */
  readonly object?: InlineObject;
}

/** Where an inline object landed: its top-left corner in box coordinates (y from the paragraph top). */
export interface PlacedObject {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
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
  /** Extra advance of every breaking space, in points (CSS `word-spacing`); absent, none. */
  readonly wordSpacing?: number;
}

/** One laid-out line: everything it draws, in box coordinates (x from the box left, y from the paragraph top). */
export interface RichLine extends LineBox {
  /** Backgrounds, then glyph runs, then decorations, then link areas. */
  readonly items: readonly FrameItem[];
  /** Inline objects on the line, left to right; absent when there are none. */
  readonly objects?: readonly PlacedObject[];
}

/** A rich paragraph broken into lines for one box width. Immutable. */
export interface RichLayout {
  readonly lines: readonly RichLine[];
  readonly height: number;
  /** The widest line's content width. */
  readonly width: number;
}
