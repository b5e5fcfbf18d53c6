// Undo and redo of the local user's edits only. Y.UndoManager with trackedOrigins = {localOrigin}: changes that
// arrive from peers (applied with another origin) are never undone here, and undoing a local change leaves a
// peer's later edits to other keys in place (Yjs reverts exactly the items that change created or deleted).
import * as Y from "yjs";
import { rootList } from "./structure.js";

/** Options of the designer's undo manager. */
export interface UndoOptions {
  /** Edits closer together than this (ms) are one undo step; 0 makes every transaction its own step. */
  readonly captureTimeout?: number;
}

/** An undo manager over the whole designer document that tracks only `localOrigin`. */
export function createUndoManager(ydoc: Y.Doc, localOrigin: unknown, options: UndoOptions = {}): Y.UndoManager {
  return new Y.UndoManager(rootList(ydoc), {
    trackedOrigins: new Set([localOrigin]),
    captureTimeout: options.captureTimeout ?? 300,
  });
}
