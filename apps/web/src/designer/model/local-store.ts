// A DesignerEditor over a plain document in memory, with its own undo history: what the designer edits when
// the document is not shared (tests, and a template opened without the collaboration hub).
import type { Band, Element, TemplateDocument } from "../engine";
import { ops } from "./doc-ops";
import type { DesignerEditor, ElementPatch, ZOrder } from "./editor";

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
