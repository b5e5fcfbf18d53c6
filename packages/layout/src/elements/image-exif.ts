// JPEG EXIF orientation, read by hand from the APP1 segment: layout only needs to know whether a JPEG must
// be turned before it is drawn (the turning itself is the host's raster conversion).

/** The EXIF orientation (1–8) of a JPEG; 1 when there is none or it cannot be read. */
export function jpegOrientation(bytes: Uint8Array): number {
  let i = 2;
  while (i + 4 < bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xda || marker === 0xd9) return 1; // image data starts: no EXIF before it
    const length = ((bytes[i + 2] ?? 0) << 8) + (bytes[i + 3] ?? 0);
    if (length < 2) return 1;
    if (marker === 0xe1 && isExifHeader(bytes, i + 4)) return readOrientation(bytes, i + 10, i + 2 + length);
    i += 2 + length;
  }
  return 1;
}

function isExifHeader(bytes: Uint8Array, at: number): boolean {
  // "Exif\0\0"
  return bytes[at] === 0x45 && bytes[at + 1] === 0x78 && bytes[at + 2] === 0x69 && bytes[at + 3] === 0x66 && bytes[at + 4] === 0 && bytes[at + 5] === 0;
}

function readOrientation(bytes: Uint8Array, tiff: number, end: number): number {
  const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49;
  if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return 1;
  const u16 = (at: number): number => (little
    ? (bytes[at] ?? 0) + ((bytes[at + 1] ?? 0) << 8)
    : ((bytes[at] ?? 0) << 8) + (bytes[at + 1] ?? 0));
  const u32 = (at: number): number => (little ? u16(at) + u16(at + 2) * 65536 : u16(at) * 65536 + u16(at + 2));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}
