// A failed save is about the document as it was sent. Once the document changes (undo, a fix, a peer's edit)
// the banner no longer describes it and goes; the document is dirty, so Save is offered again. Coming back to
// exactly the refused document shows the reason again.
import { sameJson, type TemplateDocument } from "@docsvc/collab-doc";

/** A save that failed, with the document it tried to save. */
export interface SaveFailure {
  readonly error: unknown;
  readonly document: TemplateDocument | undefined;
}

/** The error to show for `current`: the failure's while the document is still the one it was about, else null. */
export function saveErrorFor(failure: SaveFailure | null, current: TemplateDocument | undefined): unknown {
  return failure && sameJson(failure.document, current) ? failure.error : null;
}
