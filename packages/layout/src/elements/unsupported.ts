// Element types whose renderer is not written yet (barcode, markdown, icon): nothing drawn, a diagnostic.
import type { Element } from "../model/types.js";
import { EmptyBlock } from "./block.js";
import { report } from "./context.js";
import type { ElementKind } from "./kind.js";

/** Draws nothing (keeping the element's box) and reports `element.unsupported`. */
export const unsupportedElement: ElementKind<Element> = {
  measure(element, ctx) {
    report(ctx, "element.unsupported", `${element.type} elements are not rendered yet`);
    return new EmptyBlock(Math.max(0, element.height));
  },
};
