// Image bombs: the pixel limit holds whatever the fit, checked from the header before anything is inflated, and
// an embedded image is never larger than its box needs at 300 dpi (downsampled), for every format and fit.
import { strict as assert } from "node:assert";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { documentOf, rssPeak, send, startLoadServer, TEST_TIMEOUT_MS, whileResponsive, type LoadServer } from "./render-load.js";

let s: LoadServer;
before(async () => {
  s = await startLoadServer();
});
after(async () => {
  await s.close();
});

/** A document with one image element, by default of 100 × 100 pt (416.7 px at 300 dpi: a target of 448 px a side). */
function imageDocument(src: string, fit: "contain" | "cover" | "fill", width = 100, height = 100): string {
  return documentOf([{ id: "d", kind: "detail", height: height + 20, elements: [{ id: "i", type: "image", x: 0, y: 0, width, height, src, fit }] }]);
}

/** Pixel sizes of the images embedded in a PDF (their dictionaries are written in clear). */
function embeddedSizes(pdf: Uint8Array): { width: number; height: number }[] {
  const text = Buffer.from(pdf).toString("latin1");
  return [...text.matchAll(/\/Subtype \/Image[^]*?\/Width (\d+)[^]*?\/Height (\d+)/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

const dataUrl = (type: string, bytes: Buffer): string => `data:${type};base64,${bytes.toString("base64")}`;

test("a 4096 × 32768 PNG (134 megapixels, ~0.5 MB) with fit fill or cover is refused from its header, never inflated", async () => {
  // Solid colour compresses to almost nothing: the bytes are small, the pixels are not.
  const rgba = await sharp({ create: { width: 4096, height: 32768, channels: 4, background: "#3366cc80" } }).png({ compressionLevel: 9 }).toBuffer();
  const grey = await sharp({ create: { width: 4096, height: 32768, channels: 3, background: "#808080" } }).toColourspace("b-w").png({ compressionLevel: 9 }).toBuffer();
  for (const [name, png] of [["RGBA", rgba], ["greyscale", grey]] as const) {
    for (const fit of ["fill", "cover"] as const) {
      const memory = rssPeak();
      // 800 pt wide: the box needs the image's whole width (4096 px at 300 dpi), so only its height is excessive.
      const content = imageDocument(dataUrl("image/png", png), fit, 800, 100);
      const res = await whileResponsive(s, send(s.url, "POST", "/api/render", s.a.token, { content, data: {} }), 1);
      const growth = memory.stop();
      assert.equal(res.status, 200, `${name} ${fit}`);
      // The document renders without the image (a diagnostic says why): no 134-megapixel image in the output.
      assert.deepEqual(embeddedSizes(res.bytes), [], `${name} ${fit}`);
      assert.ok(res.ms < TEST_TIMEOUT_MS + 5_000, `${name} ${fit}: ${res.ms} ms`);
      assert.ok(growth < 250, `${name} ${fit}: RSS grew by ${Math.round(growth)} MB`);
    }
  }
});

test("a 3000 × 1000 image in a 100 pt box is embedded at most 448 px a side, whatever its format and fit", async () => {
  const base = sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#20a060" } });
  const formats = [
    ["image/png", await base.clone().png().toBuffer()],
    ["image/jpeg", await base.clone().jpeg().toBuffer()],
    ["image/webp", await base.clone().webp().toBuffer()],
  ] as const;
  for (const [type, bytes] of formats) {
    for (const fit of ["contain", "cover", "fill"] as const) {
      const res = await send(s.url, "POST", "/api/render", s.a.token, { content: imageDocument(dataUrl(type, bytes), fit), data: {} });
      assert.equal(res.status, 200);
      const sizes = embeddedSizes(res.bytes);
      assert.equal(sizes.length, 1, `${type} ${fit}: ${JSON.stringify(sizes)}`);
      const [size] = sizes;
      assert.ok(size !== undefined && size.width <= 448 && size.height <= 448, `${type} ${fit}: embedded at ${JSON.stringify(size)}`);
      // Downsampled, not thrown away: cover and fill keep the box's resolution on both sides.
      if (fit !== "contain") assert.ok(size.width >= 400 && size.height >= 400, `${type} ${fit}: ${JSON.stringify(size)}`);
    }
  }
});
