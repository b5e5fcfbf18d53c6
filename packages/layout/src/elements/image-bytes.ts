// Image sources and headers, read by hand: tiny and pure, so layout stays free of I/O and native code.

/** The formats a source can be sniffed as; only PNG and JPEG are drawn without LayoutResources. */
export type ImageFormat = "png" | "jpeg" | "gif" | "webp" | "bmp" | "svg";

/** What an image source string is. */
export type ImageSource =
  | { readonly kind: "bytes"; readonly bytes: Uint8Array }
  | { readonly kind: "remote" }
  | { readonly kind: "invalid" };

const REMOTE = /^(?:https?:|file:|ftp:|\/\/)/i;
const DATA_URL = /^data:([^,]*?),/i;

/** Classifies and decodes a `data:` URL or bare base64; remote URLs are recognised, never fetched. */
export function decodeImageSource(src: string): ImageSource {
  const text = src.trim();
  if (REMOTE.test(text)) return { kind: "remote" };
  const data = DATA_URL.exec(text);
  if (data) {
    const meta = data[1] ?? "";
    const payload = text.slice(data[0].length);
    if (/;base64$/i.test(meta)) return bytesOrInvalid(decodeBase64(payload));
    // A non-base64 data URL is percent-encoded text (inline SVG is the usual case).
    try {
      return { kind: "bytes", bytes: new TextEncoder().encode(decodeURIComponent(payload)) };
    } catch {
      return { kind: "invalid" };
    }
  }
  return bytesOrInvalid(decodeBase64(text));
}

function bytesOrInvalid(bytes: Uint8Array | undefined): ImageSource {
  return bytes && bytes.length > 0 ? { kind: "bytes", bytes } : { kind: "invalid" };
}

const BASE64_VALUES = (() => {
  const table = new Int16Array(128).fill(-1);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  table["-".charCodeAt(0)] = 62; // base64url
  table["_".charCodeAt(0)] = 63;
  return table;
})();

/** Decodes standard or URL-safe base64, ignoring whitespace; undefined for anything else. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let buffer = 0;
  let bits = 0;
  let padding = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 61) { // "="
      padding = true;
      continue;
    }
    if (code === 32 || code === 10 || code === 13 || code === 9) continue;
    const value = code < 128 ? (BASE64_VALUES[code] ?? -1) : -1;
    if (value < 0 || padding) return undefined;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, length);
}

/** Recognises an image format from its first bytes. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return "png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "jpeg";
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46) return "gif";
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45) return "webp";
  if (b(0) === 0x42 && b(1) === 0x4d) return "bmp";
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  return undefined;
}

/** Pixel size of a PNG from its IHDR chunk; undefined when the header is broken. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  // Signature (8) + chunk length (4) + "IHDR" (4), then width and height as big-endian u32.
  if (bytes.length < 24 || bytes[12] !== 0x49 || bytes[13] !== 0x48 || bytes[14] !== 0x44 || bytes[15] !== 0x52) {
    return undefined;
  }
  const width = readU32(bytes, 16);
  const height = readU32(bytes, 20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Pixel size of a JPEG from its first start-of-frame marker; undefined when there is none. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) { // fill byte
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { // no length
      i += 2;
      continue;
    }
    const length = readU16(bytes, i + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = readU16(bytes, i + 5);
      const width = readU16(bytes, i + 7);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function readU32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
}

function readU16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) + (bytes[at + 1] ?? 0);
}

/** A 53-bit content hash (cyrb53) as hex: image keys that stay equal for equal bytes across renders. */
export function contentHash(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef ^ bytes.length;
  let h2 = 0x41c6ce57 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const ch = bytes[i] ?? 0;
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}
