export {};
export { loadDesignerFonts, designerFontsDir, readFontManifest, FONTS_DIR_ENV, FONT_MANIFEST_FILE } from "./fonts/load.js";
export { parseFontManifest, type FontManifest, type FontManifestFamily, type FontManifestFace } from "./fonts/manifest.js";
