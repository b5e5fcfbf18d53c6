// The retail human-readable layout of EAN-13, EAN-8 and UPC-A (GS1 General Specifications §5.2.5): the
// guard bars run down between the digits, the digits stand in groups under the two halves of the symbol,
// and EAN-13's first digit (UPC-A's first and last) sits in the quiet zone beside the bars.
import type { FrameItem } from "../frame/types.js";
import type { BarcodeFormat } from "../model/types.js";
import type { LinearSymbol } from "./barcode-encode.js";
import type { SymbolFit } from "./barcode-fit.js";
import type { ParagraphLayout, ParagraphStyle } from "../text/types.js";

/** Module ranges [from, to) of each format: guard bars (extended) and digit groups (with their digits). */
interface RetailPlan {
  readonly guards: readonly (readonly [number, number])[];
  /** Digit groups: characters [from, to) of the text, centred over modules [m0, m1) (negative: left quiet zone). */
  readonly groups: readonly { readonly chars: readonly [number, number]; readonly modules: readonly [number, number] }[];
}

const PLANS: Partial<Record<BarcodeFormat, RetailPlan>> = {
  ean13: { guards: [[0, 3], [45, 50], [92, 95]], groups: [
    { chars: [0, 1], modules: [-8, -1] }, { chars: [1, 7], modules: [3, 45] }, { chars: [7, 13], modules: [50, 92] }] },
  ean8: { guards: [[0, 3], [31, 36], [64, 67]], groups: [{ chars: [0, 4], modules: [3, 31] }, { chars: [4, 8], modules: [36, 64] }] },
  // UPC-A: the first and last digits' bars are as long as the guards.
  upca: { guards: [[0, 10], [45, 50], [85, 95]], groups: [
    { chars: [0, 1], modules: [-8, -1] }, { chars: [1, 6], modules: [10, 45] }, { chars: [6, 11], modules: [50, 85] },
    { chars: [11, 12], modules: [96, 103] }] },
};

/** True when the format has a retail layout and `text` is its full number. */
export function hasRetailLayout(format: BarcodeFormat, text: string): boolean {
  const plan = PLANS[format];
  return plan !== undefined && text.length === plan.groups[plan.groups.length - 1]!.chars[1];
}

/** The guard bars' extension from `top` down to `bottom` (box space), as rectangles over the symbol's dark modules. */
export function guardExtensions(format: BarcodeFormat, symbol: LinearSymbol, fit: SymbolFit, top: number, bottom: number, color: string): FrameItem[] {
  const plan = PLANS[format];
  if (plan === undefined || bottom <= top) return [];
  const out: FrameItem[] = [];
  let at = 0;
  symbol.widths.forEach((w, i) => {
    if (i % 2 === 0 && w > 0 && plan.guards.some(([a, b]) => at >= a && at + w <= b)) {
      out.push({ kind: "shape", geometry: { type: "rect", x: fit.x + at * fit.moduleWidth, y: top, width: w * fit.moduleWidth, height: bottom - top }, fill: color });
    }
    at += w;
  });
  return out;
}

/** Where each digit group is centred (box space x) and which characters it prints. */
export function retailGroups(format: BarcodeFormat, text: string, fit: SymbolFit): { readonly text: string; readonly centre: number; readonly width: number }[] {
  const plan = PLANS[format];
  if (plan === undefined) return [];
  return plan.groups.map(({ chars, modules }) => ({
    text: text.slice(chars[0], chars[1]),
    centre: fit.x + ((modules[0] + modules[1]) / 2) * fit.moduleWidth,
    width: (modules[1] - modules[0]) * fit.moduleWidth,
  }));
}

/** The retail layout's text and bar heights, or undefined when the digits would be under `minSize`. */
export interface RetailText {
  /** Height of the ordinary bars; the guards run down to `guardBottom`. */
  readonly barHeight: number;
  readonly guardBottom: number;
  readonly runs: readonly FrameItem[];
}

/**
 * Lays out the digit groups under the symbol: one size for all (15 % of the box height within
 * [minSize, maxSize], smaller when a group is wider than its half), each group centred under its modules.
 */
export function retailText(
  groups: readonly { readonly text: string; readonly centre: number; readonly width: number }[],
  height: number,
  style: (size: number) => ParagraphStyle,
  paragraphs: { layout(text: string, style: ParagraphStyle, width: number, report: (code: string, message: string) => void): ParagraphLayout },
  report: (code: string, message: string) => void,
  [minSize, maxSize, gap]: readonly [number, number, number],
): RetailText | undefined {
  let size = Math.min(maxSize, Math.max(minSize, height * 0.15));
  for (const group of groups) {
    const natural = paragraphs.layout(group.text, style(size), Infinity, report).width;
    if (natural > group.width) size = Math.floor((size * group.width * 10) / natural) / 10;
  }
  if (size < minSize || size * (1 + gap) > height / 2) return undefined;
  const top = height - size;
  const runs: FrameItem[] = [];
  for (const group of groups) {
    const layout = paragraphs.layout(group.text, style(size), group.width, report);
    const left = group.centre - group.width / 2;
    for (const line of layout.lines) for (const run of line.runs) runs.push({ ...run, x: run.x + left, y: run.y + top });
  }
  return { barHeight: height - size * (1 + gap), guardBottom: height - size / 2, runs };
}
