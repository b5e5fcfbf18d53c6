// Golden PNG comparison for rendered pages. A page matches when at most MAX_DIFF_FRACTION of its pixels
// differ by more than CHANNEL_THRESHOLD in any channel (anti-aliasing noise stays below both), and no
// TILE×TILE square holds more than MAX_TILE_PIXELS of them. The page-wide fraction alone let one changed digit
// through (an invoice number differs by 0.08 % of a page, a unit price by 0.003 %): a digit is a dense cluster
// of changed pixels in one small square, while rasteriser noise is a few scattered edge pixels.
// UPDATE_GOLDEN=1 writes missing or changed goldens instead of failing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { goldenDir, outputDir } from "./paths.js";

/** A channel differs when |actual − expected| exceeds this (0–255). */
export const CHANNEL_THRESHOLD = 32;
/** A page fails when more than this fraction of its pixels differ. */
export const MAX_DIFF_FRACTION = 0.002;
/** The side of the squares the local check counts in, in pixels (at scale 1 a 9 pt digit is about 5 × 7 px). */
export const TILE = 12;
/** A page fails when any TILE × TILE square holds more differing pixels than this. */
export const MAX_TILE_PIXELS = 6;

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

/** How two pages differ: the fraction of differing pixels, the most in any one tile, and a picture of where. */
export interface PageDiff {
  readonly fraction: number;
  /** The largest count of differing pixels in one TILE × TILE square (aligned to the grid and to half tiles). */
  readonly worstTile: number;
  readonly diff: Buffer;
}

/** Whether a page is close enough to its golden: few differing pixels overall and no dense cluster of them. */
export function withinTolerance(diff: Pick<PageDiff, "fraction" | "worstTile">): boolean {
  return diff.fraction <= MAX_DIFF_FRACTION && diff.worstTile <= MAX_TILE_PIXELS;
}

/** Compares two PNGs (fraction 1 and worstTile Infinity when their sizes differ). */
export async function diffPngs(actual: Uint8Array, expected: Uint8Array): Promise<PageDiff> {
  const a = await decode(actual);
  const e = await decode(expected);
  if (a.width !== e.width || a.height !== e.height) {
    return { fraction: 1, worstTile: Number.POSITIVE_INFINITY, diff: Buffer.from(actual) };
  }
  const differs = new Uint8Array(a.width * a.height);
  const canvas = createCanvas(a.width, a.height);
  const context = canvas.getContext("2d");
  const out = context.createImageData(a.width, a.height);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let bad = false;
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[i + c]! - e.data[i + c]!) > CHANNEL_THRESHOLD) bad = true;
    }
    if (bad) {
      differing++;
      differs[i / 4] = 1;
    }
    // Differences in red over a faded copy of the expected page.
    const grey = 255 - (255 - (e.data[i]! + e.data[i + 1]! + e.data[i + 2]!) / 3) * 0.25;
    out.data[i] = bad ? 255 : grey;
    out.data[i + 1] = bad ? 0 : grey;
    out.data[i + 2] = bad ? 0 : grey;
    out.data[i + 3] = 255;
  }
  context.putImageData(out, 0, 0);
  const worstTile = differing === 0 ? 0 : densestTile(differs, a.width, a.height);
  return { fraction: differing / (a.width * a.height), worstTile, diff: canvas.encodeSync("png") }; // sync: see rasterise in ./pdfjs.ts
}

/**
 * The most set cells in any TILE × TILE square whose corner lies on the half-tile grid, so that a cluster cut by a
 * tile border is still counted whole in one of the overlapping squares. A summed-area table makes each square O(1).
 */
function densestTile(differs: Uint8Array, width: number, height: number): number {
  const stride = width + 1;
  const sums = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += differs[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const step = TILE / 2;
  let worst = 0;
  for (let y0 = 0; y0 < height; y0 += step) {
    const y1 = Math.min(height, y0 + TILE);
    for (let x0 = 0; x0 < width; x0 += step) {
      const x1 = Math.min(width, x0 + TILE);
      const count = sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
      if (count > worst) worst = count;
    }
  }
  return worst;
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
    const pageDiff = await diffPngs(png, readFileSync(goldenPath));
    if (withinTolerance(pageDiff)) continue;
    const { fraction, worstTile, diff } = pageDiff;
    if (update) {
      writeFileSync(goldenPath, png);
      continue;
    }
    writeOutput(file.replace(/\.png$/, ".actual.png"), png);
    writeOutput(file.replace(/\.png$/, ".diff.png"), diff);
    failures.push(
      `${file}: ${(fraction * 100).toFixed(3)}% of pixels differ (limit ${(MAX_DIFF_FRACTION * 100).toFixed(3)}%), ` +
        `${worstTile} in one ${TILE}×${TILE} square (limit ${MAX_TILE_PIXELS}); see test-output/`,
    );
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
