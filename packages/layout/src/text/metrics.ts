// Vertical metrics of a face, in font units, read once per face. The single place that decides which of
// the font's tables place baselines and decorations (see docs/text.md, "Line boxes").

import type { Font } from "fontkit";
import type { FontFace } from "./face.js";

/** A face's vertical metrics in font units (y up, as in the font). */
export interface FaceMetrics {
  readonly unitsPerEm: number;
  /** hhea ascender (positive, above the baseline). */
  readonly ascent: number;
  /** hhea descender (negative, below the baseline). */
  readonly descent: number;
  /** post.underlinePosition: top of the underline stroke (negative = below the baseline). */
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** OS/2 yStrikeoutPosition: top of the strike-through stroke. */
  readonly strikePosition: number;
  readonly strikeThickness: number;
  /** OS/2 sxHeight (half the ascent when the font has none): `vertical-align: middle` centres on half of it. */
  readonly xHeight: number;
}

const cache = new WeakMap<FontFace, FaceMetrics>();

/** Returns the face's vertical metrics (hhea ascent/descent, post underline, OS/2 strikeout), cached per face. */
export function faceMetrics(face: FontFace): FaceMetrics {
  const hit = cache.get(face);
  if (hit) return hit;
  const font = face.font;
  const upm = font.unitsPerEm || 1000;
  let ascent = font.hhea?.ascent ?? font.ascent;
  let descent = font.hhea?.descent ?? font.descent;
  if (!(ascent > 0)) ascent = upm * 0.8;
  if (!(descent < 0)) descent = -upm * 0.2;
  const underline = postUnderline(font);
  const underlineThickness = underline.thickness > 0 ? underline.thickness : upm / 20;
  const underlinePosition = underline.position < 0 ? underline.position : -upm / 10;
  // fontkit's types do not list the strikeout fields of OS/2; read them defensively.
  const os2 = font["OS/2"] as unknown as { yStrikeoutPosition?: number; yStrikeoutSize?: number } | undefined;
  const strikeThickness = os2?.yStrikeoutSize && os2.yStrikeoutSize > 0 ? os2.yStrikeoutSize : underlineThickness;
  const strikePosition =
    os2?.yStrikeoutPosition && os2.yStrikeoutPosition > 0
      ? os2.yStrikeoutPosition
      : Math.round((font.xHeight > 0 ? font.xHeight : ascent * 0.5) / 2 + strikeThickness / 2);
  const metrics: FaceMetrics = {
    unitsPerEm: upm,
    ascent,
    descent,
    underlinePosition,
    underlineThickness,
    strikePosition,
    strikeThickness,
    xHeight: font.xHeight > 0 ? font.xHeight : ascent * 0.5,
  };
  cache.set(face, metrics);
  return metrics;
}

/** What fontkit exposes of a TrueType/OpenType font's raw bytes (its stream and table directory). */
interface RawFont {
  readonly type?: string;
  readonly stream?: { readonly buffer?: Uint8Array };
  readonly directory?: { readonly tables?: Record<string, { readonly offset: number; readonly length: number } | undefined> };
}

/**
 * post.underlinePosition and underlineThickness, read from the table's fixed 32-byte header in the font's
 * bytes: fontkit's getters decode the whole `post` table, glyph names included (thousands of strings for
 * a large font, a few ms per face at cold start), for two int16s. Other font types go through fontkit.
 */
function postUnderline(font: Font): { position: number; thickness: number } {
  const raw = font as unknown as RawFont;
  const bytes = raw.stream?.buffer;
  const post = raw.directory?.tables?.post;
  if (raw.type === "TTF" && bytes instanceof Uint8Array && post && post.length >= 32 && post.offset + 32 <= bytes.length) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + post.offset, 32);
    return { position: view.getInt16(8), thickness: view.getInt16(10) };
  }
  return { position: font.underlinePosition, thickness: font.underlineThickness };
}
