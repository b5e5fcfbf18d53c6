// Images of one render: each distinct source is decoded once and filed under a content hash, so a logo
// repeated on every page or row is stored and embedded once.
import type { FrameImage } from "../frame/types.js";
import { contentHash, decodeImageSource, jpegSize, pngSize, sniffImageFormat, type ImageFormat } from "./image-bytes.js";

/** Converts image formats layout does not draw itself (GIF, WebP, BMP, SVG) into PNG or JPEG; synchronous. */
export interface ImageDecoder {
  decode(bytes: Uint8Array, format: ImageFormat): FrameImage | undefined;
}

/** A loaded image, or why there is none (a diagnostic code and message). */
export type ImageLoad =
  | { readonly ok: true; readonly key: string; readonly image: FrameImage }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** Per-render image cache; `images` becomes LayoutResult.images. */
export class ImageStore {
  readonly images = new Map<string, FrameImage>();
  private readonly bySource = new Map<string, ImageLoad>();

  constructor(private readonly decoder?: ImageDecoder) {}

  /** Loads a `data:` URL or bare base64 string (remote URLs are refused, never fetched). */
  load(src: string): ImageLoad {
    const hit = this.bySource.get(src);
    if (hit) return hit;
    const loaded = this.decode(src);
    this.bySource.set(src, loaded);
    return loaded;
  }

  private decode(src: string): ImageLoad {
    const source = decodeImageSource(src);
    switch (source.kind) {
      case "remote":
        return fail("image.remote", "remote image URLs are never fetched; embed the image as a data: URL or base64");
      case "invalid":
        return fail("image.undecodable", "the image source is neither a data: URL nor base64");
      case "bytes":
        return this.file(source.bytes);
      default: {
        const never: never = source;
        return never;
      }
    }
  }

  private file(bytes: Uint8Array): ImageLoad {
    const key = `img-${contentHash(bytes)}`;
    const known = this.images.get(key);
    if (known) return { ok: true, key, image: known };
    const image = this.readImage(bytes);
    if (!image.ok) return image;
    this.images.set(key, image.image);
    return { ok: true, key, image: image.image };
  }

  private readImage(bytes: Uint8Array): { ok: true; image: FrameImage } | ImageLoad & { ok: false } {
    const format = sniffImageFormat(bytes);
    if (format === "png" || format === "jpeg") {
      const size = format === "png" ? pngSize(bytes) : jpegSize(bytes);
      if (!size) return fail("image.undecodable", `the ${format.toUpperCase()} image header is broken`);
      return { ok: true, image: { format, bytes, width: size.width, height: size.height } };
    }
    if (format === undefined) return fail("image.undecodable", "the image is not a recognised format");
    const converted = this.decoder?.decode(bytes, format);
    if (converted) return { ok: true, image: converted };
    return fail("image.unsupported", `${format.toUpperCase()} images are not supported yet; use PNG or JPEG`);
  }
}

function fail(code: string, message: string): { ok: false; code: string; message: string } {
  return { ok: false, code, message };
}
