// The designer fonts' directory: where fonts.json and the family folders are. @docsvc/pdf finds this package by
// package resolution (require.resolve("@docsvc/fonts/fonts.json")), so an installed project needs no
// DOCSVC_FONTS_DIR; this export is for code that wants the path itself (a container image, a font listing).
import { fileURLToPath } from "node:url";

/** Absolute path of the fonts directory (ends without a separator). */
export const fontsDir = fileURLToPath(new URL(".", import.meta.url)).replace(/[\\/]$/, "");

/** Absolute path of the manifest, fonts.json. */
export const manifestPath = fileURLToPath(new URL("./fonts.json", import.meta.url));
