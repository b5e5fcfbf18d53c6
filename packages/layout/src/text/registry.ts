// The designer-font registry: bytes in, parsed faces out; CSS font matching and the glyph fallback chain.
// Pure: it never reads files (packages/pdf/src/fonts loads the bytes). Built once per process, shared by every
// layout and by the painter, so each face is parsed exactly once.
import type { FontFace } from "./face.js";
import { DEFAULT_FALLBACK_FAMILIES, findFallbackFace } from "./fallback.js";
import { normaliseWeight, rankFaces } from "./font-match.js";
import { lazyFace, parseFace } from "./font-parse.js";

/** One face's raw file bytes and how the registry should file it. */
export interface FaceSource {
  readonly family: string;
  /** CSS weight, 1–1000 (400 regular, 700 bold). */
  readonly weight: number;
  readonly italic: boolean;
  /**
   * The TTF/OTF file as read (parsed at once; the registry pads a copy), or a function that reads it: then the
   * face is read and parsed the first time layout or the painter uses it, so a registry of dozens of faces costs
   * only the faces a process renders with.
   */
  readonly bytes: Uint8Array | (() => Uint8Array);
}

/** The result of matching a requested (family, weight, italic) to a face. */
export interface FaceMatch {
  readonly face: FontFace;
  /** Italic was asked for and the family has no italic face: the painter slants the upright face. */
  readonly syntheticItalic: boolean;
  /** False when a family was named but the registry has no such family (the default family was used). */
  readonly familyFound: boolean;
}

/** Options for FontRegistry.fromSources. */
export interface FontRegistryOptions {
  /** The family used when none is named or the named one is unknown; default `Inter` (else the first family). */
  readonly defaultFamily?: string;
  /** Families tried in order for missing glyphs; default DEFAULT_FALLBACK_FAMILIES. Absent families are skipped. */
  readonly fallbackFamilies?: readonly string[];
}

/** The family the product uses for body and heading text unless a template names another. */
export const DEFAULT_FONT_FAMILY = "Inter";

/** Family names as written in templates, cached before normalisation; cleared when it reaches this size. */
const MAX_CACHED_NAMES = 1024;

interface FamilyEntry {
  readonly name: string;
  readonly faces: readonly FontFace[];
}

