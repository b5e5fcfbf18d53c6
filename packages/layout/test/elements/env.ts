// Measures single elements outside a document: a LayoutEnv with the test fonts and default palette.
import { resolvePalette } from "../../src/brand/palette.js";
import { DiagnosticSink } from "../../src/diagnostics.js";
import type { Block } from "../../src/elements/block.js";
import type { LayoutEnv, MeasureContext } from "../../src/elements/context.js";
import { ImageStore } from "../../src/elements/image-store.js";
import { ParagraphCache } from "../../src/elements/paragraphs.js";
import { RowBudget } from "../../src/flow/budget.js";
import { RenderMemo } from "../../src/elements/render-memo.js";
import { measureElement } from "../../src/elements/registry.js";
import type { FrameItem } from "../../src/frame/types.js";
import type { Element } from "../../src/model/types.js";
import { fonts, NOW } from "../golden/support.js";

/** A fresh environment (its own caches and diagnostics). */
export function testEnv(over: Partial<LayoutEnv> = {}, data: unknown = {}): LayoutEnv {
  return {
    fonts,
    palette: resolvePalette(undefined),
    tokens: { root: data, locale: "en-US", timezone: "UTC", now: NOW },
    direction: "ltr",
    bodyFamily: undefined,
    headingFamily: undefined,
    diagnostics: new DiagnosticSink(),
    paragraphs: new ParagraphCache(fonts),
    images: new ImageStore(),
    pageBody: 500,
    rows: new RowBudget(),
    memo: new RenderMemo(),
    ...over,
  };
}

/** Measures one element (given as loose JSON) in an environment. */
export function measure(element: Record<string, unknown>, env: LayoutEnv = testEnv()): Block {
  const ctx: MeasureContext = { env, scope: undefined, tokens: env.tokens, path: "bands[0].elements[0]" };
  return measureElement({ id: "e", x: 0, y: 0, width: 100, height: 20, ...element } as unknown as Element, ctx);
}

/** Places a block at the origin on page 1 of 1. */
export function place(block: Block | null, page = { page: 1, pages: 1 }): FrameItem[] {
  const out: FrameItem[] = [];
  block?.place(out, 0, 0, page);
  return out;
}
