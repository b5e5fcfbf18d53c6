// Persistence of shared documents. Invariant: the snapshot holds every update with seq ≤ snapshot_seq and
// the log keeps every update above it. Callers hold the template's lock (collab/serial.ts) around each call.
import type * as YModule from "yjs";
import { findSnapshot, insertUpdate, lastSeq, listUpdatesAfter, replaceSnapshot } from "../db/collab.js";
import type { Db } from "../db/database.js";
import { nowIso } from "../time.js";

/** What a joiner needs: the snapshot, its seq, and the updates after it. */
export interface DocumentState {
  readonly snapshot: Uint8Array | null;
  readonly snapshotSeq: number;
  readonly updates: readonly { readonly seq: number; readonly update: Uint8Array }[];
}

// better-sqlite3 hands blobs back as Buffers; clients must get plain bytes either way, and stored bytes
// must never alias a socket's receive buffer.
const bytesOf = (b: Uint8Array): Uint8Array => new Uint8Array(b);

// Yjs (with lib0, about 30 modules) loads when a document is first compacted, merged or checked, not with the
// server: most requests never touch a shared document.
let yjs: Promise<typeof YModule> | undefined;
const loadYjs = (): Promise<typeof YModule> => (yjs ??= import("yjs"));

/** The template's stored state. */
export async function loadState(db: Db, templateId: string): Promise<DocumentState> {
  const snapshot = await findSnapshot(db, templateId);
  const snapshotSeq = snapshot?.snapshot_seq ?? 0;
  const rows = await listUpdatesAfter(db, templateId, snapshotSeq);
  return {
    snapshot: snapshot ? bytesOf(snapshot.bytes) : null,
    snapshotSeq,
    updates: rows.map((r) => ({ seq: r.seq, update: bytesOf(r.bytes) })),
  };
}

/** Appends an update under the next seq (after `known`, the last seq when the caller knows it) and returns it. */
export async function appendUpdate(db: Db, templateId: string, update: Uint8Array, known?: number): Promise<number> {
  const seq = (known ?? (await lastSeq(db, templateId))) + 1;
  await insertUpdate(db, templateId, seq, update, nowIso());
  return seq;
}

// A real Y.Doc, not Y.mergeUpdates: only a document garbage-collects deleted content, so the snapshot stays
// the size of the text rather than of its history.
function docOf(Y: typeof YModule, state: DocumentState): YModule.Doc {
  const doc = new Y.Doc();
  Y.transact(doc, () => {
    if (state.snapshot !== null) Y.applyUpdate(doc, state.snapshot);
    for (const u of state.updates) Y.applyUpdate(doc, u.update);
  });
  return doc;
}

/** Folds the log into the snapshot; returns the new snapshot seq (unchanged when the log is empty). */
export async function compact(db: Db, templateId: string): Promise<number> {
  const Y = await loadYjs();
  return db.transaction().execute(async (trx) => {
    const state = await loadState(trx, templateId);
    const last = state.updates.at(-1);
    if (last === undefined) return state.snapshotSeq;
    const doc = docOf(Y, state);
    await replaceSnapshot(trx, templateId, Y.encodeStateAsUpdate(doc), last.seq, nowIso());
    doc.destroy();
    return last.seq;
  });
}

/** The outcome of merging a saved client state. */
export interface MergeResult {
  /** What the saved state added beyond the server's, logged under `seq`; null when it added nothing. */
  readonly diff: { readonly seq: number; readonly update: Uint8Array } | null;
  readonly snapshotSeq: number;
}

/**
 * Merges a client's full state into the document (never overwriting: updates the client had not seen stay),
 * logs what it added as a new seq, and compacts so the snapshot covers everything. One transaction.
 */
export async function mergeState(db: Db, templateId: string, clientState: Uint8Array): Promise<MergeResult> {
  const Y = await loadYjs();
  return db.transaction().execute(async (trx) => {
    const state = await loadState(trx, templateId);
    const doc = docOf(Y, state);
    const added: { bytes: Uint8Array | null } = { bytes: null };
    // The update event fires only when the client state changed something, and carries exactly that change.
    doc.on("update", (update: Uint8Array) => {
      added.bytes = added.bytes === null ? update : Y.mergeUpdates([added.bytes, update]);
    });
    Y.applyUpdate(doc, clientState);
    let seq = Math.max(state.snapshotSeq, state.updates.at(-1)?.seq ?? 0);
    const diff = added.bytes === null ? null : { seq: seq + 1, update: added.bytes };
    if (diff !== null) {
      seq = diff.seq;
      await insertUpdate(trx, templateId, seq, diff.update, nowIso());
    }
    await replaceSnapshot(trx, templateId, Y.encodeStateAsUpdate(doc), seq, nowIso());
    doc.destroy();
    return { diff, snapshotSeq: seq };
  });
}

/** Whether `bytes` parse as a Yjs update (v1 encoding). */
export async function isYjsUpdate(bytes: Uint8Array): Promise<boolean> {
  const Y = await loadYjs();
  try {
    Y.decodeUpdate(bytes);
    return true;
  } catch {
    return false;
  }
}
