// The text engine's public shapes: what a paragraph is asked for (style, box width) and what it returns
// (lines of positioned glyph runs). Everything is in points, y grows downward, x is relative to the box left.

import type { TextRunItem } from "../frame/types.js";
import type { FontFace } from "./face.js";
import type { Hyphens, NumericStyle, TextAlign } from "../model/types.js";

export type { NumericStyle };

/** Horizontal alignment of a paragraph's lines (the model's `align`); `start`/`end` follow the paragraph direction. */
export type { TextAlign };

/** Base direction of a paragraph (the document's `direction`). */
export type TextDirection = "ltr" | "rtl";

/** Everything the paragraph engine needs to know about a text element's typography. */
export interface ParagraphStyle {
  /** Designer family name; undefined means the registry's default family. */
  readonly family?: string;
  readonly weight: number;
  readonly italic: boolean;
  /** Font size in points. */
  readonly size: number;
  /** Line height as a multiple of `size` (1.2 = 120 %). */
  readonly lineHeight: number;
  /** Extra space in points after every character (cluster), except the last one on a line. */
  readonly letterSpacing: number;
  readonly align: TextAlign;
  readonly direction: TextDirection;
  /** Resolved colour, `#rrggbb`. */
  readonly color: string;
  /**
   * Never cut a word between graphemes: an over-long word overflows the box (the caller shrinks the text).
   * Numbers are never cut whatever this says.
   */
  readonly keepWords?: boolean;
  /** Figures: `tabular` (OpenType `tnum` + `lnum`, every digit one width) or `proportional` (`pnum`); absent: the font's own. */
  readonly numeric?: NumericStyle;
  /**
   * Hyphenation: `none` (soft hyphens ignored), `manual` (a hyphen shows where a line breaks at a soft
   * hyphen) or `auto` (also at the points of `lang`'s patterns); absent: `manual`.
   */
  readonly hyphens?: Hyphens;
  /** BCP 47 language of the text (the document's locale): picks the hyphenation patterns. */
  readonly lang?: string;
}


/** The geometry every laid-out line has, plain or rich; relative to the paragraph's box. */
export interface LineBox {
  /** Top of the line box, relative to the paragraph top. */
  readonly top: number;
  /** Height of the line box (`lineHeight × size`). */
  readonly height: number;
  /** Baseline, relative to the paragraph top. */
  readonly baseline: number;
  /** Left edge of the inked content (after alignment), relative to the box left. */
  readonly x: number;
  /** Width of the content without trailing spaces (the box width for a justified line). */
  readonly width: number;
  /** The line's text in logical order, without trailing spaces. */
  readonly text: string;
}

/** One laid-out line. Runs are in visual order, left to right. */
export interface ParagraphLine extends LineBox {
  /** The line's glyph runs: x relative to the box left, y = baseline relative to the box top. */
  readonly runs: readonly TextRunItem[];
}

/** A paragraph broken into lines for one box width. Immutable: safe to cache and share. */
export interface ParagraphLayout {
  readonly lines: readonly ParagraphLine[];
  /** Sum of the line heights. */
  readonly height: number;
  /** The widest line's content width. */
  readonly width: number;
  /** The width the lines were broken for (Infinity when measuring). */
  readonly boxWidth: number;
  /** The paragraph's primary face (its metrics place baselines and decorations). */
  readonly face: FontFace;
  /** Every face the runs use (the primary face first, then fallbacks): underlines look at their glyphs' ink. */
  readonly faces?: readonly FontFace[];
  /** Line box height in points. */
  readonly lineHeight: number;
  readonly style: ParagraphStyle;
}

/** What the text engine needs from the font registry (`FontRegistry` satisfies it). */
export interface TextFonts {
  match(
    family: string | undefined,
    weight: number,
    italic: boolean,
  ): { readonly face: FontFace; readonly syntheticItalic: boolean; readonly familyFound: boolean };
  fallbackFor(codePoint: number, weight: number, italic: boolean): FontFace | undefined;
  hasGlyph(face: FontFace, codePoint: number): boolean;
}

/** Receives content problems (`glyph.missing`, `font.missing`); the caller adds the element path. */
export type TextDiagnostics = (code: string, message: string) => void;
