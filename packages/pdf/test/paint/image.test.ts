import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FrameItem } from "@docsvc/layout";
import { paintPdf } from "../../src/index.js";
import { frameImage, layoutOf, NOW } from "../support/frames.js";
import { near, pageContents, pdfObjects, quadrantImage, raster } from "../support/inspect.js";
import { rasterise } from "../support/pdfjs.js";

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const YELLOW = [255, 255, 0];

function imageCount(pdf: Uint8Array): number {
  return pdfObjects(pdf).filter((o) => /\/Subtype \/Image/.test(o.dict) && !/\/ColorSpace \/DeviceGray\n\/Decode/.test(o.dict)).length;
}

describe("images", () => {
  for (const format of ["png", "jpeg"] as const) {
    it(`draws a ${format.toUpperCase()} scaled into its box`, async () => {
      const bytes = await quadrantImage(format, 40, 20);
      const pdf = await paintPdf(
        layoutOf([[{ kind: "image", x: 20, y: 30, width: 160, height: 120, image: "logo" }]], {
          images: { logo: frameImage(format, bytes, 40, 20) },
        }),
        { now: NOW },
      );
      assert.match(pageContents(pdf)[0]!, /q 160 0 0 -120 20 150 cm \/Im1 Do Q/);
      const page = await raster((await rasterise(pdf))[0]!);
      assert.ok(near(page.at(60, 60), RED), "top left");
      assert.ok(near(page.at(140, 60), GREEN), "top right");
      assert.ok(near(page.at(60, 120), BLUE), "bottom left");
      assert.ok(near(page.at(140, 120), YELLOW), "bottom right");
      assert.ok(near(page.at(10, 10), [255, 255, 255]), "outside the box");
    });
  }

  it("keeps a PNG's alpha channel (soft mask)", async () => {
    const bytes = await quadrantImage("png", 20, 20, 0.5);
    const items: FrameItem[] = [
      { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 200, height: 200 }, fill: "#000000" },
      { kind: "image", x: 50, y: 50, width: 100, height: 100, image: "half" },
    ];
    const pdf = await paintPdf(layoutOf([items], { images: { half: frameImage("png", bytes, 20, 20) } }), { now: NOW });
    assert.ok(pdfObjects(pdf).some((o) => /\/SMask \d+ 0 R/.test(o.dict)));
    const page = await raster((await rasterise(pdf))[0]!);
    assert.ok(near(page.at(75, 75), [128, 0, 0], 30), `half-transparent red over black: ${page.at(75, 75)}`);
  });

  it("embeds an image once per document however often it is placed", async () => {
    const png = await quadrantImage("png", 64, 64);
    const jpeg = await quadrantImage("jpeg", 64, 64);
    const placements = (key: string, count: number): FrameItem[] =>
      Array.from({ length: count }, (_, i) => ({ kind: "image", x: (i % 10) * 20, y: Math.floor(i / 10) * 20, width: 18, height: 18, image: key }));
    const images = { png: frameImage("png", png, 64, 64), jpeg: frameImage("jpeg", jpeg, 64, 64), again: frameImage("png", png, 64, 64) };
    const once = await paintPdf(layoutOf([placements("png", 1), placements("jpeg", 1)], { images }), { now: NOW });
    const often = await paintPdf(
      layoutOf([placements("png", 50), [...placements("jpeg", 50), ...placements("again", 5)]], { images }),
      { now: NOW },
    );
    assert.equal(imageCount(once), 2);
    assert.equal(imageCount(often), 2, "50 PNG + 50 JPEG placements (and the same bytes under another key) are two objects");
    assert.ok(often.length - once.length < 2000, `size grows by placements only: ${once.length} → ${often.length}`);
    const contents = pageContents(often);
    assert.equal(contents[0]!.match(/\/Im1 Do/g)?.length, 50);
    assert.equal(contents[1]!.match(/\/Im2 Do/g)?.length, 50);
    assert.equal(contents[1]!.match(/\/Im1 Do/g)?.length, 5);
  });

  it("skips undecodable bytes without failing the document", async () => {
    const png = await quadrantImage("png", 8, 8, 0.5);
    const corrupt = new Uint8Array(png);
    // Damage the compressed pixel data of a PNG with alpha (pdfkit would decode it asynchronously).
    const idat = Buffer.from(corrupt).indexOf("IDAT");
    corrupt.fill(0x55, idat + 6, idat + 30);
    const pdf = await paintPdf(
      layoutOf(
        [
          [
            { kind: "image", x: 0, y: 0, width: 10, height: 10, image: "garbage" },
            { kind: "image", x: 0, y: 0, width: 10, height: 10, image: "corrupt" },
            { kind: "shape", geometry: { type: "rect", x: 0, y: 0, width: 5, height: 5 }, fill: "#000000" },
          ],
        ],
        { images: { garbage: frameImage("png", new Uint8Array([1, 2, 3, 4]), 1, 1), corrupt: frameImage("png", corrupt, 8, 8) } },
      ),
      { now: NOW },
    );
    assert.equal(imageCount(pdf), 0);
    assert.match(pageContents(pdf)[0]!, /0 0 5 5 re/);
  });

  it("rejects an image key missing from the layout (a layout bug)", async () => {
    await assert.rejects(
      paintPdf(layoutOf([[{ kind: "image", x: 0, y: 0, width: 10, height: 10, image: "nope" }]]), { now: NOW }),
      /not in LayoutResult\.images/,
    );
  });
});
