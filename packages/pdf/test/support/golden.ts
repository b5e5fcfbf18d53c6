// Golden PNG comparison for rendered pages. A page matches when at most MAX_DIFF_FRACTION of its pixels
// differ by more than CHANNEL_THRESHOLD in any channel (anti-aliasing noise stays below both).
// UPDATE_GOLDEN=1 writes missing or changed goldens instead of failing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { goldenDir, outputDir } from "./paths.js";

/** A channel differs when |actual − expected| exceeds this (0–255). */
export const CHANNEL_THRESHOLD = 32;
/** A page fails when more than this fraction of its pixels differ. */
export const MAX_DIFF_FRACTION = 0.002;

interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

async function decode(png: Uint8Array): Promise<Pixels> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}

/** Compares two PNGs; returns the fraction of differing pixels (1 when sizes differ) and a diff PNG. */
export async function diffPngs(actual: Uint8Array, expected: Uint8Array): Promise<{ fraction: number; diff: Buffer }> {
  const a = await decode(actual);
  const e = await decode(expected);
  if (a.width !== e.width || a.height !== e.height) {
    return { fraction: 1, diff: Buffer.from(actual) };
  }
  const canvas = createCanvas(a.width, a.height);
  const context = canvas.getContext("2d");
  const out = context.createImageData(a.width, a.height);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let bad = false;
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[i + c]! - e.data[i + c]!) > CHANNEL_THRESHOLD) bad = true;
    }
    if (bad) differing++;
    // Differences in red over a faded copy of the expected page.
    const grey = 255 - (255 - (e.data[i]! + e.data[i + 1]! + e.data[i + 2]!) / 3) * 0.25;
    out.data[i] = bad ? 255 : grey;
    out.data[i + 1] = bad ? 0 : grey;
    out.data[i + 2] = bad ? 0 : grey;
    out.data[i + 3] = 255;
  }
  context.putImageData(out, 0, 0);
  return { fraction: differing / (a.width * a.height), diff: canvas.encodeSync("png") }; // sync: see rasterise in ./pdfjs.ts
}

/**
 * Checks rendered pages against `test/golden/<name>-p<N>.png` (or `options.dir`). Throws with the differing fraction when a
 * page does not match (actual and diff images go to `test-output/`), or when a golden is missing, unless
 * UPDATE_GOLDEN=1, which (re)writes the goldens.
 */
export async function compareWithGolden(
  name: string,
  pngs: readonly Uint8Array[],
  options: { readonly dir?: string } = {},
): Promise<void> {
  const update = process.env.UPDATE_GOLDEN === "1";
  const dir = options.dir ?? goldenDir;
  const failures: string[] = [];
  for (const [index, png] of pngs.entries()) {
    const file = `${name}-p${index + 1}.png`;
    const goldenPath = join(dir, file);
    if (!existsSync(goldenPath)) {
      if (update) {
        mkdirSync(dirname(goldenPath), { recursive: true });
        writeFileSync(goldenPath, png);
        continue;
      }
      failures.push(`${file}: no golden (run with UPDATE_GOLDEN=1 to create it, then check it by eye)`);
      writeOutput(file.replace(/\.png$/, ".actual.png"), png);
      continue;
    }
    const { fraction, diff } = await diffPngs(png, readFileSync(goldenPath));
    if (fraction <= MAX_DIFF_FRACTION) continue;
    if (update) {
      writeFileSync(goldenPath, png);
      continue;
    }
    writeOutput(file.replace(/\.png$/, ".actual.png"), png);
    writeOutput(file.replace(/\.png$/, ".diff.png"), diff);
    failures.push(`${file}: ${(fraction * 100).toFixed(3)}% of pixels differ (limit ${(MAX_DIFF_FRACTION * 100).toFixed(3)}%); see test-output/`);
  }
  const extra = join(dir, `${name}-p${pngs.length + 1}.png`);
  if (existsSync(extra) && !update) failures.push(`${name}: golden has more pages than the ${pngs.length} rendered`);
  if (failures.length > 0) throw new Error(`Golden mismatch:\n  ${failures.join("\n  ")}`);
}

function writeOutput(file: string, png: Uint8Array): void {
  const path = join(outputDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, png);
}
