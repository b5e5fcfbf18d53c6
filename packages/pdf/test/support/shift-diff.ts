// A comparison of two engines' pictures of one page that forgives small shifts: a pixel differs only when
// no pixel within `radius` pixels of it in the other picture is within CHANNEL_THRESHOLD of it (both ways).
// Two engines place lines of text a pixel or two apart (line-height rounding, glyph positioning), which
// the strict golden diff counts on every glyph edge; missing or extra content (a marker, a counter, a
// margin box, a word) has no match nearby and still counts. Pictures are compared over the area they share.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { CHANNEL_THRESHOLD } from "./golden.js";

interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

async function decode(png: Uint8Array, width: number, height: number): Promise<Pixels> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

async function size(png: Uint8Array): Promise<{ width: number; height: number }> {
  const image = await loadImage(Buffer.from(png));
  return { width: image.width, height: image.height };
}

/** How two pictures differ beyond small shifts: the fraction of unmatched pixels, and the most in one TILE × TILE square. */
export interface ShiftDiff {
  readonly fraction: number;
  readonly worstTile: number;
  /** The top-left corner of that square, for the failure message. */
  readonly worstAt: { readonly x: number; readonly y: number };
}

/** Squares of this side (pixels) count unmatched pixels: missing content is a dense cluster, drift is not. */
export const SHIFT_TILE = 12;

/** Compares the shared area of two pictures, a pixel matching any close pixel within `radius` in the other. */
export async function shiftTolerantDiff(a: Uint8Array, b: Uint8Array, radius = 3): Promise<ShiftDiff> {
  const [sa, sb] = await Promise.all([size(a), size(b)]);
  const width = Math.min(sa.width, sb.width);
  const height = Math.min(sa.height, sb.height);
  const [pa, pb] = await Promise.all([decode(a, width, height), decode(b, width, height)]);
  let differing = 0;
  const tilesX = Math.ceil(width / SHIFT_TILE);
  const tiles = new Uint32Array(tilesX * Math.ceil(height / SHIFT_TILE));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!matchedNear(pa, pb, x, y, radius) || !matchedNear(pb, pa, x, y, radius)) {
        differing++;
        const t = Math.floor(y / SHIFT_TILE) * tilesX + Math.floor(x / SHIFT_TILE);
        tiles[t] = (tiles[t] ?? 0) + 1;
      }
    }
  }
  let worstTile = 0;
  let worstAt = 0;
  tiles.forEach((n, i) => {
    if (n > worstTile) [worstTile, worstAt] = [n, i];
  });
  return { fraction: differing / (width * height), worstTile, worstAt: { x: (worstAt % tilesX) * SHIFT_TILE, y: Math.floor(worstAt / tilesX) * SHIFT_TILE } };
}

function matchedNear(from: Pixels, to: Pixels, x: number, y: number, radius: number): boolean {
  const i = (y * from.width + x) * 4;
  const r = from.data[i] as number;
  const g = from.data[i + 1] as number;
  const b = from.data[i + 2] as number;
  // The common case first: the same place matches.
  if (close(to, i, r, g, b)) return true;
  for (let dy = -radius; dy <= radius; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= to.height) continue;
    for (let dx = -radius; dx <= radius; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= to.width) continue;
      if (close(to, (yy * to.width + xx) * 4, r, g, b)) return true;
    }
  }
  return false;
}

function close(p: Pixels, i: number, r: number, g: number, b: number): boolean {
  return Math.abs((p.data[i] as number) - r) <= CHANNEL_THRESHOLD && Math.abs((p.data[i + 1] as number) - g) <= CHANNEL_THRESHOLD && Math.abs((p.data[i + 2] as number) - b) <= CHANNEL_THRESHOLD;
}
