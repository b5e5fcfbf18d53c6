// Pure, immutable edits of a TemplateDocument: what each DesignerEditor call does to the document. The local
// store applies them directly; they are also the reference the shared (Y.Doc) edits are tested against.
import type { Band, Element, TemplateDocument } from "../engine";
import type { ElementPatch, ZOrder } from "./editor";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function patched<T extends object>(value: T, patch: { readonly [K in string]?: unknown }): T {
  const next = { ...value } as Record<string, unknown>;
  for (const [key, v] of Object.entries(patch)) {
    if (v === undefined) delete next[key];
    else next[key] = v;
  }
  return next as T;
}

function mapBands(doc: TemplateDocument, fn: (band: Band) => Band): TemplateDocument {
  return { ...doc, bands: doc.bands.map(fn) };
}

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

export const ops = {
  addElements(doc: TemplateDocument, bandId: string, elements: readonly Element[]): TemplateDocument {
    return mapBands(doc, (b) => (b.id === bandId ? { ...b, elements: [...b.elements, ...elements] } : b));
  },
  updateElements(doc: TemplateDocument, changes: readonly { id: string; patch: ElementPatch }[]): TemplateDocument {
    const byId = new Map(changes.map((c) => [c.id, c.patch]));
    return mapBands(doc, (b) =>
      b.elements.some((e) => byId.has(e.id)) ? { ...b, elements: b.elements.map((e) => (byId.has(e.id) ? patched(e, byId.get(e.id)!) : e)) } : b,
    );
  },
  removeElements(doc: TemplateDocument, ids: readonly string[]): TemplateDocument {
    const gone = new Set(ids);
    return mapBands(doc, (b) => (b.elements.some((e) => gone.has(e.id)) ? { ...b, elements: b.elements.filter((e) => !gone.has(e.id)) } : b));
  },
  moveElementToBand(doc: TemplateDocument, id: string, bandId: string, x: number, y: number): TemplateDocument {
    const from = bandOfElement(doc, id);
    const element = from?.elements.find((e) => e.id === id);
    if (!from || !element) return doc;
    if (from.id === bandId) return ops.updateElements(doc, [{ id, patch: { x, y } }]);
    const moved = { ...element, x, y } as Element;
    return ops.addElements(ops.removeElements(doc, [id]), bandId, [moved]);
  },
  reorderElement(doc: TemplateDocument, id: string, to: ZOrder): TemplateDocument {
    return mapBands(doc, (b) => {
      const i = b.elements.findIndex((e) => e.id === id);
      if (i < 0) return b;
      const list = [...b.elements];
      const [el] = list.splice(i, 1);
      const target = to === "front" ? list.length : to === "back" ? 0 : to === "forward" ? Math.min(list.length, i + 1) : Math.max(0, i - 1);
      list.splice(target, 0, el!);
      return { ...b, elements: list };
    });
  },
  addBand(doc: TemplateDocument, band: Band, index?: number): TemplateDocument {
    const bands = [...doc.bands];
    bands.splice(index ?? bands.length, 0, band);
    return { ...doc, bands };
  },
  updateBand(doc: TemplateDocument, bandId: string, patch: { readonly [K in string]?: unknown }): TemplateDocument {
    return mapBands(doc, (b) => (b.id === bandId ? patched(b, patch) : b));
  },
  removeBand(doc: TemplateDocument, bandId: string): TemplateDocument {
    // Nested bands go with their parent: left behind they would print at the top level.
    const gone = new Set([bandId]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const b of doc.bands) if (b.parentId && gone.has(b.parentId) && !gone.has(b.id)) { gone.add(b.id); grew = true; }
    }
    return { ...doc, bands: doc.bands.filter((b) => !gone.has(b.id)) };
  },
  updateDocument(doc: TemplateDocument, patch: { readonly [K in string]?: unknown }): TemplateDocument {
    const { bands: _bands, version: _version, ...rest } = patch;
    return patched(doc as Mutable<TemplateDocument>, rest);
  },
};
