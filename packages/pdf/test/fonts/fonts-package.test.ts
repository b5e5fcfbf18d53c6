// The designer fonts as the @docsvc/fonts package: the loader finds them by package resolution (so a project
// that installed @docsvc/pdf needs no DOCSVC_FONTS_DIR), and the package's `files` ship every face and every
// licence the manifest names (what `pnpm pack` puts in the tarball).
import assert from "node:assert/strict";
import { readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fontsDir } from "@docsvc/fonts";
import { FONTS_DIR_ENV, designerFontsDir } from "../../src/fonts/load.js";

const require = createRequire(import.meta.url);

describe("@docsvc/fonts", () => {
  it("is where the loader looks without DOCSVC_FONTS_DIR: found by package resolution, not by the repository's layout", () => {
    const saved = process.env[FONTS_DIR_ENV];
    delete process.env[FONTS_DIR_ENV];
    try {
      const resolved = dirname(require.resolve("@docsvc/fonts/fonts.json"));
      assert.equal(designerFontsDir(), resolved);
      assert.equal(realpathSync(designerFontsDir()), realpathSync(fontsDir));
      assert.match(realpathSync(resolved), /[\\/]packages[\\/]fonts$/);
    } finally {
      if (saved !== undefined) process.env[FONTS_DIR_ENV] = saved;
    }
  });

  it("ships every face and licence file of the manifest (package.json `files`)", () => {
    const pkg = JSON.parse(readFileSync(join(fontsDir, "package.json"), "utf8")) as { files: string[] };
    const manifest = JSON.parse(readFileSync(join(fontsDir, "fonts.json"), "utf8")) as {
      families: Record<string, { licenceFile: string; faces: { file: string }[] }>;
    };
    const shipped = (path: string): boolean => pkg.files.some((entry) => path === entry || path.startsWith(entry.endsWith("/") ? entry : `${entry}/`));
    const needed = Object.values(manifest.families).flatMap((family) => [family.licenceFile, ...family.faces.map((face) => face.file)]);
    assert.equal(Object.keys(manifest.families).length, 18);
    assert.deepEqual(needed.filter((path) => !shipped(path)), []);
    assert.ok(shipped("fonts.json") && shipped("licenses/Apache-2.0.txt"));
  });
});
