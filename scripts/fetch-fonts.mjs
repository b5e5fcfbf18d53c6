// Fetches the designer fonts into fonts/ (run with `pnpm fonts`).
//
// Each family comes from one pinned npm package, downloaded with `npm pack` into a temp dir (the npm registry
// is the only source this project can reach). Only the chosen static TTFs are copied out, so the product ships
// ~17 MB of fonts instead of ~94 MB of packages. The script writes, per family, fonts/<Dir>/<Dir>-<Style>.ttf
// plus its licence file, and fonts/fonts.json (the manifest the loader in packages/pdf reads).
//
//   node scripts/fetch-fonts.mjs            download, extract, write licences and the manifest
//   node scripts/fetch-fonts.mjs --verify   no network: check the committed files against the manifest's hashes
//   node scripts/fetch-fonts.mjs --with cjk,emoji [--packs-only]
//                                           also (or only) fetch the optional packs into fonts/optional/
//
// Why these choices: WOFF/WOFF2 break pdfkit's subsetter, so only TTF is taken; variable fonts are avoided
// (pdfkit embeds the default instance only), so only static instances are taken.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const FONTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "fonts");
const MANIFEST = join(FONTS_DIR, "fonts.json");
/** Full Apache 2.0 text, kept in the repo because no package here ships it beside an Apache-licensed font. */
const APACHE_TEXT = join(FONTS_DIR, "licenses", "Apache-2.0.txt");

/** The four styles taken where a family has them; `expo` is the style folder/suffix in @expo-google-fonts. */
const STYLES = [
  { style: "Regular", weight: 400, italic: false, expo: "400Regular" },
  { style: "Bold", weight: 700, italic: false, expo: "700Bold" },
  { style: "Italic", weight: 400, italic: true, expo: "400Regular_Italic" },
  { style: "BoldItalic", weight: 700, italic: true, expo: "700Bold_Italic" },
];

const LATIN = ["Latin", "Latin Extended"];
/**
 * The families. `scripts` lists the writing systems the Regular face covers (checked with fontkit: a sample
 * letter of each script, see packages/pdf/test/fonts). `italic: false` marks families without italic faces.
 */
