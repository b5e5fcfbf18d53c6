// Images and icons with host resources: what layout asks for (and when), "pending" draws nothing,
// oversized and EXIF-rotated JPEGs go to the host, SVG drawings are scaled into the box.
import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { FrameImage, FrameItem } from "../../src/frame/types.js";
import type { LayoutResources, RasterRequest, SvgDrawing } from "../../src/elements/image-resources.js";
import { ImageStore, pixelTarget } from "../../src/elements/image-store.js";
import { jpegOrientation } from "../../src/elements/image-exif.js";
import { fitMatrix } from "../../src/elements/svg-block.js";
import { builtInIcon, builtInIconCount } from "../../src/elements/icon-lucide.js";
import { measure, place, testEnv } from "./env.js";

/** A PNG header (signature + IHDR) of the given size: enough for layout, which never decodes pixels. */
function pngHeader(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return Buffer.from(bytes).toString("base64");
}

/** A JPEG with an EXIF APP1 segment carrying an orientation, then a SOF0 of 8 × 4. */
function jpegWithOrientation(orientation: number, little = false): string {
  const tiff = little
    ? [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
    : [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const sof = [0xff, 0xc0, 0, 11, 8, 0, 4, 0, 8, 1, 1, 0x11, 0];
  const bytes = [0xff, 0xd8, 0xff, 0xe1, 0, app1.length + 2, ...app1, ...sof, 0xff, 0xd9, 0, 0, 0, 0];
  return Buffer.from(bytes).toString("base64");
}

class FakeResources implements LayoutResources {
  readonly requests: RasterRequest[] = [];
  readonly markups: string[] = [];
  constructor(private readonly ready: boolean, private readonly drawing?: SvgDrawing) {}
  image(request: RasterRequest): FrameImage | "pending" {
    this.requests.push(request);
    return this.ready ? { format: "png", bytes: new Uint8Array([1]), width: 10, height: 5 } : "pending";
  }
  svg(markup: string): SvgDrawing | "pending" | undefined {
    this.markups.push(markup);
    return this.ready ? this.drawing : "pending";
  }
}

test("EXIF orientation is read from big- and little-endian APP1 segments", () => {
  assert.equal(jpegOrientation(Buffer.from(jpegWithOrientation(6), "base64")), 6);
  assert.equal(jpegOrientation(Buffer.from(jpegWithOrientation(3, true), "base64")), 3);
  assert.equal(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])), 1);
  assert.equal(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 1])), 1);
});

test("small PNGs are drawn from their header; huge ones are downsampled by the host to what the box needs", () => {
  const resources = new FakeResources(true);
  const store = new ImageStore(resources);
  const small = store.load(pngHeader(800, 600), { width: 100, height: 100, fit: "contain" });
  assert.equal(small.kind, "raster");
  assert.equal(resources.requests.length, 0);
  const huge = store.load(pngHeader(6000, 6000), { width: 144, height: 72, fit: "contain" });
  assert.equal(huge.kind, "raster");
  assert.deepEqual(resources.requests.map((r) => [r.maxWidth, r.maxHeight, r.fit]), [[640, 320, "contain"]]);
  assert.deepEqual(pixelTarget({ width: 5000, height: 1, fit: "fill" }), { width: 4096, height: 64 });
});

test("EXIF-rotated JPEGs and GIF/WebP/BMP go to the host; pending draws nothing and reports nothing", () => {
  const env = testEnv({ images: new ImageStore(new FakeResources(false)) });
  for (const src of [jpegWithOrientation(6), Buffer.from("GIF89a\x01\x00\x01\x00").toString("base64"), Buffer.from("BM0000").toString("base64")]) {
    assert.deepEqual(place(measure({ type: "image", src, width: 40, height: 20 }, env)), []);
  }
  assert.deepEqual(env.diagnostics.items, []);
  const upright = new FakeResources(false);
  new ImageStore(upright).load(jpegWithOrientation(1), { width: 10, height: 10, fit: "contain" });
  assert.equal(upright.requests.length, 0);
});

