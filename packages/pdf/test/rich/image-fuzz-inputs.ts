// Deterministic hostile inputs for the fuzz test: damaged rasters of every format and broken SVG.
import sharp from "sharp";
import { bmp24, samplePixels } from "./image-samples.js";

/** Small valid images of each raster format, the seeds of the mutations. */
export async function validRasters(): Promise<Buffer[]> {
  const base = (): ReturnType<typeof sharp> => sharp(samplePixels(8, 6), { raw: { width: 8, height: 6, channels: 3 } });
  return [
    await base().png().toBuffer(),
    await base().jpeg().toBuffer(),
    await base().gif().toBuffer(),
    await base().webp().toBuffer(),
    bmp24(samplePixels(8, 6), 8, 6),
  ];
}

const MAGIC = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  [0x42, 0x4d],
];

/** One damaged raster: truncated, bit-flipped, random bytes behind valid magic, or absurd dimensions. */
export function damagedRaster(rand: () => number, valid: readonly Buffer[]): Buffer {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const source = Buffer.from(pick(valid));
  switch (Math.floor(rand() * 5)) {
    case 0: // truncated anywhere, often inside the header
      return source.subarray(0, Math.floor(rand() * rand() * source.length));
    case 1: { // some bytes flipped
      const out = Buffer.from(source);
      const flips = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < flips; i++) out[Math.floor(rand() * out.length)] = Math.floor(rand() * 256);
      return out;
    }
    case 2: { // valid magic, random rest
      const magic = pick(MAGIC);
      const out = Buffer.alloc(magic.length + Math.floor(rand() * 300));
      out.set(magic);
      for (let i = magic.length; i < out.length; i++) out[i] = Math.floor(rand() * 256);
      return out;
    }
    case 3: { // absurd dimensions written into the header
      const out = Buffer.from(source);
      const big = [0xffffffff, 0x7fffffff, 65535, 100000, 0][Math.floor(rand() * 5)]!;
      if (out[0] === 0x89 && out.length >= 24) { out.writeUInt32BE(big >>> 0, 16); out.writeUInt32BE(big >>> 0, 20); }
      else if (out[0] === 0x42 && out.length >= 26) { out.writeInt32LE(big | 0, 18); out.writeInt32LE(big | 0, 22); }
      else if (out[0] === 0x47 && out.length >= 10) { out.writeUInt16LE(big & 0xffff, 6); out.writeUInt16LE(big & 0xffff, 8); }
      else out.fill(0xff, 2, Math.min(out.length, 40));
      return out;
    }
    default: { // a valid image followed or preceded by garbage
      const junk = Buffer.alloc(Math.floor(rand() * 64), Math.floor(rand() * 256));
      return rand() < 0.5 ? Buffer.concat([source, junk]) : Buffer.concat([source.subarray(0, 12), junk, source.subarray(12)]);
    }
  }
}

const GOOD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><g transform="rotate(10 20 10)"><rect x="2" y="2" width="30" height="12" rx="3" fill="#2563eb"/><circle cx="30" cy="10" r="6" stroke="red" fill="none"/><path d="M0 20 L40 0 Z" stroke="black"/></g></svg>`;

/** One hostile SVG string. */
export function hostileSvg(rand: () => number): string {
  const n = (): string => ["1e308", "-1e309", "NaN", "Infinity", "1e-320", "0", "-0", "99999999999999999999", "0x10", ""][Math.floor(rand() * 10)]!;
  switch (Math.floor(rand() * 10)) {
    case 0:
      return GOOD_SVG.slice(0, Math.floor(rand() * GOOD_SVG.length));
    case 1:
      return `<svg viewBox="${n()} ${n()} ${n()} ${n()}" width="${n()}" height="${n()}"><rect x="${n()}" y="${n()}" width="${n()}" height="${n()}" rx="${n()}" stroke-width="${n()}" stroke="red" stroke-dasharray="${n()} ${n()}"/><circle r="${n()}" cx="${n()}"/></svg>`;
    case 2: {
      const depth = 200 + Math.floor(rand() * 3000);
      return `<svg viewBox="0 0 10 10">${"<g>".repeat(depth)}<rect width="5" height="5"/>${"</g>".repeat(depth)}</svg>`;
    }
    case 3:
      return `<svg onload="alert(1)" viewBox="0 0 10 10"><script>while(true){}</script><a href="javascript:alert(1)"><rect width="5" height="5" onclick="x()"/></a><foreignObject><iframe src="http://127.0.0.1:1/"></iframe></foreignObject><animate attributeName="x" to="9"/></svg>`;
    case 4: // entity expansion attempt (billion laughs)
      return `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg viewBox="0 0 10 10"><text>&d;&d;&d;</text><rect width="&d;" height="5"/></svg>`;
    case 5: {
      const parts: string[] = [];
      const count = Math.floor(rand() * 5000);
      for (let i = 0; i < count; i++) parts.push(`L${(rand() * 1e7).toFixed(1)} ${(rand() - 0.5) * 1e300}`);
      return `<svg viewBox="0 0 10 10"><path d="M0 0 ${parts.join(" ")} Z" fill="green"/></svg>`;
    }
    case 6:
      return `<svg viewBox="0 0 10 10"><g transform="matrix(${n()},${n()},${n()},${n()},${n()},${n()}) scale(${n()}) rotate(${n()} ${n()})"><rect width="5" height="5" transform="skewX(90)"/><polygon points="${Array.from({ length: 50 }, n).join(",")}"/></g></svg>`;
    case 7: { // random characters around and inside an svg tag
      let s = "<svg>";
      const length = Math.floor(rand() * 400);
      for (let i = 0; i < length; i++) s += String.fromCharCode(32 + Math.floor(rand() * 95));
      return s;
    }
    case 8: // exponential <use> fan-out
      return `<svg viewBox="0 0 10 10"><defs><rect id="a" width="1" height="1"/>${Array.from({ length: 10 }, (_, i) => `<g id="g${i}">${`<use href="#${i ? `g${i - 1}` : "a"}"/>`.repeat(10)}</g>`).join("")}</defs><use href="#g9"/><use href="#g9" style="fill:url(javascript:1)"/></svg>`;
    default:
      return `<svg viewBox="0 0 10 10" style="@import url(http://127.0.0.1:1/x.css)"><style>@import "http://127.0.0.1:1/y.css";</style><path d="${Array.from({ length: 30 }, () => "MLHVCSQTAZmlhvcsqtaz,.-e 0123456789"[Math.floor(rand() * 35)]).join("")}"/></svg>`;
  }
}
