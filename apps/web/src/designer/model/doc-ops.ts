// Questions the page asks of the document: which band holds an element, every element by id.
import type { Band, Element, TemplateDocument } from "../engine";

/** The band holding element `id`, if any. */
export function bandOfElement(doc: TemplateDocument, id: string): Band | undefined {
  return doc.bands.find((b) => b.elements.some((e) => e.id === id));
}

/** Every element of the document by id. */
export function elementsById(doc: TemplateDocument): Map<string, { element: Element; band: Band }> {
  const map = new Map<string, { element: Element; band: Band }>();
  for (const band of doc.bands) for (const element of band.elements) map.set(element.id, { element, band });
  return map;
}
