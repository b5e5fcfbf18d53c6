// pdf-lib (about 140 modules, a fifth of a second to import) is needed only once a base PDF is read, so it is
// required on first use instead of with the package: a render without a base PDF never loads it. `require`
// resolves the same build (pdf-lib's CommonJS main) an `import` would, so its classes match in `instanceof`.
import { createRequire } from "node:module";

export type PdfLib = typeof import("pdf-lib");

let lib: PdfLib | undefined;

/** The pdf-lib module, loaded on the first call. */
export function pdfLib(): PdfLib {
  lib ??= createRequire(import.meta.url)("pdf-lib") as PdfLib;
  return lib;
}
