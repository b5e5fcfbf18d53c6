// Element types → their kinds. Adding a type is one new file plus its line here.
import { LayoutLimitError } from "../flow/budget.js";
import type { Element, ElementType } from "../model/types.js";
import { barcodeElement } from "./barcode.js";
import { EmptyBlock, type Block } from "./block.js";
import { report, type MeasureContext } from "./context.js";
import { withEffects } from "./effects.js";
import { chartElement } from "./chart.js";
import { ellipseElement } from "./ellipse.js";
import { fieldElement } from "./field.js";
import { iconElement } from "./icon.js";
import { imageElement } from "./image.js";
import type { ElementKind } from "./kind.js";
import { lineElement } from "./line.js";
import { markdownElement } from "./markdown.js";
import { rectElement } from "./rect.js";
import { tableElement } from "./table.js";
import { textElement } from "./text.js";
import { elementTag, withTag } from "./tags.js";

type Kinds = { readonly [K in ElementType]: ElementKind<Extract<Element, { readonly type: K }>> };

/** The kind of every element type. */
export const ELEMENT_KINDS: Kinds = {
  text: textElement,
  image: imageElement,
  table: tableElement,
  line: lineElement,
  rect: rectElement,
  ellipse: ellipseElement,
  barcode: barcodeElement,
  markdown: markdownElement,
  icon: iconElement,
  chart: chartElement,
  field: fieldElement,
};

/** Measures any element (opacity and rotation applied); content problems become diagnostics, never throws. */
export function measureElement(element: Element, ctx: MeasureContext): Block {
  const kind = (ELEMENT_KINDS as Partial<Record<string, ElementKind<Element>>>)[element.type];
  const height = Math.max(0, Number.isFinite(element.height) ? element.height : 0);
  if (!kind) {
    report(ctx, "element.unsupported", `unknown element type ${JSON.stringify(element.type)}`);
    return new EmptyBlock(height);
  }
  try {
    const block = withEffects(kind.measure(element, ctx), element);
    return ctx.env.tagged === true ? withTag(block, elementTag(element, ctx)) : block;
  } catch (error) {
    // A layout cap ends the whole render: it is the document's size, not this element, that is at fault.
    if (error instanceof LayoutLimitError) throw error;
    // A bug must not take the whole document down: the element is left out and reported.
    report(ctx, "element.failed", `the element could not be laid out: ${error instanceof Error ? error.message : String(error)}`);
    return new EmptyBlock(height);
  }
}