/** Normalises a family name for lookup: trimmed, outer quotes dropped, inner spaces collapsed, lower case. */
export function familyLookupKey(name: string): string {
  const trimmed = name.trim().replace(/^(['"])(.*)\1$/, "$2");
  return trimmed.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A set of parsed designer-font faces with CSS matching and a glyph fallback chain. */
export class FontRegistry {
  /** Family names as given in the sources, in source order. */
  readonly families: readonly string[];
  /** The family used for unnamed and unknown families. */
  readonly defaultFamily: string;
  /** The fallback chain actually in use: the requested fallback families that this registry has, in order. */
  readonly fallbackFamilies: readonly string[];

  private readonly byFamily: ReadonlyMap<string, FamilyEntry>;
  private readonly byKey: ReadonlyMap<string, FontFace>;
  private readonly defaultEntry: FamilyEntry;
  private readonly chain: readonly (readonly FontFace[])[];
  private readonly names = new Map<string, FamilyEntry | null | undefined>();
  private readonly matches = new Map<string, FaceMatch>();
  private readonly fallbacks = new Map<string, FontFace | null>();
  private readonly glyphs = new WeakMap<FontFace, Map<number, boolean>>();

  private readonly options: FontRegistryOptions;
  /** Code point ranges of faces that cover only part of their font (CSS `unicode-range`). */
  private readonly ranges: ReadonlyMap<FontFace, readonly (readonly [number, number])[]>;

  private constructor(byFamily: ReadonlyMap<string, FamilyEntry>, options: FontRegistryOptions, ranged?: ReadonlyMap<FontFace, readonly (readonly [number, number])[]>) {
    this.options = options;
    this.ranges = ranged ?? new Map();
    this.byFamily = byFamily;
    this.families = [...byFamily.values()].map((f) => f.name);
    this.byKey = new Map([...byFamily.values()].flatMap((f) => f.faces.map((face) => [face.key, face] as const)));
    this.defaultEntry = resolveDefault(byFamily, options.defaultFamily);
    this.defaultFamily = this.defaultEntry.name;
    const chain = (options.fallbackFamilies ?? DEFAULT_FALLBACK_FAMILIES)
      .map((name) => byFamily.get(familyLookupKey(name)))
      .filter((entry): entry is FamilyEntry => entry !== undefined);
    this.fallbackFamilies = chain.map((entry) => entry.name);
    // Faces limited to a unicode-range are tried first for a missing character: the sibling subsets of a
    // web font (latin, latin-ext, cyrillic…) are what the page asked for, before the designer fallbacks.
    const rangedFamilies = [...byFamily.values()].filter((f) => f.faces.some((face) => this.ranges.has(face)));
    this.chain = [...rangedFamilies.map((entry) => entry.faces), ...chain.map((entry) => entry.faces)];
  }

  /**
   * This registry with more faces (an HTML document's @font-face rules): their families shadow families of
   * the same name here; a face with `ranges` has glyphs only for those code points (`unicode-range`). Face
   * keys must be unique against this registry's.
   */
  withFaces(faces: readonly FontFace[], ranges: ReadonlyMap<FontFace, readonly (readonly [number, number])[]> = new Map()): FontRegistry {
    const byFamily = new Map(this.byFamily);
    const added = new Map<string, FamilyEntry>();
    for (const face of faces) {
      const lookup = familyLookupKey(face.family);
      const entry = added.get(lookup) ?? { name: face.family.trim(), faces: [] };
      added.set(lookup, { name: entry.name, faces: [...entry.faces, face] });
    }
    for (const [lookup, entry] of added) byFamily.set(lookup, entry);
    const allRanges = new Map([...this.ranges, ...ranges]);
    return new FontRegistry(byFamily, { ...this.options, defaultFamily: this.defaultFamily }, allRanges);
  }

  /**
   * Parses every source given as bytes once (padded), files sources given as readers to be parsed on first use,
   * and builds a registry; throws on invalid or duplicate sources.
   */
  static fromSources(sources: readonly FaceSource[], options: FontRegistryOptions = {}): FontRegistry {
    if (sources.length === 0) throw new Error("FontRegistry: no font sources given");
    const families = new Map<string, { name: string; faces: FontFace[] }>();
    const keys = new Set<string>();
    for (const source of sources) {
      validateSource(source);
      const lookup = familyLookupKey(source.family);
      let entry = families.get(lookup);
      if (!entry) {
        entry = { name: source.family.trim(), faces: [] };
        families.set(lookup, entry);
      }
      const face =
        typeof source.bytes === "function"
          ? lazyFace(entry.name, source.weight, source.italic, source.bytes)
          : parseFace(entry.name, source.weight, source.italic, source.bytes);
      if (keys.has(face.key)) throw new Error(`FontRegistry: duplicate face ${face.key}`);
      keys.add(face.key);
      entry.faces.push(face);
    }
    return new FontRegistry(families, options);
  }

  /**
   * Picks the face for a requested family, weight and italic flag by CSS Fonts 4 matching (see font-match.ts).
   * An undefined or empty family means the default family; an unknown one (case-insensitive) falls back to
   * the default family with `familyFound: false`.
   */
  match(family: string | undefined, weight: number, italic: boolean): FaceMatch {
    // undefined: no family named; null: named but unknown.
    const found = family === undefined ? undefined : this.lookupFamily(family);
    const entry = found ?? this.defaultEntry;
    const familyFound = found !== null;
    const w = normaliseWeight(weight);
    const cacheKey = `${entry.name}\u0000${w}\u0000${italic}\u0000${familyFound}`;
    const cached = this.matches.get(cacheKey);
    if (cached) return cached;
    const face = rankFaces(entry.faces, w, italic)[0];
    if (!face) throw new Error(`FontRegistry: family ${entry.name} has no faces`);
    const result: FaceMatch = { face, syntheticItalic: italic && !face.italic, familyFound };
    this.matches.set(cacheKey, result);
    return result;
  }

  /**
   * The first face in the fallback chain that has a glyph for `codePoint`, matched to weight and italic
   * (if the returned face is upright and italic was asked for, the caller synthesises the slant);
   * undefined when no fallback family has it.
   */
  fallbackFor(codePoint: number, weight: number, italic: boolean): FontFace | undefined {
    const w = normaliseWeight(weight);
    const cacheKey = `${codePoint}\u0000${w}\u0000${italic}`;
    const cached = this.fallbacks.get(cacheKey);
    if (cached !== undefined) return cached ?? undefined;
    const face = findFallbackFace(this.chain, codePoint, w, italic, (f, cp) => this.hasGlyph(f, cp));
    this.fallbacks.set(cacheKey, face ?? null);
    return face;
  }

  /** Whether the face's cmap maps `codePoint` to a real glyph (not .notdef); cached per face and code point. */
  hasGlyph(face: FontFace, codePoint: number): boolean {
    let perFace = this.glyphs.get(face);
    if (!perFace) {
      perFace = new Map();
      this.glyphs.set(face, perFace);
    }
    let has = perFace.get(codePoint);
    if (has === undefined) {
      const ranges = this.ranges.get(face);
      has = (ranges === undefined || ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) && face.font.hasGlyphForCodePoint(codePoint);
      perFace.set(codePoint, has);
    }
    return has;
  }

  /** The face with this frame key (`<Family>-<weight>[-italic]`), as the painter looks it up. */
  face(key: string): FontFace | undefined {
    return this.byKey.get(key);
  }

  /** The faces of a family (case-insensitive name), in source order; empty for an unknown family. */
  facesOf(family: string): readonly FontFace[] {
    return this.byFamily.get(familyLookupKey(family))?.faces ?? [];
  }

  /**
   * The family for a name as written in a template: undefined if the name is empty, null if unknown. Cached per
   * raw name (the normalisation uses regexes and runs for every text run); the cache is bounded.
   */
  private lookupFamily(name: string): FamilyEntry | null | undefined {
    if (this.names.has(name)) return this.names.get(name);
    const key = familyLookupKey(name);
    const entry = key === "" ? undefined : (this.byFamily.get(key) ?? null);
    if (this.names.size >= MAX_CACHED_NAMES) this.names.clear();
    this.names.set(name, entry);
    return entry;
  }

}

function resolveDefault(byFamily: ReadonlyMap<string, FamilyEntry>, requested: string | undefined): FamilyEntry {
  if (requested !== undefined) {
    const entry = byFamily.get(familyLookupKey(requested));
    if (!entry) throw new Error(`FontRegistry: default family ${requested} is not among the sources`);
    return entry;
  }
  const entry = byFamily.get(familyLookupKey(DEFAULT_FONT_FAMILY)) ?? byFamily.values().next().value;
  if (!entry) throw new Error("FontRegistry: no families");
  return entry;
}

function validateSource(source: FaceSource): void {
  const where = `FontRegistry: source ${JSON.stringify(source.family)} ${source.weight}${source.italic ? " italic" : ""}`;
  if (typeof source.family !== "string" || familyLookupKey(source.family) === "") throw new Error(`${where}: empty family`);
  if (!Number.isInteger(source.weight) || source.weight < 1 || source.weight > 1000) {
    throw new Error(`${where}: weight must be an integer from 1 to 1000`);
  }
  if (typeof source.italic !== "boolean") throw new Error(`${where}: italic must be a boolean`);
  if (typeof source.bytes === "function") return;
  if (!(source.bytes instanceof Uint8Array) || source.bytes.length === 0) throw new Error(`${where}: no bytes`);
}
