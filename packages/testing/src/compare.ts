// Whether two page images are the same page. A page matches when at most `maxDiffFraction` of its pixels differ
// by more than `channelThreshold` in any channel (anti-aliasing noise from another rasteriser build stays below
// both) and no tile × tile square holds more than `maxTilePixels` of them: a changed digit is a small dense
// cluster of changed pixels (0.003 % of a page for a unit price), while rasteriser noise is scattered edge pixels.
import { createCanvas, loadImage } from "@napi-rs/canvas";

/** The tolerance of a comparison. */
export interface Tolerance {
  /** A channel differs when |actual − expected| exceeds this (0–255). */
  readonly channelThreshold: number;
  /** A page fails when more than this fraction of its pixels differ. */
  readonly maxDiffFraction: number;
  /** The side of the squares the local check counts in, in pixels. */
  readonly tile: number;
  /** A page fails when any tile × tile square holds more differing pixels than this. */
  readonly maxTilePixels: number;
}

/** The default tolerance: the one docsvc's own golden tests use (at scale 1 a 9 pt digit is about 5 × 7 px). */
export const DEFAULT_TOLERANCE: Tolerance = { channelThreshold: 32, maxDiffFraction: 0.002, tile: 12, maxTilePixels: 6 };

/** How two pages differ: the fraction of differing pixels, the most in any one tile, and a picture of where. */
export interface PageDiff {
  readonly fraction: number;
  readonly worstTile: number;
  /** Differing pixels in red over a faded copy of the expected page (PNG); the actual page when sizes differ. */
  readonly diff: Buffer;
  readonly sizeMismatch: boolean;
}

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
  return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
}

/** Whether a diff is within the tolerance. */
export function withinTolerance(diff: Pick<PageDiff, "fraction" | "worstTile">, tolerance: Tolerance = DEFAULT_TOLERANCE): boolean {
  return diff.fraction <= tolerance.maxDiffFraction && diff.worstTile <= tolerance.maxTilePixels;
}

/** Compares two PNGs (fraction 1 and worstTile Infinity when their sizes differ). */
export async function comparePngs(actual: Uint8Array, expected: Uint8Array, tolerance: Tolerance = DEFAULT_TOLERANCE): Promise<PageDiff> {
  const a = await decode(actual);
  const e = await decode(expected);
  if (a.width !== e.width || a.height !== e.height) {
    return { fraction: 1, worstTile: Number.POSITIVE_INFINITY, diff: Buffer.from(actual), sizeMismatch: true };
  }
  const differs = new Uint8Array(a.width * a.height);
  const canvas = createCanvas(a.width, a.height);
  const context = canvas.getContext("2d");
  const out = context.createImageData(a.width, a.height);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let bad = false;
    for (let c = 0; c < 4; c++) if (Math.abs(a.data[i + c]! - e.data[i + c]!) > tolerance.channelThreshold) bad = true;
    if (bad) {
      differing++;
      differs[i / 4] = 1;
    }
    const grey = 255 - (255 - (e.data[i]! + e.data[i + 1]! + e.data[i + 2]!) / 3) * 0.25;
    out.data[i] = bad ? 255 : grey;
    out.data[i + 1] = bad ? 0 : grey;
    out.data[i + 2] = bad ? 0 : grey;
    out.data[i + 3] = 255;
  }
  context.putImageData(out, 0, 0);
  const worstTile = differing === 0 ? 0 : densestTile(differs, a.width, a.height, tolerance.tile);
  // encodeSync: see rasterise.ts.
  return { fraction: differing / (a.width * a.height), worstTile, diff: canvas.encodeSync("png"), sizeMismatch: false };
}

/**
 * The most set cells in any tile × tile square whose corner lies on the half-tile grid, so that a cluster cut by
 * a tile border is still counted whole in one of the overlapping squares. A summed-area table makes each O(1).
 */
function densestTile(differs: Uint8Array, width: number, height: number, tile: number): number {
  const stride = width + 1;
  const sums = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += differs[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const step = Math.max(1, Math.floor(tile / 2));
  let worst = 0;
  for (let y0 = 0; y0 < height; y0 += step) {
    const y1 = Math.min(height, y0 + tile);
    for (let x0 = 0; x0 < width; x0 += step) {
      const x1 = Math.min(width, x0 + tile);
      const count = sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
      if (count > worst) worst = count;
    }
  }
  return worst;
}