const FAMILIES = [
  expo("Inter", "Inter", "inter@0.4.2", [...LATIN, "Greek", "Cyrillic", "Vietnamese"]),
  expo("Roboto", "Roboto", "roboto@0.4.3", [...LATIN, "Greek", "Cyrillic", "Vietnamese"]),
  expo("Open Sans", "OpenSans", "open-sans@0.4.2", [...LATIN, "Greek", "Cyrillic", "Vietnamese", "Hebrew"]),
  // Lato 1.x: Latin-1 plus Polish letters only, so no "Latin Extended".
  expo("Lato", "Lato", "lato@0.4.1", ["Latin"]),
  expo("Montserrat", "Montserrat", "montserrat@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("Poppins", "Poppins", "poppins@0.4.1", [...LATIN, "Devanagari"]),
  expo("Nunito", "Nunito", "nunito@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("Oswald", "Oswald", "oswald@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"], { italic: false }),
  expo("Noto Sans", "NotoSans", "noto-sans@0.4.2", [...LATIN, "Greek", "Cyrillic", "Vietnamese", "Devanagari"]),
  expo("Noto Serif", "NotoSerif", "noto-serif@0.4.2", [...LATIN, "Greek", "Cyrillic", "Vietnamese"]),
  expo("Source Serif 4", "SourceSerif4", "source-serif-4@0.4.1", [...LATIN, "Greek", "Cyrillic", "Vietnamese"]),
  expo("Merriweather", "Merriweather", "merriweather@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("Playfair Display", "PlayfairDisplay", "playfair-display@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("Lora", "Lora", "lora@0.4.2", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("IBM Plex Mono", "IBMPlexMono", "ibm-plex-mono@0.4.1", [...LATIN, "Cyrillic", "Vietnamese"]),
  expo("JetBrains Mono", "JetBrainsMono", "jetbrains-mono@0.4.1", [...LATIN, "Greek", "Cyrillic", "Vietnamese"]),
  expo("Noto Sans Arabic", "NotoSansArabic", "noto-sans-arabic@0.4.3", ["Arabic"], { italic: false }),
  {
    family: "Noto Sans Hebrew",
    dir: "NotoSansHebrew",
    pkg: "@embedpdf/fonts-hebrew@1.0.0",
    scripts: ["Hebrew"],
    faces: [
      { style: "Regular", weight: 400, italic: false, from: "package/fonts/NotoSansHebrew-Regular.ttf" },
      // The file's OS/2 weight class says 600, but it is the family's Bold and is matched as 700.
      { style: "Bold", weight: 700, italic: false, from: "package/fonts/NotoSansHebrew-Bold.ttf" },
    ],
    // These are Noto Sans Hebrew 1.0x (2012) files; their name table says "Licensed under the Apache License,
    // Version 2.0", which is how Google released Noto then. The package's own LICENSE is an OFL text with the
    // CJK copyright line, so the Apache text is written with the font's own copyright line instead.
    licence: {
      spdx: "Apache-2.0",
      file: "LICENSE",
      apache: "Copyright 2012 Google Inc. All Rights Reserved.\n" +
        "Noto is a trademark of Google Inc. and may be registered in certain jurisdictions.\n\n" +
        "Noto Sans Hebrew (NotoSansHebrew-Regular.ttf version 1.02, NotoSansHebrew-Bold.ttf version 1.01) is\n" +
        "licensed under the Apache License, Version 2.0, as stated in the fonts' name tables.\n" +
        "The text of the licence follows.\n\n",
    },
  },
];

/**
 * Optional packs: large fallback families that the default install does without, fetched on request with
 * `pnpm fonts --with cjk,emoji` into fonts/optional/ (not committed). The loader adds whatever is there; the
 * fallback chain in fonts.json already names their families (a family that is absent is skipped), and a
 * missing CJK or emoji glyph's diagnostic names the pack to install.
 */
const OFL_FROM_EXPO = { spdx: "OFL-1.1", file: "OFL.txt", from: "package/LICENSE_FONT" };
const PACKS = {
  // Noto Sans SC: Chinese (simplified, and most traditional characters) and Japanese kana. 2 faces, 21.1 MB.
  cjk: [
    {
      family: "Noto Sans SC",
      dir: "NotoSansSC",
      pkg: "@expo-google-fonts/noto-sans-sc@0.4.3",
      scripts: ["Han", "Hiragana", "Katakana", "CJK punctuation"],
      faces: [
        { style: "Regular", weight: 400, italic: false, from: "package/400Regular/NotoSansSC_400Regular.ttf" },
        { style: "Bold", weight: 700, italic: false, from: "package/700Bold/NotoSansSC_700Bold.ttf" },
      ],
      licence: OFL_FROM_EXPO,
    },
  ],
  // Noto Emoji: the monochrome outline emoji (PDF text cannot carry colour-bitmap emoji). 1 face, 0.89 MB.
  emoji: [
    {
      family: "Noto Emoji",
      dir: "NotoEmoji",
      pkg: "@expo-google-fonts/noto-emoji@0.4.7",
      scripts: ["Emoji"],
      faces: [{ style: "Regular", weight: 400, italic: false, from: "package/400Regular/NotoEmoji_400Regular.ttf" }],
      licence: OFL_FROM_EXPO,
    },
  ],
};
const OPTIONAL_DIR = join(FONTS_DIR, "optional");
const OPTIONAL_MANIFEST = join(OPTIONAL_DIR, "fonts.json");

/** A family from @expo-google-fonts: its static TTFs and its LICENSE_FONT (the OFL with the family's copyright). */
function expo(family, dir, pkgAtVersion, scripts, { italic = true } = {}) {
  const styles = STYLES.filter((s) => italic || !s.italic);
  return {
    family,
    dir,
    pkg: `@expo-google-fonts/${pkgAtVersion}`,
    scripts,
    faces: styles.map((s) => ({ ...s, from: `package/${s.expo}/${dir}_${s.expo}.ttf` })),
    licence: { spdx: "OFL-1.1", file: "OFL.txt", from: "package/LICENSE_FONT" },
  };
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Downloads and unpacks one package into its own folder under `tmp`; returns that folder. */
async function unpack(pkg, tmp) {
  const dest = join(tmp, pkg.replace(/[@/]/g, "_"));
  await mkdir(dest, { recursive: true });
  const { stdout } = await run("npm", ["pack", pkg, "--silent", "--pack-destination", dest], { cwd: dest });
  const tgz = stdout.trim().split("\n").pop();
  if (!tgz) throw new Error(`npm pack ${pkg} printed no file name`);
  await run("tar", ["xzf", join(dest, tgz), "-C", dest]);
  return dest;
}

/** Copies one family's faces and licence into <base>/<dir>/ and returns its manifest entry (paths relative to base). */
async function fetchFamily(spec, tmp, base = FONTS_DIR) {
  const src = await unpack(spec.pkg, tmp);
  const outDir = join(base, spec.dir);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const faces = [];
  for (const face of spec.faces) {
    const bytes = await readFile(join(src, face.from));
    if (bytes.subarray(0, 4).toString("latin1") === "wOF2") throw new Error(`${face.from} is WOFF2, not TTF`);
    const file = `${spec.dir}/${spec.dir}-${face.style}.ttf`;
    await writeFile(join(base, file), bytes);
    faces.push({ file, weight: face.weight, italic: face.italic, size: bytes.length, sha256: sha256(bytes) });
  }
  const licenceText = spec.licence.from
    ? await readFile(join(src, spec.licence.from), "utf8")
    : spec.licence.apache + (await readFile(APACHE_TEXT, "utf8"));
  await writeFile(join(outDir, spec.licence.file), licenceText);
  return {
    dir: spec.dir,
    source: spec.pkg,
    licence: spec.licence.spdx,
    licenceFile: `${spec.dir}/${spec.licence.file}`,
    scripts: spec.scripts,
    faces,
  };
}

/** The packs asked for with `--with a,b` (validated), or none. */
function requestedPacks() {
  const at = process.argv.indexOf("--with");
  if (at < 0) return [];
  const names = (process.argv[at + 1] ?? "").split(",").map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    if (!(name in PACKS)) throw new Error(`unknown font pack '${name}' (known: ${Object.keys(PACKS).join(", ")})`);
  }
  return names;
}

/** Downloads the optional packs into fonts/optional/ and writes fonts/optional/fonts.json (packs kept from before stay). */
async function fetchPacks(names) {
  if (names.length === 0) return;
  const tmp = await mkdtemp(join(tmpdir(), "docsvc-font-packs-"));
  try {
    await mkdir(OPTIONAL_DIR, { recursive: true });
    const previous = await readFile(OPTIONAL_MANIFEST, "utf8").then(JSON.parse, () => ({ version: 1, packs: {} }));
    const packs = { ...previous.packs };
    for (const name of names) {
      const families = {};
      for (const spec of PACKS[name]) families[spec.family] = await fetchFamily(spec, tmp, OPTIONAL_DIR);
      const bytes = Object.values(families).flatMap((f) => f.faces).reduce((n, f) => n + f.size, 0);
      packs[name] = { families };
      console.log(`pack ${name.padEnd(13)} ${Object.keys(families).join(", ")} ${(bytes / 1e6).toFixed(2)} MB`);
    }
    await writeFile(OPTIONAL_MANIFEST, JSON.stringify({ version: 1, packs }, null, 2) + "\n");
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Downloads every family and writes the manifest. */
async function fetchAll() {
  const tmp = await mkdtemp(join(tmpdir(), "docsvc-fonts-"));
  try {
    const families = {};
    for (const spec of FAMILIES) {
      families[spec.family] = await fetchFamily(spec, tmp);
      const total = families[spec.family].faces.reduce((n, f) => n + f.size, 0);
      console.log(`${spec.family.padEnd(18)} ${families[spec.family].faces.length} faces ${(total / 1e6).toFixed(2)} MB`);
    }
    const manifest = {
      version: 1,
      defaultFamily: "Inter",
      // Inter after Noto Sans: arrows and symbols Noto Sans lacks. The optional packs' families come last.
      fallbackFamilies: ["Noto Sans", "Inter", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans SC", "Noto Emoji"],
      families,
    };
    await writeFile(MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
    const all = Object.values(families).flatMap((f) => f.faces);
    console.log(`${all.length} faces, ${(all.reduce((n, f) => n + f.size, 0) / 1e6).toFixed(2)} MB -> ${MANIFEST}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Checks that every file in the manifest is present with the recorded hash; exits non-zero otherwise. */
async function verify() {
  const manifest = JSON.parse(await readFile(MANIFEST, "utf8"));
  let bad = 0;
  for (const [family, entry] of Object.entries(manifest.families)) {
    for (const face of entry.faces) {
      const bytes = await readFile(join(FONTS_DIR, face.file)).catch(() => undefined);
      if (!bytes || sha256(bytes) !== face.sha256) {
        console.error(`${family}: ${face.file} ${bytes ? "hash differs" : "missing"}`);
        bad++;
      }
    }
    await readFile(join(FONTS_DIR, entry.licenceFile)).catch(() => {
      console.error(`${family}: licence ${entry.licenceFile} missing`);
      bad++;
    });
  }
  // Installed optional packs are checked the same way (their files are relative to fonts/optional/).
  const optional = await readFile(OPTIONAL_MANIFEST, "utf8").then(JSON.parse, () => undefined);
  for (const [pack, { families }] of Object.entries(optional?.packs ?? {})) {
    for (const [family, entry] of Object.entries(families)) {
      for (const face of entry.faces) {
        const bytes = await readFile(join(OPTIONAL_DIR, face.file)).catch(() => undefined);
        if (!bytes || sha256(bytes) !== face.sha256) {
          console.error(`pack ${pack}: ${family}: ${face.file} ${bytes ? "hash differs" : "missing"}`);
          bad++;
        }
      }
    }
  }
  const expected = new Set(Object.values(manifest.families).map((f) => f.dir));
  for (const name of await readdir(FONTS_DIR, { withFileTypes: true })) {
    if (name.isDirectory() && name.name !== "licenses" && name.name !== "optional" && !expected.has(name.name)) {
      console.error(`fonts/${name.name} is not in the manifest`);
      bad++;
    }
  }
  console.log(bad === 0 ? "fonts: all files match fonts.json" : `fonts: ${bad} problem(s)`);
  process.exitCode = bad === 0 ? 0 : 1;
}

if (process.argv.includes("--verify")) await verify();
else {
  const packs = requestedPacks();
  // `--packs-only` skips the committed families (nothing to download when only a pack is wanted).
  if (!process.argv.includes("--packs-only")) await fetchAll();
  await fetchPacks(packs);
}
