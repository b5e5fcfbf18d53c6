import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { FONTS_DIR_ENV, designerFontsDir, loadDesignerFonts, readFontManifest } from "../../src/fonts/load.js";
import { parseFontManifest } from "../../src/fonts/manifest.js";
import { readOptionalFamilies } from "../../src/fonts/optional.js";

const temps: string[] = [];
after(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fonts dir with Inter Regular only (and a manifest that says so); `mutate` may change the face entry. */
async function smallFontsDir(mutate: (face: Record<string, unknown>) => void = () => {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-fonts-test-"));
  temps.push(dir);
  await mkdir(join(dir, "Inter"));
  await copyFile(join(designerFontsDir(), "Inter/Inter-Regular.ttf"), join(dir, "Inter/Inter-Regular.ttf"));
  const real = await readFontManifest();
  const face: Record<string, unknown> = { ...real.families["Inter"]?.faces[0] };
  mutate(face);
  const manifest = { version: 1, defaultFamily: "Inter", families: { Inter: { scripts: ["Latin"], faces: [face] } } };
  await writeFile(join(dir, "fonts.json"), JSON.stringify(manifest));
  return dir;
}

describe("designerFontsDir", () => {
  it("defaults to the repo's fonts/ (which holds fonts.json)", async () => {
    const saved = process.env[FONTS_DIR_ENV];
    delete process.env[FONTS_DIR_ENV];
    try {
      const dir = designerFontsDir();
      assert.match(dir, /fonts$/);
      const manifest = JSON.parse(await readFile(join(dir, "fonts.json"), "utf8")) as { families: object };
      assert.ok("Inter" in manifest.families);
    } finally {
      if (saved !== undefined) process.env[FONTS_DIR_ENV] = saved;
    }
  });

  it(`is overridden by $${FONTS_DIR_ENV}, resolved to an absolute path`, async () => {
    const dir = await smallFontsDir();
    const saved = process.env[FONTS_DIR_ENV];
    process.env[FONTS_DIR_ENV] = relative(process.cwd(), dir);
    try {
      assert.equal(designerFontsDir(), dir);
      const registry = await loadDesignerFonts();
      assert.deepEqual(registry.families, ["Inter"]);
    } finally {
      if (saved === undefined) delete process.env[FONTS_DIR_ENV];
      else process.env[FONTS_DIR_ENV] = saved;
    }
  });
});

describe("loadDesignerFonts", () => {
  it("is memoised: a second call (same dir, any spelling) returns the same promise and registry", async () => {
    const first = loadDesignerFonts();
    const second = loadDesignerFonts(designerFontsDir() + "/");
    assert.equal(first, second);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a, b);
    assert.equal(await loadDesignerFonts(), a);
    // 18 designer families, plus the optional packs' when installed (`pnpm fonts --with cjk,emoji`).
    assert.equal(a.families.length, 18 + Object.keys(await readOptionalFamilies(designerFontsDir())).length);
  });

  it("a different dir gets its own registry", async () => {
    const dir = await smallFontsDir();
    const small = await loadDesignerFonts(dir);
    assert.notEqual(small, await loadDesignerFonts());
    assert.equal(small.match("Roboto", 400, false).familyFound, false);
    assert.equal(small.match("Roboto", 400, false).face.key, "Inter-400");
  });

  it("rejects a missing directory with a hint, and does not cache the failure", async () => {
    const missing = join(tmpdir(), "docsvc-no-such-fonts-dir");
    const first = loadDesignerFonts(missing);
    await assert.rejects(first, /Cannot read the font manifest .*DOCSVC_FONTS_DIR/);
    assert.notEqual(loadDesignerFonts(missing), first);
    await assert.rejects(loadDesignerFonts(missing));
  });

  it("rejects a file whose size differs from the manifest (truncated or an LFS pointer)", async () => {
    const dir = await smallFontsDir((face) => {
      face.size = 1234;
    });
    await assert.rejects(loadDesignerFonts(dir), /has \d+ bytes, the manifest says 1234/);
  });
});

describe("parseFontManifest", () => {
  const good = { version: 1, families: { A: { scripts: [], faces: [{ file: "A/A.ttf", weight: 400, italic: false }] } } };
  it("accepts a minimal manifest", () => {
    assert.equal(parseFontManifest(good).families["A"]?.faces[0]?.weight, 400);
  });
  it("rejects paths that leave the fonts directory, bad weights and wrong versions", () => {
    const withFace = (face: object) => ({ version: 1, families: { A: { faces: [face] } } });
    assert.throws(() => parseFontManifest(withFace({ file: "../etc/x.ttf", weight: 400, italic: false })), /relative path/);
    assert.throws(() => parseFontManifest(withFace({ file: "/etc/x.ttf", weight: 400, italic: false })), /relative path/);
    assert.throws(() => parseFontManifest(withFace({ file: "A.ttf", weight: 1200, italic: false })), /weight/);
    assert.throws(() => parseFontManifest(withFace({ file: "A.ttf", weight: 400, italic: "yes" })), /italic/);
    assert.throws(() => parseFontManifest({ ...good, version: 2 }), /version/);
    assert.throws(() => parseFontManifest({ version: 1, families: {} }), /empty/);
  });
});
