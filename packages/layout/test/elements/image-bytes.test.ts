import { strict as assert } from "node:assert";
import { test } from "node:test";
import { contentHash, decodeBase64, decodeImageSource, jpegSize, pngSize, sniffImageFormat } from "../../src/elements/image-bytes.js";
import { ImageStore } from "../../src/elements/image-store.js";

// 40 × 20 PNG and 30 × 60 JPEG (made with sharp), as in the elements-image golden case.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMElEQVRIiWM4ISc3IIhh1GK50aA+MZq45Eazk9xoAXJitMiUG60k5EarRbnhXy0CAFLhLK5PmmD3AAAAAElFTkSuQmCC";

test("base64: standard, URL-safe, padded, with whitespace; anything else is refused", () => {
  assert.deepEqual([...(decodeBase64("aGk=") ?? [])], [104, 105]);
  assert.deepEqual([...(decodeBase64("a G\nk") ?? [])], [104, 105]);
  assert.deepEqual([...(decodeBase64("-_8") ?? [])], [251, 255]);
  assert.equal(decodeBase64("not base64!"), undefined);
  assert.equal(decodeBase64("aG=k"), undefined);
});

test("PNG and JPEG pixel sizes come from their headers", () => {
  const png = decodeBase64(PNG);
  assert.ok(png);
  assert.equal(sniffImageFormat(png), "png");
  assert.deepEqual(pngSize(png), { width: 40, height: 20 });
  // SOI, an APP0 segment, then SOF0 with height 60 and width 30.
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 60, 0, 30, 3, 0, 0, 0]);
  assert.equal(sniffImageFormat(jpeg), "jpeg");
  assert.deepEqual(jpegSize(jpeg), { width: 30, height: 60 });
  assert.equal(jpegSize(new Uint8Array([0xff, 0xd8, 0x00])), undefined);
  assert.equal(pngSize(new Uint8Array(10)), undefined);
});

test("formats are sniffed from bytes, not from the data URL's declared type", () => {
  const sniff = (text: string) => sniffImageFormat(new TextEncoder().encode(text));
  assert.equal(sniff("GIF89a...."), "gif");
  assert.equal(sniff("BM...."), "bmp");
  assert.equal(sniff("  <svg xmlns='http://www.w3.org/2000/svg'/>"), "svg");
  assert.equal(sniff("hello"), undefined);
});

test("sources: data URLs and bare base64 decode; remote URLs are recognised and never fetched", () => {
  for (const url of ["http://x/a.png", "https://x/a.png", "file:///etc/passwd", "ftp://x/a", "//cdn/x.png"]) {
    assert.equal(decodeImageSource(url).kind, "remote", url);
  }
  assert.equal(decodeImageSource(`data:image/png;base64,${PNG}`).kind, "bytes");
  assert.equal(decodeImageSource(PNG).kind, "bytes");
  assert.equal(decodeImageSource("data:image/svg+xml,%3Csvg%2F%3E").kind, "bytes");
  assert.equal(decodeImageSource("relative/path.png").kind, "invalid");
});

test("the store decodes each source once and keys images by content hash", () => {
  const store = new ImageStore();
  const box = { width: 40, height: 20, fit: "contain" } as const;
  const a = store.load(`data:image/png;base64,${PNG}`, box);
  const b = store.load(PNG, box);
  assert.ok(a.kind === "raster" && b.kind === "raster");
  assert.equal(a.key, b.key);
  assert.equal(store.images.size, 1);
  assert.equal(store.load(`data:image/png;base64,${PNG}`, box), a);
  const gif = store.load(btoa("GIF89a0000"), box);
  assert.deepEqual(gif.kind === "failed" ? gif.code : "", "image.unsupported");
  const resources = {
    image: () => ({ format: "png" as const, bytes: new Uint8Array([1]), width: 4, height: 4 }),
    svg: () => undefined,
  };
  const converted = new ImageStore(resources).load(btoa("GIF89a0000"), box);
  assert.ok(converted.kind === "raster" && converted.image.width === 4);
});

test("content hashes are stable and differ for different bytes", () => {
  assert.equal(contentHash(new Uint8Array([1, 2, 3])), contentHash(new Uint8Array([1, 2, 3])));
  assert.notEqual(contentHash(new Uint8Array([1, 2, 3])), contentHash(new Uint8Array([1, 2, 4])));
  assert.match(contentHash(new Uint8Array(0)), /^[0-9a-f]{14}$/);
});
