// Rasterising with poppler's pdftoppm (Debian's poppler-utils), for comparisons with Chromium's PDFs: pdf.js
// in Node cannot draw the shadings Chromium writes for CSS gradients, so both sides go through poppler.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Every page as a PNG at `dpi` (72: one pixel per point), in page order. */
export function popplerPngs(pdf: Uint8Array, dpi = 72): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), "poppler-"));
  try {
    writeFileSync(join(dir, "in.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", String(dpi), "-png", join(dir, "in.pdf"), join(dir, "page")], { stdio: "ignore" });
    return readdirSync(dir)
      .filter((f) => f.startsWith("page") && f.endsWith(".png"))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]))
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
