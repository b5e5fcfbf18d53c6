// The faces a set of pages uses, for LayoutResult.faces.
import type { FontFace } from "../text/face.js";
import type { FontRegistry } from "../text/registry.js";
import type { FrameItem, Page } from "./types.js";

/** Every face referenced by a text run on the pages (inside groups too), by key. */
export function collectFaces(pages: readonly Page[], fonts: FontRegistry): Map<string, FontFace> {
  const faces = new Map<string, FontFace>();
  const visit = (items: readonly FrameItem[]): void => {
    for (const item of items) {
      if (item.kind === "text") {
        if (!faces.has(item.face)) {
          const face = fonts.face(item.face);
          if (face) faces.set(item.face, face);
        }
      } else if (item.kind === "group") visit(item.items);
      else if (item.kind === "field") {
        visit(item.items);
        for (const widget of item.widgets) visit([...widget.on, ...(widget.off ?? [])]);
      }
    }
  };
  for (const page of pages) visit(page.items);
  return faces;
}
