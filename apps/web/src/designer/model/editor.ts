// What the canvas and the panels need from the document being edited: its current state and typed edits.
// Each call is one undoable step (one Yjs transaction when the document lives in a shared Y.Doc).
import type { Band, Element, TemplateDocument } from "../engine";

/** A partial element: keys set to `undefined` are removed from the element. */
export type ElementPatch = { readonly [K in string]?: unknown };

/** Where an element goes in its band's paint order (later elements paint over earlier ones). */
export type ZOrder = "front" | "back" | "forward" | "backward";

/** The document and its edits. */
export interface DesignerEditor {
  readonly doc: TemplateDocument;
  readonly canEdit: boolean;
  addElements(bandId: string, elements: readonly Element[]): void;
  /** Several elements changed at once (a drag of a selection, an alignment): one step. */
  updateElements(changes: readonly { readonly id: string; readonly patch: ElementPatch }[]): void;
  /**
   * Text content typed in a field that showed `base` and now shows `next` (`caret`: where the caret is in
   * `next`): merged per character with peers' edits made since. Absent in a single-user editor, where
   * setting the whole value (updateElements) is the same.
   */
  editText?(id: string, key: string, base: string, next: string, caret?: number): void;
  removeElements(ids: readonly string[]): void;
  /** Moves an element to another band (dragged across a band boundary), at its new position. */
  moveElementToBand(id: string, bandId: string, x: number, y: number): void;
  reorderElement(id: string, to: ZOrder): void;
  addBand(band: Band, index?: number): void;
  updateBand(bandId: string, patch: { readonly [K in string]?: unknown }): void;
  removeBand(bandId: string): void;
  /** Page settings, brand, fonts, locale, timezone, schema. */
  updateDocument(patch: { readonly [K in string]?: unknown }): void;
  /** Runs several of these edits as one step (absent: each edit stays its own step). */
  readonly transact?: (edits: () => void) => void;
  /** A whole new document (an AI draft or revision): one step. */
  replaceDocument(doc: TemplateDocument): void;
  undo(): void;
  redo(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}
