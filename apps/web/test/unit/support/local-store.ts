// The product's editor over an in-memory Y.Doc, without a hub: the component tests drive the canvas and the panels
// against the same code the designer page uses (collab-doc's createEditor and createUndoManager, wrapped by
// designerEditorOf as useCollabDesigner wraps them), so a cascade, a patch or an undo they check is the product's.
// A read-only store hands out an editor whose canEdit is false but whose edits still reach the Y.Doc, as a
// Viewer's would locally: a canvas that edits when it must not is caught by `writes`.
import { createEditor, createUndoManager, documentToYDoc, yDocToDocument, type TemplateDocument } from "@docsvc/collab-doc";
import * as Y from "yjs";
import { designerEditorOf } from "../../../src/designer/collab/designer-editor";
import type { DesignerEditor } from "../../../src/designer/model/editor";

const LOCAL = Symbol("local user");

/** The store: a subscribe/getSnapshot pair for useSyncExternalStore, and the editor it hands out. */
export class LocalDocStore {
  readonly ydoc = new Y.Doc();
  private readonly undoManager: Y.UndoManager;
  private readonly listeners = new Set<() => void>();
  private editor: DesignerEditor;
  /** Transactions that changed the document since it was seeded (0: nothing was written, by any path). */
  writes = 0;

  constructor(doc: TemplateDocument, private readonly canEdit = true) {
    documentToYDoc(doc, this.ydoc, "seed");
    // captureTimeout 0: every edit is its own undo step, as the tests count them (the page merges none either:
    // each gesture commits once).
    this.undoManager = createUndoManager(this.ydoc, LOCAL, { captureTimeout: 0 });
    this.editor = this.makeEditor();
    this.ydoc.on("afterTransaction", (transaction: Y.Transaction) => {
      if (transaction.changed.size > 0) this.writes++;
      this.changed();
    });
    this.undoManager.on("stack-item-added", () => this.changed());
    this.undoManager.on("stack-item-popped", () => this.changed());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DesignerEditor => this.editor;

  private changed(): void {
    this.editor = this.makeEditor();
    for (const l of this.listeners) l();
  }

  private makeEditor(): DesignerEditor {
    const doc = yDocToDocument(this.ydoc);
    if (doc === undefined) throw new Error("the Y.Doc holds no document");
    return designerEditorOf(createEditor(this.ydoc, LOCAL), {
      doc,
      canEdit: this.canEdit,
      canUndo: this.undoManager.canUndo(),
      canRedo: this.undoManager.canRedo(),
      undo: () => this.undoManager.undo(),
      redo: () => this.undoManager.redo(),
    });
  }
}
