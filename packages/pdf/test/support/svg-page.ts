// A one-image page for SVG drawing tests: the SVG as a data: URL in a 200×100 pt image box at (20, 20) of a
// 240×140 pt page, so a test can map the SVG's 200×100 viewBox onto page points one to one.
import type { TemplateDocument } from "@docsvc/layout";

/** A page with `svg` drawn in a 200×100 pt box at (20, 20). */
export function svgPage(svg: string): TemplateDocument {
  return {
    version: 4,
    pageSize: { id: "custom", width: 240, height: 140 },
    margins: { top: 20, right: 20, bottom: 20, left: 20 },
    bands: [{ id: "b", kind: "report-header", height: 100, elements: [
      { id: "logo", type: "image", src: `data:image/svg+xml,${encodeURIComponent(svg)}`, x: 0, y: 0, width: 200, height: 100 },
    ] }],
    schema: [],
  } as unknown as TemplateDocument;
}
