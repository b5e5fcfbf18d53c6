// @font-face: fonts a page brings as `src: url(data:…)` (TTF, OTF, WOFF, WOFF2 — fontkit reads all four),
// filed under their `font-family` with their `font-weight`, `font-style` and `unicode-range`, then laid out,
// subset and embedded like the designer fonts (the registry gets them through FontRegistry.withFaces).
// Read once per compiled template. Never fetched: a remote or local() source is skipped with a diagnostic
// and the next source tried. A font whose OS/2 fsType forbids embedding (restricted licence, bitmap only)
// is refused. Bounded: MAX_WEB_FONT_BYTES per face (decoded), MAX_WEB_FONTS faces per document.
import { DiagnosticSink, type Diagnostic } from "../diagnostics.js";
import { contentHash, decodeBase64 } from "../elements/image-bytes.js";
import type { FontFace } from "../text/face.js";
import { parseFace } from "../text/font-parse.js";
import type { FontRegistry } from "../text/registry.js";
import { splitLayers } from "./background-shorthand.js";

/** Largest decoded font file accepted from one @font-face src (bytes). */
export const MAX_WEB_FONT_BYTES = 8 * 1024 * 1024;

/** Most @font-face faces one document may load; later rules are skipped with a diagnostic. */
export const MAX_WEB_FONTS = 32;

/** One @font-face rule's descriptors as written (lower-case names). */
export type FontFaceRule = ReadonlyMap<string, string>;

/** The faces of a document's @font-face rules, ready for FontRegistry.withFaces. */
export interface WebFonts {
  readonly faces: readonly FontFace[];
  readonly ranges: ReadonlyMap<FontFace, readonly (readonly [number, number])[]>;
}

const FORMATS = new Set(["truetype", "opentype", "woff", "woff2", "truetype-variations", "opentype-variations", "woff-variations", "woff2-variations"]);

/** The bounds a render reads @font-face rules under (a server's HTML_MAX_FONT_MB and HTML_MAX_FONTS). */
export interface WebFontLimits {
  readonly maxWebFontBytes?: number;
  readonly maxWebFonts?: number;
}

