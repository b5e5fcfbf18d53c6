import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { paintPdf } from "../../src/index.js";
import { layoutOf, NOW } from "./frames.js";
import { compareWithGolden, diffPngs, MAX_DIFF_FRACTION, TILE, withinTolerance } from "./golden.js";
import { raster } from "./inspect.js";
import { outputDir } from "./paths.js";
import { rasterise } from "./pdfjs.js";

const dir = mkdtempSync(join(tmpdir(), "docsvc-golden-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A white square with `dots` black pixels filled row by row from the top left. */
function square(size: number, dots: number): Promise<Buffer> {
  return blank(size, (context) => {
    for (let i = 0; i < dots; i++) context.fillRect(i % size, Math.floor(i / size), 1, 1);
  });
}

/** A white square, with black drawn on it by `draw`. */
async function blank(size: number, draw?: (context: SKRSContext2D) => void): Promise<Buffer> {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000000";
  draw?.(context);
  return canvas.encodeSync("png"); // sync: see rasterise in ./pdfjs.ts
}

async function withoutUpdate<T>(run: () => Promise<T>): Promise<T> {
  const saved = process.env.UPDATE_GOLDEN;
  delete process.env.UPDATE_GOLDEN;
  try {
    return await run();
  } finally {
    if (saved !== undefined) process.env.UPDATE_GOLDEN = saved;
  }
}

describe("golden harness", () => {
  it("rasterises one PNG per page at the given scale", async () => {
    const pdf = await paintPdf(
      layoutOf([[], { width: 100, height: 50, items: [] }], { width: 200, height: 120 }),
      { now: NOW },
    );
    const pngs = await rasterise(pdf, { scale: 2 });
    assert.equal(pngs.length, 2);
    const sizes = await Promise.all(pngs.map(async (png) => raster(png)));
    assert.deepEqual(sizes.map((r) => [r.width, r.height]), [[400, 240], [200, 100]]);
    assert.deepEqual(sizes[0]!.at(10, 10), [255, 255, 255, 255]);
  });

  it("tolerates a few differing pixels and rejects more", async () => {
    const base = await square(100, 0);
    assert.equal((await diffPngs(base, base)).fraction, 0);
    assert.equal((await diffPngs(await square(100, 10), base)).fraction, 0.001);
    assert.equal((await diffPngs(await square(100, 100), base)).fraction, 0.01);
    assert.equal((await diffPngs(await square(50, 0), base)).fraction, 1, "sizes differ");
  });

  it("rejects a dense cluster that the page-wide fraction lets through (a changed digit)", async () => {
    const base = await blank(400);
    // 12 pixels scattered one per row: under both limits.
    const scattered = await blank(400, (context) => {
      for (let i = 0; i < 12; i++) context.fillRect(i * 33, i * 33, 1, 1);
    });
    // A 3 × 4 block, like the stroke of a digit at scale 1: 0.0075 % of the page, yet 12 pixels in one square.
    const cluster = await blank(400, (context) => context.fillRect(200, 200, 3, 4));
    const spread = await diffPngs(scattered, base);
    const dense = await diffPngs(cluster, base);
    assert.equal(spread.worstTile, 1);
    assert.equal(dense.worstTile, 12);
    assert.ok(spread.fraction === dense.fraction && dense.fraction < MAX_DIFF_FRACTION, "the same page-wide fraction");
    assert.equal(withinTolerance(spread), true);
    assert.equal(withinTolerance(dense), false);
    // A cluster cut by a tile border is still seen whole in an overlapping square.
    const straddling = await diffPngs(await blank(400, (context) => context.fillRect(TILE - 2, TILE - 2, 4, 4)), base);
    assert.equal(straddling.worstTile, 16);
  });

  it("fails on a missing golden unless UPDATE_GOLDEN=1, which creates it", async () => {
    const png = await square(20, 0);
    await withoutUpdate(async () => {
      await assert.rejects(compareWithGolden("missing", [png], { dir }), /no golden/);
      assert.equal(existsSync(join(dir, "missing-p1.png")), false);
    });
    process.env.UPDATE_GOLDEN = "1";
    try {
      await compareWithGolden("missing", [png], { dir });
    } finally {
      delete process.env.UPDATE_GOLDEN;
    }
    assert.deepEqual(readFileSync(join(dir, "missing-p1.png")), png);
  });

  it("writes actual and diff images to test-output/ on a mismatch", async () => {
    await withoutUpdate(async () => {
      process.env.UPDATE_GOLDEN = "1";
      await compareWithGolden("changed", [await square(20, 0)], { dir });
      delete process.env.UPDATE_GOLDEN;
      await compareWithGolden("changed", [await square(20, 0)], { dir });
      await assert.rejects(compareWithGolden("changed", [await square(20, 40)], { dir }), /changed-p1\.png: 10\.000% of pixels differ .*, 24 in one 12×12 square/);
      assert.ok(existsSync(join(outputDir, "changed-p1.actual.png")));
      assert.ok(existsSync(join(outputDir, "changed-p1.diff.png")));
      await assert.rejects(compareWithGolden("changed", [], { dir }), /more pages/);
    });
  });
});
