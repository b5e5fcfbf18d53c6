// The designer faces as fonts/fonts.json lists them, for tests that check something on every face.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FONTS_DIR } from "./paths.js";

/** One face of fonts/fonts.json, with its bytes read on demand. */
export interface ManifestFace {
  readonly family: string;
  readonly weight: number;
  readonly italic: boolean;
  /** The face's index within its family (0 is the family's first, usually regular, face). */
  readonly index: number;
  bytes(): Uint8Array;
}

/** Every face of every designer family, in manifest order. */
export function manifestFaces(): ManifestFace[] {
  const manifest = JSON.parse(readFileSync(join(FONTS_DIR, "fonts.json"), "utf8")) as {
    families: Record<string, { faces: { file: string; weight: number; italic: boolean }[] }>;
  };
  return Object.entries(manifest.families).flatMap(([family, entry]) =>
    entry.faces.map((f, index) => ({ family, weight: f.weight, italic: f.italic, index, bytes: () => new Uint8Array(readFileSync(join(FONTS_DIR, f.file))) })),
  );
}
