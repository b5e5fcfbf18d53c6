// A DesignerEditor over a plain document in memory, with its own undo history: the canvas tests drive the
// canvas against it (the app's editor is the shared Y.Doc's, src/designer/collab/useCollabDesigner.ts).
import type { Band, Element, TemplateDocument } from "../../../src/designer/engine";
import { bandOfElement } from "../../../src/designer/model/doc-ops";
import type { DesignerEditor, ElementPatch, ZOrder } from "../../../src/designer/model/editor";

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

const ops = {
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


const HISTORY = 200;

/** The store: a subscribe/getSnapshot pair for useSyncExternalStore, and the editor it hands out. */
export class LocalDocStore {
  private doc: TemplateDocument;
  private past: TemplateDocument[] = [];
  private future: TemplateDocument[] = [];
  private readonly listeners = new Set<() => void>();
  private editor: DesignerEditor;

  constructor(doc: TemplateDocument, private readonly canEdit = true) {
    this.doc = doc;
    this.editor = this.makeEditor();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DesignerEditor => this.editor;

  private commit(next: TemplateDocument): void {
    if (next === this.doc || !this.canEdit) return;
    this.past.push(this.doc);
    if (this.past.length > HISTORY) this.past.shift();
    this.future = [];
    this.set(next);
  }

  private set(next: TemplateDocument): void {
    this.doc = next;
    this.editor = this.makeEditor();
    for (const l of this.listeners) l();
  }

  private makeEditor(): DesignerEditor {
    const doc = this.doc;
    const c = (next: TemplateDocument) => this.commit(next);
    return {
      doc,
      canEdit: this.canEdit,
      canUndo: this.past.length > 0,
      canRedo: this.future.length > 0,
      addElements: (bandId: string, elements: readonly Element[]) => c(ops.addElements(this.doc, bandId, elements)),
      updateElements: (changes: readonly { id: string; patch: ElementPatch }[]) => c(ops.updateElements(this.doc, changes)),
      removeElements: (ids: readonly string[]) => c(ops.removeElements(this.doc, ids)),
      moveElementToBand: (id: string, bandId: string, x: number, y: number) => c(ops.moveElementToBand(this.doc, id, bandId, x, y)),
      reorderElement: (id: string, to: ZOrder) => c(ops.reorderElement(this.doc, id, to)),
      addBand: (band: Band, index?: number) => c(ops.addBand(this.doc, band, index)),
      updateBand: (bandId, patch) => c(ops.updateBand(this.doc, bandId, patch)),
      removeBand: (bandId) => c(ops.removeBand(this.doc, bandId)),
      updateDocument: (patch) => c(ops.updateDocument(this.doc, patch)),
      replaceDocument: (next: TemplateDocument) => c(next),
      undo: () => {
        const prev = this.past.pop();
        if (!prev) return;
        this.future.push(this.doc);
        this.set(prev);
      },
      redo: () => {
        const next = this.future.pop();
        if (!next) return;
        this.past.push(this.doc);
        this.set(next);
      },
    };
  }
}
