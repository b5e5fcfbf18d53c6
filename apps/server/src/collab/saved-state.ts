// The template save path's part in collaboration: a PUT carrying `yState` (a full client state, base64) and
// `yStateSeq` (the last seq that client applied) is merged into the shared document, never overwriting it.
import { ValidationError } from "../errors.js";
import type { ServiceDeps } from "../services/deps.js";
import { isYjsUpdate } from "./store.js";

const BASE64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$/;

/**
 * Checks a save's yState and yStateSeq before anything is written (400 otherwise) and returns the merge to run
 * once the save succeeded, which answers the new snapshot seq; undefined when the save carries no yState.
 */
export async function prepareSavedState(
  deps: ServiceDeps,
  templateId: string,
  yState: string | null | undefined,
  yStateSeq: number | null | undefined,
): Promise<(() => Promise<number>) | undefined> {
  if (yState === null || yState === undefined) return undefined;
  const state = BASE64.test(yState) ? new Uint8Array(Buffer.from(yState, "base64")) : undefined;
  if (state === undefined || state.length === 0 || !(await isYjsUpdate(state))) {
    throw ValidationError.field("yState", "yState must be a base64-encoded Yjs update (Y.encodeStateAsUpdate of the document).");
  }
  if (yStateSeq === null || yStateSeq === undefined) throw ValidationError.field("yStateSeq", "yStateSeq is required with yState.");
  const latest = await deps.collab.latestSeq(templateId);
  // Older than the latest is normal (the merge is a CRDT merge); newer names updates that never existed.
  if (yStateSeq < 0 || yStateSeq > latest) {
    throw ValidationError.field("yStateSeq", `yStateSeq must be between 0 and the latest sequence number (${latest}).`);
  }
  return () => deps.collab.mergeSaved(templateId, state);
}