test("SVG images are drawn as paths fitted into the box; notes become diagnostics", () => {
  const drawing: SvgDrawing = {
    viewBox: { x: 0, y: 0, width: 20, height: 10 },
    aspect: { x: "mid", y: "mid", mode: "meet" },
    paths: [{ d: "M0 0 H20 V10 Z", fill: "currentColor", stroke: "#ff0000", strokeWidth: 1, strokeOpacity: 0.5 }],
    notes: ["images inside SVG are not drawn (and never fetched)"],
  };
  const env = testEnv({ images: new ImageStore(new FakeResources(true, drawing)) });
  const svg = `data:image/svg+xml,${encodeURIComponent("<svg viewBox='0 0 20 10'/>")}`;
  const [group] = place(measure({ type: "image", src: svg, width: 40, height: 40 }, env));
  assert.ok(group?.kind === "group");
  assert.deepEqual(group.transform, [2, 0, 0, 2, 0, 10]);
  assert.deepEqual(group.clip, { x: 0, y: 0, width: 20, height: 10 });
  // fill and stroke opacities differ: two shapes, the stroke in a half-opaque group
  const [fill, stroke] = group.items as FrameItem[];
  assert.ok(fill?.kind === "shape" && fill.fill === "#000000" && fill.stroke === undefined);
  assert.ok(stroke?.kind === "group" && stroke.opacity === 0.5);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["svg.dropped"]);
});

test("fit: meet centres, slice covers, none stretches", () => {
  const drawing: SvgDrawing = { viewBox: { x: 0, y: 0, width: 10, height: 10 }, aspect: { x: "min", y: "max", mode: "meet" }, paths: [], notes: [] };
  assert.deepEqual(fitMatrix(drawing, "own", 0, 0, 40, 20), [2, 0, 0, 2, 0, 0]);
  assert.deepEqual(fitMatrix({ ...drawing, aspect: { x: "mid", y: "mid", mode: "meet" } }, "own", 0, 0, 40, 20), [2, 0, 0, 2, 10, 0]);
  assert.deepEqual(fitMatrix(drawing, "cover", 0, 0, 40, 20), [4, 0, 0, 4, 0, -20]);
  assert.deepEqual(fitMatrix(drawing, "fill", 5, 5, 40, 20), [4, 0, 0, 2, 5, 5]);
});

test("icons: Lucide by kebab-case name in the element's colour; unknown names are reported", () => {
  assert.ok(builtInIconCount() > 1000);
  for (const name of ["check", "mail", "phone", "map-pin"]) assert.ok(builtInIcon(name)?.paths.length, name);
  // aliases resolve to their canonical icon; names that are not kebab-case are unknown
  assert.equal(builtInIcon("home"), builtInIcon("house"));
  assert.equal(builtInIcon("Map-Pin"), builtInIcon("map-pin"));
  assert.equal(builtInIcon("constructor"), undefined);
  assert.equal(builtInIcon("__proto__"), undefined);
  const env = testEnv();
  const [group] = place(measure({ type: "icon", name: "check", color: "#ff0000", width: 48, height: 24 }, env));
  assert.ok(group?.kind === "group");
  assert.deepEqual(group.transform, [1, 0, 0, 1, 12, 0]);
  const shape = group.items[0];
  assert.ok(shape?.kind === "shape");
  assert.deepEqual(shape.stroke, { color: "#ff0000", width: 2, cap: "round", join: "round" });
  assert.equal(shape.fill, undefined);
  assert.deepEqual(place(measure({ type: "icon", name: "no-such-icon" }, env)), []);
  assert.deepEqual(place(measure({ type: "icon" }, env)), []);
  assert.deepEqual(env.diagnostics.items.map((d) => d.code), ["icon.unknown"]);
});

test("inline icon SVG goes to the host once per distinct string in a render; without a host it is reported", () => {
  const drawing: SvgDrawing = { viewBox: { x: 0, y: 0, width: 1, height: 1 }, aspect: { x: "mid", y: "mid", mode: "meet" }, paths: [{ d: "M0 0 H1 V1 Z", fill: "#00ff00" }], notes: [] };
  const resources = new FakeResources(true, drawing);
  const env = testEnv({ images: new ImageStore(resources) });
  for (let i = 0; i < 3; i++) assert.equal(place(measure({ type: "icon", svg: "<svg/>" }, env)).length, 1);
  assert.equal(resources.markups.length, 1);
  const bare = testEnv();
  assert.deepEqual(place(measure({ type: "icon", svg: "<svg/>" }, bare)), []);
  assert.deepEqual(bare.diagnostics.items.map((d) => d.code), ["image.unsupported"]);
});

test("opacity and rotation wrap images, SVG and icons like every element", () => {
  const [group] = place(measure({ type: "icon", name: "mail", opacity: 0.5, rotation: 90, width: 24, height: 24 }));
  assert.ok(group?.kind === "group" && group.opacity === 0.5 && group.transform !== undefined);
  const [image] = place(measure({ type: "image", src: pngHeader(4, 4), opacity: 0.25, width: 10, height: 10 }));
  assert.ok(image?.kind === "group" && image.opacity === 0.25);
});
