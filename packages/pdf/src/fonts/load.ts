// Loads the designer fonts from disk into one FontRegistry per process. The layout package is pure; this is
// the one place that reads font files. Everything here is asynchronous.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { FONT_PADDING_BYTES, FontRegistry, type FaceSource } from "@docsvc/layout";
import { parseFontManifest, type FontManifest } from "./manifest.js";
import { readOptionalFamilies, withOptionalFamilies } from "./optional.js";

/** The environment variable that points the loader at another fonts directory (e.g. in a container image). */
export const FONTS_DIR_ENV = "DOCSVC_FONTS_DIR";

/** The manifest's file name inside a fonts directory. */
export const FONT_MANIFEST_FILE = "fonts.json";

/**
 * The fonts directory: $DOCSVC_FONTS_DIR if set (resolved against the working directory), else the @docsvc/fonts
 * package found by package resolution from this file (in the repository that is packages/fonts, which the root
 * fonts/ links to; in an installed project, node_modules/@docsvc/fonts), else the repository's fonts/ found from
 * this file's location (packages/pdf/src/fonts/ from source, packages/pdf/dist/src/fonts/ built; the production
 * bundle rewrites this file's import.meta.url to packages/pdf/dist/bundle/fonts/load.js).
 */
export function designerFontsDir(): string {
  const fromEnv = process.env[FONTS_DIR_ENV];
  // Every render that brings no registry of its own asks: resolving the paths was ~1% of a small render's CPU.
  if (fontsDirMemo !== undefined && fontsDirMemo.fromEnv === fromEnv) return fontsDirMemo.dir;
  const dir = fontsDirFor(fromEnv);
  fontsDirMemo = { fromEnv, dir };
  return dir;
}

let fontsDirMemo: { readonly fromEnv: string | undefined; readonly dir: string } | undefined;

function fontsDirFor(fromEnv: string | undefined): string {
  if (fromEnv) return resolve(fromEnv);
  const packaged = fontsPackageDir();
  if (packaged !== undefined) return packaged;
  const here = dirname(fileURLToPath(import.meta.url));
  const built = [`${sep}dist${sep}src${sep}fonts`, `${sep}dist${sep}bundle${sep}fonts`].some((tail) => here.endsWith(tail));
  const packageRoot = resolve(here, built ? "../../.." : "../..");
  return resolve(packageRoot, "../../fonts");
}

function fontsPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve(`@docsvc/fonts/${FONT_MANIFEST_FILE}`));
  } catch {
    return undefined; // not installed: an embedder that brings its own DOCSVC_FONTS_DIR, or an older checkout
  }
}

/** Reads and validates `<dir>/fonts.json`. */
export async function readFontManifest(dir: string = designerFontsDir()): Promise<FontManifest> {
  const path = join(dir, FONT_MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw new Error(`Cannot read the font manifest ${path} (set ${FONTS_DIR_ENV} or run \`pnpm fonts\`)`, { cause });
  }
  return parseFontManifest(JSON.parse(text));
}

const registries = new Map<string, Promise<FontRegistry>>();

/**
 * The designer-font registry for a fonts directory (default designerFontsDir()): reads the manifest and checks
 * every face's file; each face is read and parsed once, when a render first uses it. Memoised per process: the same directory always gets the same promise.
 * A failed load is forgotten, so a later call retries.
 */
export function loadDesignerFonts(dir: string = designerFontsDir()): Promise<FontRegistry> {
  const abs = resolve(dir);
  const cached = registries.get(abs);
  if (cached) return cached;
  const loading = loadRegistry(abs);
  registries.set(abs, loading);
  loading.catch(() => {
    if (registries.get(abs) === loading) registries.delete(abs);
  });
  return loading;
}

// Reads a font file straight into a zero-padded buffer, so parsing never copies the face a second time.
// Synchronous: it runs when layout first uses the face, in the middle of a synchronous layout.
function readPadded(path: string): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(size + FONT_PADDING_BYTES);
    let offset = 0;
    while (offset < size) {
      const bytesRead = readSync(fd, bytes, offset, size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? bytes : bytes.subarray(0, offset + FONT_PADDING_BYTES);
  } finally {
    closeSync(fd);
  }
}

async function loadRegistry(dir: string): Promise<FontRegistry> {
  // The optional packs (fonts/optional/, `pnpm fonts --with cjk,emoji`) join when installed.
  const manifest = withOptionalFamilies(await readFontManifest(dir), await readOptionalFamilies(dir));
  const faces = Object.entries(manifest.families).flatMap(([family, entry]) =>
    entry.faces.map((face) => ({ family, ...face })),
  );
  const sources = await Promise.all(
    faces.map(async (face): Promise<FaceSource> => {
      const path = join(dir, face.file);
      // Only checked here (a missing, truncated or Git LFS pointer file fails the load, not a later render);
      // the bytes are read and parsed when a render first uses the face.
      const { size } = await stat(path);
      if (face.size !== undefined && size !== face.size) {
        throw new Error(
          `Font file ${path} has ${size} bytes, the manifest says ${face.size} (truncated, or a Git LFS pointer?)`,
        );
      }
      return { family: face.family, weight: face.weight, italic: face.italic, bytes: () => readPadded(path) };
    }),
  );
  return FontRegistry.fromSources(sources, {
    ...(manifest.defaultFamily !== undefined ? { defaultFamily: manifest.defaultFamily } : {}),
    ...(manifest.fallbackFamilies !== undefined ? { fallbackFamilies: manifest.fallbackFamilies } : {}),
  });
}
