// Shared fixtures for the text engine tests: a FontRegistry over the repo's fonts/ (../support/paths.ts) and a default paragraph style.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FONTS_DIR } from "../support/paths.js";
import { FontRegistry, type FaceSource } from "../../src/text/registry.js";
import type { ParagraphLayout, ParagraphStyle } from "../../src/text/types.js";
import type { TextRunItem } from "../../src/frame/types.js";

const FONTS = FONTS_DIR;
const STYLES = [
  [400, false, "Regular"],
  [700, false, "Bold"],
  [400, true, "Italic"],
  [700, true, "BoldItalic"],
] as const;

function family(name: string, dir: string): FaceSource[] {
  return STYLES.filter(([, , style]) => existsSync(join(FONTS, dir, `${dir}-${style}.ttf`))).map(([weight, italic, style]) => ({
    family: name,
    weight,
    italic,
    bytes: new Uint8Array(readFileSync(join(FONTS, dir, `${dir}-${style}.ttf`))),
  }));
}

/** Inter (default), Oswald (no italic), Noto Sans and the Arabic and Hebrew fallbacks. */
export const registry = FontRegistry.fromSources([
  ...family("Inter", "Inter"),
  ...family("Oswald", "Oswald"),
  ...family("Noto Sans", "NotoSans"),
  ...family("Noto Sans Arabic", "NotoSansArabic"),
  ...family("Noto Sans Hebrew", "NotoSansHebrew"),
]);

/** A 10 pt Inter paragraph style, left-to-right, start-aligned; override what a test needs. */
export function style(overrides: Partial<ParagraphStyle> = {}): ParagraphStyle {
  return {
    weight: 400,
    italic: false,
    size: 10,
    lineHeight: 1.2,
    letterSpacing: 0,
    align: "start",
    direction: "ltr",
    color: "#000000",
    ...overrides,
  };
}

/** All runs of a layout, line by line. */
export function runs(layout: ParagraphLayout): TextRunItem[] {
  return layout.lines.flatMap((l) => [...l.runs]);
}

/** Glyph ids of a face for a string, one per code point, straight from the cmap (no shaping). */
export function cmapIds(faceKey: string, text: string): number[] {
  const face = registry.face(faceKey);
  if (!face) throw new Error(`no face ${faceKey}`);
  return [...text].map((ch) => face.font.glyphForCodePoint(ch.codePointAt(0)!).id);
}

/** Sum of a run's advances. */
export function advance(run: TextRunItem): number {
  return run.glyphs.reduce((sum, g) => sum + g.advance, 0);
}

/** Collects diagnostics sent to a paragraph call. */
export function collector(): { list: { code: string; message: string }[]; report: (code: string, message: string) => void } {
  const list: { code: string; message: string }[] = [];
  return { list, report: (code, message) => list.push({ code, message }) };
}
