import type * as Fontkit from "fontkit";
import { lazyModule } from "../lazy-module.js";
import type { Font } from "fontkit";
import type { FontFace } from "./face.js";

// fontkit (and the Unicode tables it decompresses when imported) loads with the first face parsed; pdfkit imports
// the same module, so there is one instance.
const fontkit = lazyModule<typeof Fontkit>("fontkit");

/**
 * Zero bytes appended to every face before parsing. fontkit reads a few bytes past the end of some TTFs
 * (IBM Plex Mono's space glyph, whose glyf entry sits at the very end of the file): with the padding those
 * reads see zeros instead of throwing a RangeError in the middle of a render.
 */
export const FONT_PADDING_BYTES = 4096;

/** Returns `bytes` followed by FONT_PADDING_BYTES zero bytes (the form fontkit and pdfkit are given); copies only when not padded yet. */
export function padFontBytes(bytes: Uint8Array): Uint8Array {
  if (endsWithPadding(bytes)) return bytes;
  const padded = new Uint8Array(bytes.length + FONT_PADDING_BYTES);
  padded.set(bytes);
  return padded;
}

// Bytes a loader already read into a padded buffer need no second copy.
function endsWithPadding(bytes: Uint8Array): boolean {
  if (bytes.length < FONT_PADDING_BYTES * 2) return false;
  const start = bytes.byteOffset + bytes.length - FONT_PADDING_BYTES;
  // Four bytes at a time when the tail is aligned (a loader's own buffer): a quarter of the loop in a fresh process.
  if (start % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, start, FONT_PADDING_BYTES / 4);
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
    return true;
  }
  for (let i = bytes.length - FONT_PADDING_BYTES; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The frame key of a face: `<Family>-<weight>[-italic]`, spaces kept (`Noto Sans-400`, `Inter-700-italic`). */
export function faceKey(family: string, weight: number, italic: boolean): string {
  return `${family}-${weight}${italic ? "-italic" : ""}`;
}

/** Parses one face's bytes with fontkit (padding them first); throws if they are not a single TTF/OTF font. */
export function parseFace(family: string, weight: number, italic: boolean, bytes: Uint8Array): FontFace {
  const key = faceKey(family, weight, italic);
  const padded = padFontBytes(bytes);
  let parsed: ReturnType<typeof Fontkit.create>;
  try {
    // fontkit's types ask for a Buffer, but it reads any Uint8Array (pdfkit passes it one too); a Uint8Array
    // keeps this package free of Node globals.
    parsed = fontkit().create(padded as Parameters<typeof Fontkit.create>[0]);
  } catch (cause) {
    throw new Error(`Font ${key}: fontkit cannot parse the bytes (WOFF2 and non-font data are not supported)`, {
      cause,
    });
  }
  if (!isSingleFont(parsed)) throw new Error(`Font ${key}: a font collection was given; pass one face per source`);
  return { key, family, weight, italic, font: parsed, bytes: padded };
}

function isSingleFont(parsed: ReturnType<typeof Fontkit.create>): parsed is Font {
  return "unitsPerEm" in parsed && typeof parsed.hasGlyphForCodePoint === "function";
}

/**
 * A face whose bytes are read and parsed the first time its `font` or `bytes` is used (then kept): the registry
 * files every designer face, a document uses a few. Matching needs only the family, weight and style.
 */
export function lazyFace(family: string, weight: number, italic: boolean, read: () => Uint8Array): FontFace {
  const key = faceKey(family, weight, italic);
  let parsed: FontFace | undefined;
  const load = (): FontFace => {
    if (parsed === undefined) {
      const bytes = read();
      if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new Error(`Font ${key}: no bytes`);
      parsed = parseFace(family, weight, italic, bytes);
    }
    return parsed;
  };
  return {
    key,
    family,
    weight,
    italic,
    get font() {
      return load().font;
    },
    get bytes() {
      return load().bytes;
    },
  };
}
