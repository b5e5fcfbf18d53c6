// Every image type end to end: template → PDF → pixels, against PNG goldens in test/golden/rich, plus
// pixel checks that need no golden (orientation, colours) and the downsampling of a 6000 × 6000 picture.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { join } from "node:path";
import sharp from "sharp";
import { compareWithGolden } from "../support/golden.js";
import { pdfObjects, raster } from "../support/inspect.js";
import { goldenDir } from "../support/paths.js";
import { rasterise } from "../support/pdfjs.js";
import { dataUrl, makeImage, page, render } from "./image-samples.js";

const GOLDEN = join(goldenDir, "rich");

const RASTERS = [
  ["png", "image/png"],
  ["jpeg", "image/jpeg"],
  ["gif", "image/gif"],
  ["webp", "image/webp"],
  ["bmp", "image/bmp"],
  ["jpegExif6", "image/jpeg"],
] as const;

for (const [kind, mime] of RASTERS) {
  test(`${kind}: drawn upright, in contain, cover and fill`, async () => {
    const bytes = await makeImage[kind]();
    // The declared type is ignored: the bytes are sniffed (a GIF labelled PNG still works).
    const src = dataUrl(kind === "gif" ? "image/png" : mime, bytes);
    const report = await render(page([
      { type: "image", src, x: 0, y: 0, width: 80, height: 40 },
      { type: "image", src, x: 100, y: 0, width: 80, height: 80, fit: "cover" },
      { type: "image", src, x: 0, y: 50, width: 80, height: 50, fit: "fill" },
    ]));
    assert.deepEqual(report.diagnostics, []);
    const [png] = await rasterise(report.pdf, { scale: 2 });
    assert.ok(png);
    const pixels = await raster(png);
    // contain box (10..90, 10..50) at 2 px/pt: green marker top-left, red left, blue right
    const at = (x: number, y: number): number[] => [...pixels.at(x * 2, y * 2)].slice(0, 3);
    const close = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) < 60);
    assert.ok(close(at(14, 14), [0, 200, 0]), `marker top-left, got ${at(14, 14)}`);
    assert.ok(close(at(40, 40), [230, 20, 20]), `red left, got ${at(40, 40)}`);
    assert.ok(close(at(80, 30), [20, 40, 230]), `blue right, got ${at(80, 30)}`);
    await compareWithGolden(`image-${kind}`, [png], { dir: GOLDEN });
  });
}

test("svg: drawn as vectors (no image XObject), sanitised, in contain, cover and fill", async () => {
  const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
  <script>alert(1)</script>
  <rect width="100" height="50" rx="8" fill="#fde68a" stroke="#92400e" stroke-width="2"/>
  <g transform="translate(25 25) rotate(45)"><rect x="-10" y="-10" width="20" height="20" style="fill:#2563eb;fill-opacity:.8"/></g>
  <circle cx="60" cy="25" r="12" fill="none" stroke="crimson" stroke-width="4" stroke-dasharray="6 3"/>
  <polygon points="80,10 95,40 65,40" fill="green" opacity="0.6" onclick="steal()"/>
  <path d="M5 45 Q 50 30 95 45" stroke="currentColor" fill="none"/>
</svg>`;
  const src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  const report = await render(page([
    { type: "image", src, x: 0, y: 0, width: 80, height: 40 },
    { type: "image", src, x: 100, y: 0, width: 60, height: 60, fit: "cover" },
    { type: "image", src: Buffer.from(svg).toString("base64"), x: 0, y: 50, width: 80, height: 50, fit: "fill" },
  ]));
  assert.deepEqual([...new Set(report.diagnostics.map((d) => d.message))].sort(), ["event handlers in SVG are removed", "scripts in SVG are removed"]);
  assert.ok(!pdfObjects(report.pdf).some((o) => /\/Subtype \/Image/.test(o.dict)), "no raster image in the PDF");
  const pngs = await rasterise(report.pdf, { scale: 2 });
  await compareWithGolden("image-svg", pngs, { dir: GOLDEN });
});

test("a 1-pixel image fills its box; a missing or empty value draws nothing, silently", async () => {
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ff00ff" } }).png().toBuffer();
  const report = await render(page([
    { type: "image", src: dataUrl("image/png", pixel), x: 0, y: 0, width: 40, height: 40 },
    { type: "image", src: "{{missing}}", x: 50, y: 0 },
    { type: "image", src: "", x: 50, y: 50 },
    { type: "image", bindingField: "empty", x: 100, y: 50 },
  ]), { empty: "" });
  assert.deepEqual(report.diagnostics, []);
  const pngs = await rasterise(report.pdf, { scale: 2 });
  const pixels = await raster(pngs[0]!);
  assert.deepEqual([...pixels.at(40, 40)].slice(0, 3), [255, 0, 255]);
  await compareWithGolden("image-1px", pngs, { dir: GOLDEN });
});

test("a 6000 × 6000 image is downsampled to what its box needs at 300 dpi", async () => {
  const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#0ea5e9" } })
    .composite([{ input: { create: { width: 3000, height: 3000, channels: 3, background: "#f97316" } }, left: 0, top: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const report = await render(page([{ type: "image", src: dataUrl("image/jpeg", big), x: 0, y: 0, width: 100, height: 100 }]));
  assert.deepEqual(report.diagnostics, []);
  const images = pdfObjects(report.pdf).filter((o) => /\/Subtype \/Image/.test(o.dict));
  assert.equal(images.length, 1);
  const width = Number(/\/Width (\d+)/.exec(images[0]!.dict)?.[1]);
  const height = Number(/\/Height (\d+)/.exec(images[0]!.dict)?.[1]);
  // 100 pt at 300 dpi is 417 px, rounded up to 448: far below 6000.
  assert.ok(width <= 448 && height <= 448 && width >= 400, `embedded at ${width} × ${height}`);
  assert.ok(report.pdf.length < 200_000, `PDF is ${report.pdf.length} bytes`);
  const pixels = await raster((await rasterise(report.pdf, { scale: 1 }))[0]!);
  assert.ok(pixels.at(30, 30)[0]! > 200, "orange quarter top-left");
});

test("an animated GIF draws its first frame", async () => {
  const frame = (background: string): Promise<Buffer> => sharp({ create: { width: 20, height: 10, channels: 3, background } }).png().toBuffer();
  const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } }).gif().toBuffer();
  const report = await render(page([{ type: "image", src: dataUrl("image/gif", gif), x: 0, y: 0, width: 40, height: 20 }]));
  assert.deepEqual(report.diagnostics, []);
  const pixels = await raster((await rasterise(report.pdf, { scale: 2 }))[0]!);
  const [r, g, b] = pixels.at(2 * 30, 2 * 20);
  assert.ok(r! > 200 && g! < 60 && b! < 60, `first (red) frame, got ${[r, g, b]}`);
});
