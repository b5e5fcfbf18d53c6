// The shape of fonts/fonts.json (written by scripts/fetch-fonts.mjs) and its validation.
import { isAbsolute, normalize, sep } from "node:path";

/** One face file in the manifest; `file` is relative to the fonts directory. */
export interface FontManifestFace {
  readonly file: string;
  readonly weight: number;
  readonly italic: boolean;
  /** The file's length in bytes, checked on load (catches truncated files and Git LFS pointers). */
  readonly size?: number;
  readonly sha256?: string;
}

/** One family in the manifest. */
export interface FontManifestFamily {
  readonly faces: readonly FontManifestFace[];
  readonly scripts: readonly string[];
  readonly dir?: string;
  readonly source?: string;
  readonly licence?: string;
  readonly licenceFile?: string;
}

/** fonts/fonts.json: family name → faces, plus the default family and the fallback chain. */
export interface FontManifest {
  readonly version: 1;
  readonly defaultFamily?: string;
  readonly fallbackFamilies?: readonly string[];
  readonly families: Readonly<Record<string, FontManifestFamily>>;
}

type Json = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");
const optionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === "string";

/** Validates parsed fonts.json; throws an Error naming the first bad entry. */
export function parseFontManifest(value: unknown): FontManifest {
  const fail = (where: string, what: string): never => {
    throw new Error(`fonts.json: ${where}: ${what}`);
  };
  if (!isObject(value)) return fail("root", "not an object");
  if (value.version !== 1) fail("version", `expected 1, got ${JSON.stringify(value.version)}`);
  if (!optionalString(value.defaultFamily)) fail("defaultFamily", "not a string");
  if (value.fallbackFamilies !== undefined && !isStringArray(value.fallbackFamilies)) {
    fail("fallbackFamilies", "not a list of family names");
  }
  if (!isObject(value.families)) return fail("families", "not an object");
  const families: Record<string, FontManifestFamily> = {};
  for (const [name, family] of Object.entries(value.families)) {
    if (!isObject(family)) return fail(name, "not an object");
    if (!Array.isArray(family.faces) || family.faces.length === 0) return fail(name, "no faces");
    const scripts = family.scripts ?? [];
    if (!isStringArray(scripts)) return fail(name, "scripts is not a list of strings");
    for (const key of ["dir", "source", "licence", "licenceFile"] as const) {
      if (!optionalString(family[key])) fail(`${name}.${key}`, "not a string");
    }
    const faces = family.faces.map((face: unknown, i: number): FontManifestFace => {
      const where = `${name}.faces[${i}]`;
      if (!isObject(face)) return fail(where, "not an object");
      const { file, weight, italic, size, sha256 } = face;
      if (typeof file !== "string" || !isSafeRelativePath(file)) return fail(where, "file must be a relative path inside the fonts directory");
      if (typeof weight !== "number" || !Number.isInteger(weight) || weight < 1 || weight > 1000) return fail(where, "weight must be 1–1000");
      if (typeof italic !== "boolean") return fail(where, "italic must be a boolean");
      if (size !== undefined && (typeof size !== "number" || !Number.isInteger(size) || size <= 0)) return fail(where, "bad size");
      if (!optionalString(sha256)) return fail(where, "bad sha256");
      return { file, weight, italic, ...(size !== undefined ? { size } : {}), ...(sha256 !== undefined ? { sha256 } : {}) };
    });
    families[name] = {
      faces,
      scripts,
      ...pickStrings(family, ["dir", "source", "licence", "licenceFile"]),
    };
  }
  if (Object.keys(families).length === 0) fail("families", "empty");
  return {
    version: 1,
    ...(typeof value.defaultFamily === "string" ? { defaultFamily: value.defaultFamily } : {}),
    ...(isStringArray(value.fallbackFamilies) ? { fallbackFamilies: value.fallbackFamilies } : {}),
    families,
  };
}

/** A manifest path may not be absolute or climb out of the fonts directory. */
function isSafeRelativePath(file: string): boolean {
  if (file === "" || isAbsolute(file) || file.includes("\0")) return false;
  const parts = normalize(file).split(sep);
  return !parts.includes("..");
}

function pickStrings(obj: Json, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = obj[key];
    if (typeof v === "string") out[key] = v;
  }
  return out;
}
