// The sRGB ICC profile of the PDF/A output intent: the ICC's own sRGB v2 profile (sRGB2014, 3,024 bytes) as
// pdfkit ships it for its PDF/A mode. Read once per process from pdfkit's package (no network, no copy of
// the binary in this repository); pdfkit's `exports` map does not expose its data folder, so the path is
// found from its main file.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let profile: Promise<Uint8Array> | undefined;

/** The sRGB IEC61966-2.1 profile's bytes (cached). */
export function srgbProfile(): Promise<Uint8Array> {
  profile ??= (async () => {
    const main = createRequire(import.meta.url).resolve("pdfkit");
    const bytes = new Uint8Array(await readFile(join(dirname(main), "data", "sRGB_IEC61966_2_1.icc")));
    // The header's colour space (bytes 16–19) and signature (36–39): a wrong file fails here, not in a validator.
    const text = Buffer.from(bytes.subarray(16, 40)).toString("latin1");
    if (!text.startsWith("RGB ") || text.slice(20, 24) !== "acsp") throw new Error("pdfkit's sRGB ICC profile is not an RGB ICC profile");
    return bytes;
  })();
  profile.catch(() => (profile = undefined));
  return profile;
}
