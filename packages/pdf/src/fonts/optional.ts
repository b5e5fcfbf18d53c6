// Optional font packs (CJK, emoji): installed by `pnpm fonts --with cjk,emoji` into <fonts>/optional/, described
// by <fonts>/optional/fonts.json, and absent from a default install. Their families join the designer
// families; the fallback chain in fonts.json already names them, so installing a pack is all it takes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseFontManifest, type FontManifest, type FontManifestFamily } from "./manifest.js";

/** The optional packs' folder inside a fonts directory. */
export const OPTIONAL_FONTS_DIR = "optional";

/** The pack names `scripts/fetch-fonts.mjs --with` knows. */
export type FontPack = "cjk" | "emoji";

/**
 * Reads <dir>/optional/fonts.json: the installed packs' families, their face paths made relative to `dir`.
 * No file (the default install): no families. A file that does not parse throws, like a broken fonts.json.
 */
export async function readOptionalFamilies(dir: string): Promise<Record<string, FontManifestFamily>> {
  let text: string;
  try {
    text = await readFile(join(dir, OPTIONAL_FONTS_DIR, "fonts.json"), "utf8");
  } catch {
    return {};
  }
  const parsed = JSON.parse(text) as { packs?: Record<string, { families?: unknown }> };
  const out: Record<string, FontManifestFamily> = {};
  for (const entry of Object.values(parsed.packs ?? {})) {
    // Validated with the main manifest's rules (relative paths that stay inside the folder, weights, sizes).
    const manifest = parseFontManifest({ version: 1, families: entry.families });
    for (const [family, spec] of Object.entries(manifest.families)) {
      out[family] = {
        ...spec,
        faces: spec.faces.map((face) => ({ ...face, file: `${OPTIONAL_FONTS_DIR}/${face.file}` })),
      };
    }
  }
  return out;
}

/** The manifest with the installed packs' families added (a designer family of the same name wins). */
export function withOptionalFamilies(manifest: FontManifest, optional: Record<string, FontManifestFamily>): FontManifest {
  if (Object.keys(optional).length === 0) return manifest;
  return { ...manifest, families: { ...optional, ...manifest.families } };
}
