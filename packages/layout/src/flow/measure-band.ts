// One band instance measured: visible elements laid out at their designed widths, then grown and pushed
// down (flow bands) or kept as designed (page header, page footer, background).
import type { Element } from "../model/types.js";
import { evaluate } from "../tokens/resolve.js";
import { isTruthy } from "../tokens/text.js";
import type { RowScope, TokenContext } from "../tokens/types.js";
import type { LayoutEnv, MeasureContext } from "../elements/context.js";
import { measureElement } from "../elements/registry.js";
import { BandBlock, type DesignedEntry } from "./band.js";
import type { BandNode } from "./tree.js";

/** Whether a `visibleIf` expression holds (absent or blank: always). */
export function isVisible(expression: string | undefined, tokens: TokenContext, scope: RowScope | undefined): boolean {
  if (typeof expression !== "string" || expression.trim() === "") return true;
  return isTruthy(evaluate(expression, tokens, scope));
}

function designed(node: BandNode, env: LayoutEnv, tokens: TokenContext, scope: RowScope | undefined): DesignedEntry[] {
  const elements: readonly Element[] = Array.isArray(node.band.elements) ? node.band.elements : [];
  const out: DesignedEntry[] = [];
  elements.forEach((element, k) => {
    if (!isVisible(element.visibleIf, tokens, scope)) return;
    const ctx: MeasureContext = { env, scope, tokens, path: `${node.path}.elements[${k}]` };
    const block = measureElement(element, ctx);
    const y = finite(element.y);
    const h = finite(element.height);
    // A line drawn upward (negative height) occupies the box above its start point.
    out.push({ block, x: finite(element.x), top: Math.min(y, y + h), height: Math.abs(h) });
  });
  return out;
}

/** A flow band instance: its height is a minimum, growing elements push the ones below them down. */
export function measureFlowBand(node: BandNode, env: LayoutEnv, scope: RowScope | undefined): BandBlock {
  const rules = { keepTogether: node.band.keepTogether === true, pageBody: env.pageBody };
  return BandBlock.grown(designed(node, env, env.tokens, scope), Math.max(0, finite(node.band.height)), rules);
}

/** A page header, footer or background on one page (tokens carry that page's numbers); null when hidden. */
export function measurePageBand(node: BandNode, env: LayoutEnv, tokens: TokenContext): BandBlock | null {
  if (!isVisible(node.band.visibleIf, tokens, undefined)) return null;
  const rules = { keepTogether: true, pageBody: env.pageBody };
  const entries = designed(node, env, tokens, undefined);
  const height = Math.max(0, finite(node.band.height));
  // Page bands never grow: content taller than the band draws past it (into the margin or the body).
  const bottom = Math.max(0, ...entries.map((e) => e.top + Math.max(e.height, e.block.height)));
  if (bottom > height + 0.01) {
    env.diagnostics.add("band.overflow", `the ${node.band.kind} needs ${round(bottom)} pt but the band is ${round(height)} pt tall; its content runs past it (make the band taller or the text smaller)`, node.path);
  }
  return BandBlock.fixed(entries, height, rules);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function finite(value: number | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}
