// Compares two page rasters (the reference and a rendered draft): both scaled to one small greyscale grid,
// the mean difference gives a similarity, and the cells that differ most become regions in points. Small
// images (a few thousand pixels) keep this cheap enough for the main thread; sharp does the scaling off it.
import { sharp } from "./sharp.js";

/** A region of the page that differs, in points from the top-left corner; `difference` 0–1. */
export interface DiffRegion {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly difference: number;
}

/** How alike two pages are. */
export interface PageDiff {
  /** 1 = identical, 0 = opposite. */
  readonly similarity: number;
  /** At most `maxRegions`, most different first. */
  readonly regions: readonly DiffRegion[];
}

const GRID_WIDTH = 96;
const CELL = 8;

async function grey(png: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  // A light blur first: a line one pixel off is a small difference, not two full ones.
  return new Uint8Array(await sharp(png).flatten({ background: "#ffffff" }).greyscale().resize(width, height, { fit: "fill" }).blur(1).raw().toBuffer());
}

/** Compares `draft` with `reference`; `page` is the reference page's size in points. */
export async function comparePages(reference: Uint8Array, draft: Uint8Array, page: { width: number; height: number }, maxRegions = 8): Promise<PageDiff> {
  const width = GRID_WIDTH;
  const height = Math.max(CELL, Math.round((GRID_WIDTH * page.height) / page.width / CELL) * CELL);
  const [a, b] = await Promise.all([grey(reference, width, height), grey(draft, width, height)]);
  let total = 0;
  const cells: DiffRegion[] = [];
  const sx = page.width / width;
  const sy = page.height / height;
  for (let cy = 0; cy < height; cy += CELL) {
    for (let cx = 0; cx < width; cx += CELL) {
      let sum = 0;
      for (let y = cy; y < cy + CELL; y++) for (let x = cx; x < cx + CELL; x++) sum += Math.abs((a[y * width + x] ?? 0) - (b[y * width + x] ?? 0));
      total += sum;
      const difference = sum / (CELL * CELL * 255);
      if (difference > 0.04) cells.push({ x: cx * sx, y: cy * sy, width: CELL * sx, height: CELL * sy, difference });
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  const regions = cells
    .sort((p, q) => q.difference - p.difference)
    .slice(0, maxRegions)
    .map((r) => ({ x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height), difference: Math.round(r.difference * 100) / 100 }));
  return { similarity: 1 - total / (width * height * 255), regions };
}
