// barcode: `format`, `value` (tokens resolved first), `showText`, `color`, `dpi`. The symbol is drawn as one
// filled vector path scaled into the box with its quiet zones inside the box (barcode-fit.ts): 1-D symbols
// as wide as fits, 2-D symbols keeping their aspect, centred; with `dpi`, modules are whole printer dots.
// The human-readable text is the engine's own text (a mono face when the registry has one, else the body
// font), so it is extractable; EAN and UPC use the retail layout (barcode-retail.ts). A value the symbology refuses gives a
// diagnostic and an empty box; nothing throws.
import type { FrameItem } from "../frame/types.js";
import type { BarcodeElement, BarcodeFormat } from "../model/types.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { resolveText } from "../tokens/resolve.js";
import { atomicSplit, EmptyBlock, type Block, type PageNumbers, type Split } from "./block.js";
import { BWIP_IDS, encodeBarcode, type BarcodeSymbol } from "./barcode-encode.js";
import { colourOf, num, report, type MeasureContext } from "./context.js";
import { fitSymbol, MIN_MODULE, type SymbolFit } from "./barcode-fit.js";
import { guardExtensions, hasRetailLayout, retailGroups, retailText } from "./barcode-retail.js";
import type { ElementKind } from "./kind.js";

/** The face of the human-readable text when the registry has it. */
export const BARCODE_TEXT_FAMILY = "JetBrains Mono";
/** Largest and smallest human-readable text size, in points. */
const TEXT_MAX = 10;
const TEXT_MIN = 4;
/** Gap between the symbol and its text, as a fraction of the text size. */
const TEXT_GAP = 0.2;

/** Barcodes and 2-D codes. */
export const barcodeElement: ElementKind<BarcodeElement> = {
  measure(element, ctx) {
    const width = Math.max(0, num(element.width, 0));
    const height = Math.max(0, num(element.height, 0));
    const format = element.format as BarcodeFormat;
    if (typeof format !== "string" || !Object.hasOwn(BWIP_IDS, format)) {
      report(ctx, "barcode.format", `unknown barcode format ${JSON.stringify(element.format)}; nothing is drawn`);
      return new EmptyBlock(height);
    }
    const source = typeof element.value === "string" ? element.value : typeof element.value === "number" ? String(element.value) : "";
    const template = parseTemplate(source);
    const value = template.hasTokens ? resolveText(template, ctx.tokens, ctx.scope) : source;
    if (value === "") return new EmptyBlock(height); // a missing value draws nothing, like an empty text
    const encoding = encodeBarcode(format, value);
    if (!encoding.ok) {
      report(ctx, "barcode.invalid", `${format} cannot encode ${JSON.stringify(clip(value))}: ${encoding.reason}; the box is left empty`);
      return new EmptyBlock(height);
    }
    if (element.color === "transparent" || width <= 0 || height <= 0) return new EmptyBlock(height);
    const color = colourOf(ctx, element.color, "color") ?? "#000000";
    const dpi = typeof element.dpi === "number" && element.dpi > 0 ? element.dpi : undefined;
    const { symbol: encoded } = encoding;
    // EAN and UPC print their digits in groups under the halves, between extended guard bars.
    const retail = element.showText === true && encoded.kind === "linear" && hasRetailLayout(format, encoded.text)
      ? retailText(retailGroups(format, encoded.text, fitSymbol(encoded, format, width, height, dpi)), height,
        (size) => textStyle(size, "center", color, ctx), ctx.env.paragraphs, (code, message) => report(ctx, code, message), [TEXT_MIN, TEXT_MAX, TEXT_GAP])
      : undefined;
    const label = element.showText === true && retail === undefined ? humanText(encoded.text, width, height, color, ctx) : undefined;
    const symbolHeight = retail ? retail.barHeight : label ? Math.max(0, height - label.height * (1 + TEXT_GAP)) : height;
    const items: FrameItem[] = [];
    const fit = fitSymbol(encoded, format, width, symbolHeight, dpi);
    if (fit.moduleWidth < MIN_MODULE - 1e-9 || fit.outerWidth > width + 1e-6) {
      const mm = ((fit.moduleWidth * 25.4) / 72).toFixed(3);
      report(ctx, "barcode.small", `the ${format} symbol's modules are ${mm} mm wide${dpi ? ` (${fit.dots} dot${fit.dots === 1 ? "" : "s"} at ${dpi} dpi)` : ""}` +
        `${fit.outerWidth > width + 1e-6 ? " and it is wider than its box with its quiet zones" : ""}; scanners need at least 0.19 mm: make the box wider or the value shorter`);
    }
    const symbol = symbolItem(encoded, fit, symbolHeight, color);
    if (symbol) items.push(symbol);
    if (format === "itf14") items.push(...bearerBars(fit, symbolHeight, color));
    if (retail && encoded.kind === "linear") items.push(...guardExtensions(format, encoded, fit, symbolHeight, retail.guardBottom, color), ...retail.runs);
    if (label) {
      const dy = height - label.height;
      for (const line of label.lines) for (const run of line.runs) items.push({ ...run, y: run.y + dy });
    }
    return new BarcodeBlock(height, items, dpi);
  },
};

