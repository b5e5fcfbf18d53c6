// Barcode encoding through bwip-js (BWIPP): a format and a value → the symbol's modules, resolution free.
// bwip's `raw` interface gives the encoding itself (bar/space widths in modules for linear symbols, a module
// matrix for 2-D ones), so the element draws exact vectors instead of tracing a rasterised picture.
import type bwipjs from "bwip-js/generic";
import { lazyModule } from "../lazy-module.js";
import type { BarcodeFormat } from "../model/types.js";
import { GenerationCache } from "../text/lru.js";

/** A linear symbol: alternating bar and space widths in modules, starting with a bar. */
export interface LinearSymbol {
  readonly kind: "linear";
  readonly widths: readonly number[];
  /** Sum of `widths`. */
  readonly modules: number;
  /** The human-readable text (GS1 formats: with the check digit). */
  readonly text: string;
}

/** A 2-D symbol: `rows` × `columns` cells, row-major, 1 = dark; `aspect` = symbol height / width (cells need not be square). */
export interface MatrixSymbol {
  readonly kind: "matrix";
  readonly columns: number;
  readonly rows: number;
  readonly dark: Uint8Array;
  readonly aspect: number;
  readonly text: string;
}

export type BarcodeSymbol = LinearSymbol | MatrixSymbol;

/** An encoding, or why the symbology refuses the value. */
export type Encoding = { readonly ok: true; readonly symbol: BarcodeSymbol } | { readonly ok: false; readonly reason: string };

/** The bwip-js encoder name of each format. */
export const BWIP_IDS: { readonly [F in BarcodeFormat]: string } = {
  qr: "qrcode",
  code128: "code128",
  code39: "code39",
  ean13: "ean13",
  ean8: "ean8",
  upca: "upca",
  itf14: "itf14",
  datamatrix: "datamatrix",
  pdf417: "pdf417",
};

/** GS1 formats: digits only, the last one a mod-10 check digit (computed when left out, verified when given). */
const GS1_LENGTHS: Partial<Record<BarcodeFormat, number>> = { ean13: 13, ean8: 8, upca: 12, itf14: 14 };

/** Longest value accepted: far above what any of these symbologies can hold, and it bounds the encoder's time. */
export const MAX_BARCODE_VALUE = 4096;

// bwip-js is a large module: loaded when the first barcode is encoded.
const bwip = lazyModule<{ default: typeof bwipjs }>("bwip-js/generic");

// Labels repeat the same codes: encodings (and refusals) are kept per (format, value).
const cache = new GenerationCache<string, Encoding>(1024);

interface RawLinear { readonly sbs: readonly number[] }
interface RawMatrix { readonly pixs: readonly number[]; readonly pixx: number; readonly pixy: number; readonly width: number; readonly height: number }

/** Encodes `value` in `format`, memoised; never throws. */
export function encodeBarcode(format: BarcodeFormat, value: string): Encoding {
  const key = `${format}\u0000${value}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = encode(format, value);
    cache.set(key, hit);
  }
  return hit;
}

function encode(format: BarcodeFormat, value: string): Encoding {
  const bcid = BWIP_IDS[format];
  if (bcid === undefined) return { ok: false, reason: `unknown barcode format ${JSON.stringify(format)}` };
  if (value === "") return { ok: false, reason: "the value is empty" };
  if (value.length > MAX_BARCODE_VALUE) return { ok: false, reason: `the value is longer than ${MAX_BARCODE_VALUE} characters` };
  const gs1 = GS1_LENGTHS[format];
  if (gs1 !== undefined && !/^\d+$/.test(value)) return { ok: false, reason: `${format} takes digits only` };
  // Code 128 carries ISO 8859-1 bytes (its FNC4 shift): Grüße is G r ü ß e, not its UTF-8 bytes.
  const outside = format === "code128" ? /[^\u0000-\u00ff]/u.exec(value) : null;
  if (outside !== null) {
    const cp = outside[0].codePointAt(0)!;
    return { ok: false, reason: `Code 128 encodes Latin-1 (ISO 8859-1) characters only; '${outside[0]}' (U+${cp.toString(16).toUpperCase().padStart(4, "0")}) is not one` };
  }
  let raw: unknown;
  try {
    raw = bwip().default.raw({ bcid, text: value, ...(format === "code128" ? { binarytext: true } : {}) });
  } catch (error) {
    return { ok: false, reason: bwipMessage(error) };
  }
  const first: unknown = Array.isArray(raw) ? raw[0] : undefined;
  const text = gs1 !== undefined && value.length === gs1 - 1 ? value + gs1CheckDigit(value) : value;
  if (isLinear(first)) {
    const widths = first.sbs.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
    const modules = widths.reduce((a, b) => a + b, 0);
    if (modules <= 0) return { ok: false, reason: "the encoder returned an empty symbol" };
    return { ok: true, symbol: { kind: "linear", widths, modules, text } };
  }
  if (isMatrix(first)) {
    // pixy is the symbol's height in module widths; the matrix rows are what pixs holds (PDF417 rows are taller).
    const columns = first.pixx;
    const rows = columns > 0 ? Math.floor(first.pixs.length / columns) : 0;
    if (columns <= 0 || rows <= 0) return { ok: false, reason: "the encoder returned an empty symbol" };
    const dark = Uint8Array.from(first.pixs.slice(0, columns * rows), (p) => (p ? 1 : 0));
    const aspect = first.width > 0 && first.height > 0 ? first.height / first.width : rows / columns;
    return { ok: true, symbol: { kind: "matrix", columns, rows, dark, aspect, text } };
  }
  return { ok: false, reason: "the encoder returned no symbol" };
}

/** The GS1 mod-10 check digit of `digits` (weights 3, 1, 3, … from the right). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = digits.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += (digits.charCodeAt(i) - 48) * w;
  return String((10 - (sum % 10)) % 10);
}

// BWIPP errors read "bwipp.ean13badCheckDigit#6915: Incorrect EAN-13 check digit provided": keep the sentence.
function bwipMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const sentence = message.replace(/^bwip(?:p|-js)[.:][^:]*:\s*/, "");
  return sentence.length > 200 ? `${sentence.slice(0, 200)}…` : sentence;
}

function isLinear(value: unknown): value is RawLinear {
  return typeof value === "object" && value !== null && Array.isArray((value as { sbs?: unknown }).sbs);
}

function isMatrix(value: unknown): value is RawMatrix {
  const v = value as Partial<RawMatrix> | null;
  return (
    typeof value === "object" && v !== null && Array.isArray(v.pixs) &&
    typeof v.pixx === "number" && typeof v.pixy === "number" && Number.isInteger(v.pixx) && Number.isInteger(v.pixy)
  );
}
