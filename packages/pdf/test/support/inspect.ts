// Looking inside painted PDFs: objects with their (inflated) streams, and pixels of rendered pages.
import { inflateSync } from "node:zlib";
import { createCanvas, loadImage } from "@napi-rs/canvas";

/** One indirect object: its dictionary text and its stream, inflated when FlateDecode (binary as latin1). */
export interface PdfObject {
  readonly id: number;
  readonly dict: string;
  readonly stream?: string;
}

/** Every indirect object of an uncompressed-object-stream PDF (what pdfkit writes), in file order. */
export function pdfObjects(pdf: Uint8Array): PdfObject[] {
  const text = Buffer.from(pdf).toString("latin1");
  const objects: PdfObject[] = [];
  const pattern = /(\d+) 0 obj\n([\s\S]*?)\n(?:stream\n([\s\S]*?)\nendstream\n)?endobj/g;
  for (const match of text.matchAll(pattern)) {
    const dict = match[2]!;
    let stream = match[3];
    if (stream !== undefined && /\/Filter \/FlateDecode/.test(dict)) {
      stream = inflateSync(Buffer.from(stream, "latin1")).toString("latin1");
    }
    objects.push({ id: Number(match[1]), dict, ...(stream !== undefined ? { stream } : {}) });
  }
  return objects;
}

/** The content streams of all pages, in page order. */
export function pageContents(pdf: Uint8Array): string[] {
  const objects = pdfObjects(pdf);
  const byId = new Map(objects.map((o) => [o.id, o]));
  return objects
    .filter((o) => /\/Type \/Page\n/.test(o.dict + "\n"))
    .map((page) => {
      const id = Number(/\/Contents (\d+) 0 R/.exec(page.dict)?.[1]);
      return byId.get(id)?.stream ?? "";
    });
}

/** A decoded RGBA image. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  /** [r, g, b, a] at integer pixel coordinates. */
  at(x: number, y: number): [number, number, number, number];
}

/** Decodes a PNG for pixel checks. */
export async function raster(png: Uint8Array): Promise<Raster> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    at(x, y) {
      const i = (Math.floor(y) * image.width + Math.floor(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    },
  };
}

/** True when two colours are within `tolerance` per channel (alpha ignored). */
export function near(actual: readonly number[], expected: readonly number[], tolerance = 24): boolean {
  return [0, 1, 2].every((c) => Math.abs(actual[c]! - expected[c]!) <= tolerance);
}

/** Makes a PNG or JPEG of `width`×`height` pixels: four coloured quadrants (alpha optional for PNG). */
export async function quadrantImage(format: "png" | "jpeg", width: number, height: number, alpha = 1): Promise<Uint8Array> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  const colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"];
  context.globalAlpha = alpha;
  colours.forEach((colour, i) => {
    context.fillStyle = colour;
    context.fillRect((i % 2) * (width / 2), Math.floor(i / 2) * (height / 2), width / 2, height / 2);
  });
  // sync: see rasterise in ./pdfjs.ts (an async encode of a collected canvas reads freed memory)
  return format === "png" ? canvas.encodeSync("png") : canvas.encodeSync("jpeg", 95);
}