/** A drawn symbol: its items in box space, moved into place with a translation. Never splits. */
class BarcodeBlock implements Block {
  constructor(
    readonly height: number,
    private readonly items: readonly FrameItem[],
    /** The printer's resolution: the symbol is moved onto its dot grid when placed. */
    private readonly dpi?: number,
  ) {}

  split(available: number): Split {
    return atomicSplit(this, available);
  }

  place(out: FrameItem[], x: number, y: number, _page: PageNumbers): void {
    if (this.items.length === 0) return;
    const dot = this.dpi ? 72 / this.dpi : 0;
    const snap = (v: number): number => (dot > 0 ? Math.round(v / dot) * dot : v);
    out.push({ kind: "group", transform: [1, 0, 0, 1, snap(x), snap(y)], items: this.items });
  }
}

/** The human-readable text's style: the mono face when the registry has it, else the body font. */
function textStyle(size: number, align: ParagraphStyle["align"], color: string, ctx: MeasureContext): ParagraphStyle {
  const mono = ctx.env.fonts.match(BARCODE_TEXT_FAMILY, 400, false).familyFound;
  const family = mono ? BARCODE_TEXT_FAMILY : ctx.env.bodyFamily;
  return { ...(family ? { family } : {}), weight: 400, italic: false, size, lineHeight: 1, letterSpacing: 0, align, direction: "ltr", color };
}

/** The human-readable text on one line, centred: sized from the box height, smaller if it is too wide. */
function humanText(text: string, width: number, height: number, color: string, ctx: MeasureContext): ParagraphLayout | undefined {
  const { env } = ctx;
  const diag = (code: string, message: string): void => report(ctx, code, message);
  const at = (size: number): ParagraphStyle => textStyle(size, "center", color, ctx);
  let size = Math.min(TEXT_MAX, Math.max(TEXT_MIN, height * 0.15));
  const natural = env.paragraphs.layout(text, at(size), Infinity, diag).width;
  if (natural > width) size = Math.floor((size * width * 10) / natural) / 10;
  // Text that would be unreadably small, or leave less than half the box to the symbol, is left out.
  if (size < TEXT_MIN || size * (1 + TEXT_GAP) > height / 2) return undefined;
  const layout = env.paragraphs.layout(text, at(size), width, diag);
  return layout.lines.length === 1 ? layout : undefined;
}

/**
 * The symbol at its fit: its path is in module units (small integers, so it is short, and shared by every
 * size), placed with a scaling group.
 */
function symbolItem(symbol: BarcodeSymbol, fit: SymbolFit, height: number, color: string): FrameItem | undefined {
  if (height <= 0 || fit.moduleWidth <= 0) return undefined;
  const d = symbolPath(symbol);
  if (d === "") return undefined;
  const transform: [number, number, number, number, number, number] = [fit.moduleWidth, 0, 0, fit.rowHeight, fit.x, fit.y];
  return { kind: "group", transform, items: [{ kind: "shape", geometry: { type: "path", d, fillRule: "nonzero" }, fill: color }] };
}

/** ITF-14's bearer bars: 3 modules thick above and below the bars, across the quiet zones (GS1 §5.3.2.6). */
function bearerBars(fit: SymbolFit, height: number, color: string): FrameItem[] {
  const thickness = Math.min(3 * fit.moduleWidth, height / 4);
  const bar = (y: number): FrameItem => ({ kind: "shape", geometry: { type: "rect", x: fit.outerX, y, width: fit.outerWidth, height: thickness }, fill: color });
  return [bar(0), bar(height - thickness)];
}

const paths = new WeakMap<BarcodeSymbol, string>();

/**
 * The symbol's dark modules as one path in module units (x in modules, y in rows; a linear symbol is one
 * row): same-direction rectangles, so nonzero fill joins abutting modules without seams.
 */
export function symbolPath(symbol: BarcodeSymbol): string {
  let d = paths.get(symbol);
  if (d === undefined) {
    d = symbol.kind === "linear" ? linearPath(symbol.widths) : matrixPath(symbol);
    paths.set(symbol, d);
  }
  return d;
}

function rect(x0: number, y0: number, x1: number, y1: number): string {
  return `M${x0} ${y0}H${x1}V${y1}H${x0}Z`;
}

function linearPath(widths: readonly number[]): string {
  let d = "";
  let at = 0;
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i]!;
    if (i % 2 === 0 && w > 0) d += rect(at, 0, at + w, 1);
    at += w;
  }
  return d;
}

function matrixPath(symbol: Extract<BarcodeSymbol, { kind: "matrix" }>): string {
  const { columns, rows, dark } = symbol;
  // Dark runs of a row become rectangles; a run repeated in the rows below extends the same rectangle.
  let open = new Map<number, { c0: number; c1: number; r0: number }>();
  let d = "";
  for (let r = 0; r <= rows; r++) {
    const next = new Map<number, { c0: number; c1: number; r0: number }>();
    for (let c = 0; r < rows && c < columns; ) {
      if (!dark[r * columns + c]) {
        c++;
        continue;
      }
      let end = c + 1;
      while (end < columns && dark[r * columns + end]) end++;
      const key = c * 65536 + end;
      const above = open.get(key);
      next.set(key, above ?? { c0: c, c1: end, r0: r });
      if (above) open.delete(key);
      c = end;
    }
    for (const run of open.values()) d += rect(run.c0, run.r0, run.c1, r);
    open = next;
  }
  return d;
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