/** Parses the faces of @font-face rules; problems are diagnostics, never errors. */
export function loadWebFonts(rules: readonly FontFaceRule[], diagnostics: DiagnosticSink, limits: WebFontLimits = {}): WebFonts {
  const maxBytes = limits.maxWebFontBytes ?? MAX_WEB_FONT_BYTES;
  const maxFaces = limits.maxWebFonts ?? MAX_WEB_FONTS;
  const faces: FontFace[] = [];
  const ranges = new Map<FontFace, readonly (readonly [number, number])[]>();
  const seen = new Set<string>();
  for (const rule of rules) {
    const family = (rule.get("font-family") ?? "").trim().replace(/^(['"])(.*)\1$/, "$2").trim();
    const path = `@font-face ${family || "(no family)"}`;
    if (family === "" || !rule.has("src")) {
      diagnostics.add("font.face", "an @font-face rule without font-family or src was ignored", path);
      continue;
    }
    if (faces.length >= maxFaces) {
      diagnostics.add("font.face", `more than ${maxFaces} @font-face faces; the rest were ignored`, path);
      break;
    }
    const bytes = firstSource(rule.get("src") as string, diagnostics, path, maxBytes);
    if (!bytes) continue;
    const weight = weightOf(rule.get("font-weight"));
    const italic = /italic|oblique/i.test(rule.get("font-style") ?? "");
    const hash = contentHash(bytes);
    // The key names the bytes: two documents' faces of the same name never meet in one cache.
    const key = `${family}-${weight}${italic ? "-italic" : ""}~${hash}`;
    if (seen.has(key)) continue;
    let face: FontFace;
    try {
      face = { ...parseFace(family, weight, italic, bytes), key };
      probe(face);
    } catch {
      diagnostics.add("font.face", "the @font-face source is not a font fontkit can read (TTF, OTF, WOFF, WOFF2); the rule was ignored", path);
      continue;
    }
    const refusal = embeddingRefusal(face);
    if (refusal) {
      diagnostics.add("font.license", `the font's licence (OS/2 fsType) ${refusal}; it was not embedded and the text uses another family`, path);
      continue;
    }
    seen.add(key);
    faces.push(face);
    const range = rule.get("unicode-range");
    if (range !== undefined) {
      const parsed = parseUnicodeRange(range);
      if (parsed.length > 0) ranges.set(face, parsed);
    }
  }
  return { faces, ranges };
}

// The bytes of the first usable source of a `src` list: `url(data:…) [format(…)]`; remote and local()
// sources are reported and skipped.
function firstSource(src: string, diagnostics: DiagnosticSink, path: string, maxBytes: number): Uint8Array | undefined {
  for (const entry of splitLayers(src)) {
    const url = /^url\(\s*(['"]?)(.*?)\1\s*\)/is.exec(entry.trim());
    if (!url) {
      if (/^local\(/i.test(entry.trim())) diagnostics.add("font.face", `${entry.trim()} names an installed font; only data: URLs are read`, path);
      continue;
    }
    const format = /format\(\s*['"]?([\w-]+)['"]?\s*\)/i.exec(entry)?.[1]?.toLowerCase();
    if (format !== undefined && !FORMATS.has(format)) continue;
    const target = (url[2] ?? "").trim();
    const data = /^data:([^,]*?),/i.exec(target);
    if (!data) {
      diagnostics.add("font.remote", "an @font-face source that is not a data: URL is never fetched; embed the font as a data: URL", path);
      continue;
    }
    const payload = target.slice(data[0].length);
    // A base64 payload is about 4/3 of its bytes: too long a one is refused before decoding.
    if (payload.length > (maxBytes * 4) / 3 + 4) {
      diagnostics.add("font.face", `the @font-face source is larger than ${maxBytes} bytes; it was ignored`, path);
      continue;
    }
    const bytes = /;base64$/i.test(data[1] ?? "") ? decodeBase64(payload) : undefined;
    if (!bytes || bytes.length === 0) {
      diagnostics.add("font.face", "the @font-face data: URL is not base64; it was ignored", path);
      continue;
    }
    return bytes;
  }
  return undefined;
}

function weightOf(value: string | undefined): number {
  const v = (value ?? "normal").trim().toLowerCase();
  if (v === "normal") return 400;
  if (v === "bold") return 700;
  // A variable font's range (`100 900`): filed under its first weight (documented in docs/html-css.md).
  const n = Number(v.split(/\s+/)[0]);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? Math.round(n) : 400;
}

// fontkit reads tables lazily: a damaged font would throw in the middle of a render. Its tables are read
// here, once per template, by shaping and outlining a few glyphs (a page's own bytes are untrusted input).
function probe(face: FontFace): void {
  const { font } = face;
  if (!(font.unitsPerEm > 0) || font.numGlyphs <= 0) throw new Error("no glyphs");
  void font["OS/2"];
  void font.hhea;
  for (const glyph of font.layout("Hxg0 .,").glyphs) {
    void glyph.advanceWidth;
    void glyph.path.commands.length;
  }
}

// Why embedding is refused, if it is: bit 1 (restricted licence) forbids it; bitmap-only embedding is of no
// use for outlines.
function embeddingRefusal(face: FontFace): string | undefined {
  const os2 = (face.font as unknown as { "OS/2"?: { fsType?: { noEmbedding?: boolean; bitmapOnly?: boolean } } })["OS/2"];
  if (os2?.fsType?.noEmbedding) return "forbids embedding (restricted licence)";
  if (os2?.fsType?.bitmapOnly) return "allows bitmap embedding only";
  return undefined;
}

/** `U+0000-00FF, U+0131, U+4??` as inclusive ranges. */
export function parseUnicodeRange(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const part of text.split(",")) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!m) continue;
    const from = m[1] as string;
    if (from.includes("?")) out.push([parseInt(from.replace(/\?/g, "0"), 16), parseInt(from.replace(/\?/g, "f"), 16)]);
    else out.push([parseInt(from, 16), m[2] !== undefined ? parseInt(m[2], 16) : parseInt(from, 16)]);
  }
  return out;
}

// A compiled sheet's faces, read on its first render under given limits (kept with what reading reported,
// which every render repeats), and one overlay registry per designer registry.
interface Loaded {
  readonly key: string;
  readonly fonts: WebFonts;
  readonly diagnostics: readonly Diagnostic[];
}
const loaded = new WeakMap<object, Loaded>();

/** The registry a document with @font-face rules lays out and paints with; reports what reading them found. */
export function documentFonts(sheet: { readonly fontFaces?: readonly FontFaceRule[] }, options: { readonly fonts: FontRegistry; readonly limits?: WebFontLimits }, diagnostics: DiagnosticSink): FontRegistry {
  const limits = options.limits ?? {};
  const key = `${limits.maxWebFontBytes ?? ""}/${limits.maxWebFonts ?? ""}`;
  let entry = loaded.get(sheet);
  if (!entry || entry.key !== key) {
    const sink = new DiagnosticSink();
    entry = { key, fonts: loadWebFonts(sheet.fontFaces ?? [], sink, limits), diagnostics: sink.items };
    loaded.set(sheet, entry);
  }
  for (const d of entry.diagnostics) diagnostics.add(d.code, d.message, d.path);
  return entry.fonts.faces.length > 0 ? withWebFonts(options.fonts, entry.fonts) : options.fonts;
}

// One overlay registry per (designer registry, document fonts): built on the first render, reused after.
const overlays = new WeakMap<FontRegistry, WeakMap<WebFonts, FontRegistry>>();

/** The registry a document with web fonts lays out and paints with. */
export function withWebFonts(fonts: FontRegistry, web: WebFonts): FontRegistry {
  let byFonts = overlays.get(fonts);
  if (!byFonts) overlays.set(fonts, (byFonts = new WeakMap()));
  let overlay = byFonts.get(web);
  if (!overlay) byFonts.set(web, (overlay = fonts.withFaces(web.faces, web.ranges)));
  return overlay;
}
