// Fonts and glyph runs for hand-built LayoutResults. Faces come from the designer fonts in `fonts/`, parsed
// with the same fontkit instance layout uses (resolved through @docsvc/layout, which depends on it).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FontFace, PositionedGlyph, TextRunItem } from "@docsvc/layout";
import { repoRoot } from "./paths.js";

type Font = FontFace["font"];

const requireFromLayout = createRequire(fileURLToPath(import.meta.resolve("@docsvc/layout")));
const fontkit = requireFromLayout("fontkit") as { create(buffer: Buffer): unknown };

const faces = new Map<string, FontFace>();

/**
 * Parses font bytes with fontkit (e.g. an embedded subset read back from a PDF), zero-padded: fontkit reads
 * a glyph header even for an empty glyph at the end of `glyf`.
 */
export function parseFont(bytes: Uint8Array): Font {
  const padded = Buffer.alloc(bytes.length + 4096);
  padded.set(bytes);
  return fontkit.create(padded) as Font;
}

/** Loads `fonts/<dir>/<dir>-<style>.ttf` once per process, zero-padded like the real loader does. */
export function loadFace(dir: string, style = "Regular", weight = 400): FontFace {
  const key = `${dir}-${weight}${style.includes("Italic") ? "-italic" : ""}`;
  const known = faces.get(key);
  if (known !== undefined) return known;
  const file = readFileSync(join(repoRoot, "fonts", dir, `${dir}-${style}.ttf`));
  const bytes = Buffer.alloc(file.length + 4096);
  file.copy(bytes);
  const font = fontkit.create(bytes) as Font;
  const face: FontFace = { key, family: dir, weight, italic: style.includes("Italic"), font, bytes };
  faces.set(key, face);
  return face;
}

/** Shapes `text` with fontkit (as layout does) into positioned glyphs at `size` points. */
export function shape(face: FontFace, text: string, size: number, letterSpacing = 0): PositionedGlyph[] {
  const run = face.font.layout(text);
  const scale = size / face.font.unitsPerEm;
  return run.glyphs.map((glyph, i) => {
    const position = run.positions[i]!;
    return {
      id: glyph.id,
      advance: position.xAdvance * scale + letterSpacing,
      dx: position.xOffset * scale,
      dy: -position.yOffset * scale,
      text: String.fromCodePoint(...glyph.codePoints),
    };
  });
}

/** The advance of a shaped run in points. */
export function runWidth(glyphs: readonly PositionedGlyph[]): number {
  return glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
}

/** A text run item shaped from `text`. */
export function textRun(
  face: FontFace,
  text: string,
  at: { x: number; y: number; size?: number; color?: string; letterSpacing?: number; skew?: number },
): TextRunItem {
  const size = at.size ?? 12;
  return {
    kind: "text",
    x: at.x,
    y: at.y,
    face: face.key,
    size,
    color: at.color ?? "#000000",
    glyphs: shape(face, text, size, at.letterSpacing ?? 0),
    text,
    ...(at.skew !== undefined ? { skew: at.skew } : {}),
  };
}
