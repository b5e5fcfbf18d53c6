// The designer page's model when the document lives in the shared Y.Doc: the same shape as the single-user
// model (useLocalDesigner: template, notReport, editor with `doc`, `canEdit` and one-step edits, dirty, saving,
// save), plus `collab` for what only collaboration has (peers, awareness, the interaction lock, versions).
import type { Band, Element, TemplateDocument, ZOrder } from "@docsvc/collab-doc";
import { designerEditorOf } from "./designer-editor";
import { useMemo, useState } from "react";
import { saveErrorFor, type SaveFailure } from "./save-failure";
import type { StoredTemplate } from "./session";
import { useDesignerDoc, type DesignerDoc } from "./useDesignerDoc";

type Patch = { readonly [key: string]: unknown };

/** The document and its edits, each one Yjs transaction by the local user (so one undo step). */
export interface CollabDesignerEditor {
  readonly doc: TemplateDocument;
  readonly canEdit: boolean;
  addElements(bandId: string, elements: readonly Element[]): void;
  updateElements(changes: readonly { readonly id: string; readonly patch: Patch }[]): void;
  editText(id: string, key: string, base: string, next: string, caret?: number): void;
  removeElements(ids: readonly string[]): void;
  moveElementToBand(id: string, bandId: string, x: number, y: number): void;
  reorderElement(id: string, to: ZOrder): void;
  addBand(band: Band, index?: number): void;
  updateBand(bandId: string, patch: Patch): void;
  removeBand(bandId: string): void;
  updateDocument(patch: Patch): void;
  replaceDocument(doc: TemplateDocument): void;
  /** Several of the edits above as one transaction (one undo step). */
  transact(edits: () => void): void;
  undo(): void;
  redo(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

/** The page's model. */
export interface CollabDesignerSession {
  readonly template: StoredTemplate | undefined;
  readonly loadError: unknown;
  /** "html" for an HTML template (the page offers to convert it); another text when it cannot be opened. */
  readonly notReport: string | null;
  readonly editor: CollabDesignerEditor | null;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly saveError: unknown;
  save(): void;
  /** Peers, awareness, lock, versions, connection status. */
  readonly collab: DesignerDoc;
}

/** Opens template `id` for collaborative editing. */
export function useCollabDesigner(id: string): CollabDesignerSession {
  const d = useDesignerDoc(id);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const { editor: ed, document, canEdit, canUndo, canRedo } = d;
  const editor = useMemo(
    (): CollabDesignerEditor | null =>
      document === undefined ? null : designerEditorOf(ed, { doc: document, canEdit, canUndo, canRedo, undo: d.undo, redo: d.redo }),
    [ed, document, canEdit, canUndo, canRedo, d.undo, d.redo],
  );
  const loading = d.template === undefined;
  return {
    template: d.template,
    loadError: loading && d.status === "error" ? new Error(d.error ?? "The template could not be loaded.") : null,
    notReport: d.template?.editorMode === "html" ? "html" : d.status === "error" && !loading && document === undefined ? d.error : null,
    editor,
    dirty: d.dirty,
    saving: d.saving,
    saveError: saveErrorFor(failure, document),
    save: () => {
      setFailure(null);
      const sent = document;
      d.save().catch((error: unknown) => setFailure({ error, document: sent }));
    },
    collab: d,
  };
}

