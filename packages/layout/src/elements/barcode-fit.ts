// Where a symbol goes in its box: quiet zones per symbology, module widths snapped to whole printer dots
// when the element names its printer's `dpi`, and the geometry that follows (ITF-14 bearer bars).
import type { BarcodeFormat } from "../model/types.js";
import type { BarcodeSymbol } from "./barcode-encode.js";

/** Light margin each side, in modules (ISO/IEC 15417, 15420, 16390, 18004, 16022, 15438; GS1 for EAN/UPC). */
export const QUIET_ZONES: { readonly [F in BarcodeFormat]: readonly [left: number, right: number] } = {
  code128: [10, 10], code39: [10, 10], ean13: [11, 7], ean8: [7, 7], upca: [9, 9], itf14: [10, 10],
  qr: [4, 4], datamatrix: [1, 1], pdf417: [2, 2],
};

/** The narrowest module (X-dimension) scanners read reliably: 0.19 mm (GS1's minimum for most symbols), in points. */
export const MIN_MODULE = (0.19 / 25.4) * 72;

/** The symbol's placement in its box, in points: module width and height, origin of module (0, 0). */
export interface SymbolFit {
  readonly moduleWidth: number;
  /** Height of one matrix row, or of the bars of a linear symbol. */
  readonly rowHeight: number;
  readonly x: number;
  readonly y: number;
  /** The symbol with its quiet zones, for bearer bars: left, width. */
  readonly outerX: number;
  readonly outerWidth: number;
  /** Whole dots per module when `dpi` is given. */
  readonly dots?: number;
}

/**
 * Fits `symbol` (with its quiet zones) into width × height: linear symbols as wide as fits, 2-D ones as large
 * as fits keeping their aspect, centred. With `dpi`, the module width is a whole number of dots (at least
 * one) so every bar prints the same width.
 */
export function fitSymbol(symbol: BarcodeSymbol, format: BarcodeFormat, width: number, height: number, dpi?: number): SymbolFit {
  const [ql, qr] = QUIET_ZONES[format];
  const columns = symbol.kind === "linear" ? symbol.modules : symbol.columns;
  const across = columns + ql + qr;
  // A matrix's height in module widths (PDF417 rows are taller than wide), plus its quiet zones.
  const tall = symbol.kind === "linear" ? 0 : symbol.aspect * symbol.columns;
  let module = symbol.kind === "linear" ? width / across : Math.min(width / across, height / (tall + ql + qr));
  let dots: number | undefined;
  if (dpi !== undefined && dpi > 0) {
    dots = Math.max(1, Math.floor((module * dpi) / 72 + 1e-9));
    module = (dots * 72) / dpi;
  }
  const outerWidth = across * module;
  const snap = (v: number): number => (dots === undefined ? v : (Math.round((v * dpi!) / 72) * 72) / dpi!);
  const outerX = snap((width - outerWidth) / 2);
  if (symbol.kind === "linear") {
    return { moduleWidth: module, rowHeight: height, x: outerX + ql * module, y: 0, outerX, outerWidth, ...(dots ? { dots } : {}) };
  }
  const symbolHeight = tall * module;
  return {
    moduleWidth: module,
    rowHeight: symbolHeight / symbol.rows,
    x: outerX + ql * module,
    y: snap((height - symbolHeight) / 2),
    outerX,
    outerWidth,
    ...(dots ? { dots } : {}),
  };
}
