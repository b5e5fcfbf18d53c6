// The designer's editor interface (model/editor.ts) over collab-doc's DocEditor: the canvas and panels call
// these names, each one Yjs transaction. One function, so the page and the component tests drive the same
// product code (useCollabDesigner wraps the live session's editor; the tests wrap an in-memory Y.Doc's).
import type { DocEditor, TemplateDocument } from "@docsvc/collab-doc";
import type { CollabDesignerEditor } from "./useCollabDesigner";

/** What the editor shows beside its edits: the current document, whether it may be edited, the undo state. */
export interface EditorState {
  readonly doc: TemplateDocument;
  readonly canEdit: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  undo(): void;
  redo(): void;
}

/** The designer's editor: `state` as it is now, and edits made through `ed`. */
export function designerEditorOf(ed: DocEditor, state: EditorState): CollabDesignerEditor {
  return {
    doc: state.doc,
    canEdit: state.canEdit,
    canUndo: state.canUndo,
    canRedo: state.canRedo,
    addElements: (bandId, elements) => void ed.addElements(bandId, elements),
    updateElements: (changes) => ed.updateElements(changes),
    editText: (elementId, key, base, next, caret) => ed.editText(elementId, key, base, next, caret),
    removeElements: (ids) => ed.deleteElements(ids),
    moveElementToBand: (elementId, bandId, x, y) => ed.moveElementToBand(elementId, bandId, x, y),
    reorderElement: (elementId, to) => ed.reorder([elementId], to),
    addBand: (band, index) => void ed.addBand(band, index),
    updateBand: (bandId, patch) => ed.updateBand(bandId, patch),
    removeBand: (bandId) => ed.deleteBand(bandId),
    updateDocument: (patch) => ed.setDocumentProps(patch),
    replaceDocument: (doc) => ed.replaceDocument(doc),
    transact: (edits) => ed.transact(edits),
    undo: state.undo,
    redo: state.redo,
  };
}
