// One open designer document: the Y.Doc, its awareness, the hub connection and the saves. Framework-free (the
// React hook in useDesignerDoc.ts wraps it) so the join, resync and save rules are unit-tested with a fake hub.
//
// The rules, from the hub protocol (collab-hub-protocol.md §11–12):
// - Join: JoinDocument(templateId, ydoc.clientID); apply the snapshot, then the updates; remember the last seq
//   and ignore ReceiveUpdate with a seq at or below it (updates are idempotent anyway).
// - Every local transaction is sent with SendUpdate, in order. While disconnected nothing is sent; on the next
//   join the client sends whatever the server's state lacks (its state vector is computed from the joined
//   snapshot and updates), so edits made offline or sends that failed arrive exactly once.
// - A reconnect is a new connection: join again, then the same resync.
// - Seeding: a room that has never held the document is seeded from the template's stored content by the
//   first editor who joins. The stored content can also change without the hub (a PUT without yState from the
//   API, or a version restored elsewhere): `meta.contentUpdatedAt` records the template's updatedAt the
//   shared state is known to match (set when seeding and after each save), and a joiner that finds the stored
//   template newer and different replaces the shared document with it; joined editors check the same every
//   15 s, so a change made elsewhere while the designer is open is not undone by its next save.
// - Save: PUT the document JSON with yState (the full local state, base64) and yStateSeq (the last seq
//   applied); the server merges, never overwrites.
import {
  canClaim,
  claimLost,
  createEditor,
  createUndoManager,
  documentToYDoc,
  editSampleDataText,
  isSeeded,
  lockHolder,
  readAwareness,
  readSampleDataText,
  SAMPLE_DATA_KEY,
  replaceSampleDataText,
  sameJson,
  yDocToDocument,
  type AwarenessPeer,
  type AwarenessUser,
  type DesignerAwareness,
  type DocEditor,
  type InteractionLock,
  type TemplateDocument,
} from "@docsvc/collab-doc";

import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from "y-protocols/awareness";
import * as Y from "yjs";
import { isEmptyUpdate, toBase64 } from "./bytes";
import type { HubHandlers, HubTransport, JoinResult } from "./transport";

/** The connection as the toolbar shows it. */
export type SessionStatus = "loading" | "connecting" | "online" | "reconnecting" | "offline" | "error";

/** The template as GET /api/templates/{id} answers it (the fields the session reads). */
export interface StoredTemplate {
  readonly id: string;
  readonly name: string;
  readonly content: string;
  readonly editorMode: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The template's sample data (shared and versioned with it); null or absent when none was saved. */
  readonly sampleData?: SampleData | null;
}

/** Sample data: a JSON object. */
export type SampleData = Readonly<Record<string, unknown>>;

/** What the session needs from the HTTP API. */
export interface SessionApi {
  getTemplate(id: string): Promise<StoredTemplate>;
  saveTemplate(
    id: string,
    body: {
      readonly content: string; readonly yState: string; readonly yStateSeq: number; readonly versionKind?: "auto" | "manual" | "restore";
      readonly sampleData?: SampleData | null;
    },
  ): Promise<{ readonly updatedAt: string }>;
  getVersion(id: string, versionId: string): Promise<{ readonly content: string; readonly editorMode: string; readonly sampleData?: SampleData | null }>;
}

/** Everything the designer renders from, replaced (never mutated) on each change. */
export interface SessionState {
  /** The template as loaded (name, editorMode, …); undefined until loaded. */
  readonly template: StoredTemplate | undefined;
  readonly status: SessionStatus;
  /** False for Viewers (the hub's `canEdit`) and until the first join. */
  readonly canEdit: boolean;
  /** The document the Y.Doc holds; undefined until joined and seeded. */
  readonly document: TemplateDocument | undefined;
  /** The shared sample data's JSON text as typed ("" when there is none). */
  readonly sampleDataText: string;
  readonly peers: readonly AwarenessPeer[];
  readonly local: DesignerAwareness;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The document differs from the stored template (as last loaded or saved, by anyone in the room). */
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly lastSavedAt: string | null;
  /** The last failure worth showing (join refused, save refused, …); null when all is well. */
  readonly error: string | null;
}

/** How often the stored template is checked for changes made outside the designer (tests shorten these). */
export interface SessionTiming {
  /** Between checks of the stored template while joined (default 15 s). */
  readonly checkEveryMs?: number;
  /** A change seen is confirmed this much later, so a peer's save whose meta is still in flight is not taken for one (default 2 s). */
  readonly confirmAfterMs?: number;
}

/** Transaction origins. Only LOCAL is on the undo stack. */
const REMOTE = Symbol("remote");
const SEED = Symbol("seed");
const META = Symbol("meta");
const META_KEY = "meta";
const CONTENT_UPDATED_AT = "contentUpdatedAt";
/** Cursor moves are sent at most this often (the last position always goes out). */
const AWARENESS_THROTTLE_MS = 40;
/** After the client gave up reconnecting (or the server refused), start again after this long. */
const RESTART_MS = 3_000;

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** One designer document, live. */
export class DesignerSession {
  readonly ydoc = new Y.Doc();
  readonly awareness = new Awareness(this.ydoc);
  /** The local user's transaction origin: pass it to Yjs calls made outside `editor`. */
  readonly origin: object = { designer: "local" };
  readonly editor: DocEditor;
  readonly undoManager: Y.UndoManager;
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private lastSeq = 0;
  private joined = false;
  private closed = false;
  private sending: Promise<void> = Promise.resolve();
  private awarenessTimer: ReturnType<typeof setTimeout> | undefined;
  private lastAwarenessSent = 0;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private stored: StoredTemplate | undefined;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  /** The stored template's document as last known (loaded, saved here, or saved by a peer). */
  private storedDoc: unknown;
  /** The stored template's sample data as last known (null: none). */
  private storedSample: SampleData | null = null;

  constructor(
    readonly templateId: string,
    private readonly transport: HubTransport,
    private readonly api: SessionApi,
    user: AwarenessUser,
    private readonly timing: SessionTiming = {},
  ) {
    this.editor = createEditor(this.ydoc, this.origin);
    this.undoManager = createUndoManager(this.ydoc, this.origin);
    const local: DesignerAwareness = { user, cursor: null, selection: [], lock: null, ghost: null };
    this.awareness.setLocalState(local);
    this.state = {
      template: undefined,
      status: "loading",
      canEdit: false,
      document: undefined,
      sampleDataText: "",
      peers: [],
      local,
      canUndo: false,
      canRedo: false,
      dirty: false,
      saving: false,
      lastSavedAt: null,
      error: null,
    };
    this.ydoc.on("update", this.onLocalUpdate);
    this.awareness.on("change", this.onAwarenessChange);
    this.awareness.on("update", this.onAwarenessUpdate);
    const undoChanged = (): void => this.set({ canUndo: this.undoManager.canUndo(), canRedo: this.undoManager.canRedo() });
    this.undoManager.on("stack-item-added", undoChanged);
    this.undoManager.on("stack-item-popped", undoChanged);
    this.undoManager.on("stack-cleared", undoChanged);
  }

  /** The current state (a new object after every change: usable with useSyncExternalStore). */
  get snapshot(): SessionState {
    return this.state;
  }

  /** Calls `listener` after every change of `snapshot`. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Loads the template, connects and joins. Failures end in status `error` or `offline` (retried). */
  async open(): Promise<void> {
    try {
      this.stored = await this.api.getTemplate(this.templateId);
      this.set({ template: this.stored });
    } catch (err) {
      this.set({ status: "error", error: errorText(err) });
      return;
    }
    try {
      this.storedDoc = JSON.parse(this.stored.content);
    } catch {
      this.storedDoc = undefined;
    }
    this.storedSample = this.stored.sampleData ?? null;
    if (this.closed) return;
    if (this.stored.editorMode !== "report") {
      this.set({ status: "error", error: "This is an HTML template: the designer opens report templates only." });
      return;
    }
    await this.connect();
  }

  private readonly handlers: HubHandlers = {
    onUpdate: (seq, update) => {
      if (seq <= this.lastSeq) return;
      this.lastSeq = seq;
      Y.applyUpdate(this.ydoc, update, REMOTE);
    },
    onAwareness: (update) => applyAwarenessUpdate(this.awareness, update, REMOTE),
    onPeerLeft: (clientId) => {
      if (clientId !== this.ydoc.clientID) removeAwarenessStates(this.awareness, [clientId], REMOTE);
    },
    onReconnecting: () => {
      this.joined = false;
      this.set({ status: "reconnecting" });
    },
    onReconnected: () => void this.join(),
    onClosed: (error) => {
      this.joined = false;
      if (this.closed) return;
      this.set({ status: "offline", ...(error ? { error: `Disconnected: ${error.message}` } : {}) });
      this.scheduleRestart();
    },
  };

  private async connect(): Promise<void> {
    if (this.closed) return;
    this.set({ status: "connecting" });
    try {
      await this.transport.start(this.handlers);
    } catch (err) {
      if (this.closed) return;
      this.set({ status: "offline", error: `Cannot reach the collaboration hub: ${errorText(err)}` });
      this.scheduleRestart();
      return;
    }
    // Closed while connecting (a component unmounted at once): do not leave a live connection behind.
    if (this.closed) {
      await this.transport.stop().catch(() => undefined);
      return;
    }
    await this.join();
  }

  private scheduleRestart(): void {
    if (this.closed || this.restartTimer !== undefined) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.connect();
    }, RESTART_MS);
  }

  /** JoinDocument, apply the server's state, send what it lacks, seed or reconcile, announce ourselves. */
  private async join(): Promise<void> {
    let result: JoinResult;
    try {
      result = await this.transport.joinDocument(this.templateId, this.ydoc.clientID);
    } catch (err) {
      if (!this.closed) this.set({ status: "error", error: errorText(err) });
      return;
    }
    if (this.closed) return;
    const server: Uint8Array[] = [];
    if (result.snapshot !== null) server.push(result.snapshot);
    for (const u of result.updates) server.push(u.update);
    Y.transact(this.ydoc, () => server.forEach((u) => Y.applyUpdate(this.ydoc, u, REMOTE)), REMOTE);
    this.lastSeq = Math.max(this.lastSeq, result.snapshotSeq, ...result.updates.map((u) => u.seq));
    for (const peer of result.peerAwareness) applyAwarenessUpdate(this.awareness, peer, REMOTE);
    this.joined = true;
    this.set({ canEdit: result.canEdit, status: "online", error: null });
    if (result.canEdit) {
      const serverVector = Y.encodeStateVectorFromUpdate(server.length > 0 ? Y.mergeUpdates(server) : Y.encodeStateAsUpdate(new Y.Doc()));
      const missing = Y.encodeStateAsUpdate(this.ydoc, serverVector);
      if (!isEmptyUpdate(missing)) this.enqueue(missing);
    }
    this.reconcile(result.canEdit);
    this.sendAwarenessNow();
    this.scheduleCheck();
  }

  // While joined, the stored template is checked now and then: a PUT without yState (the API, the JSON
  // editor, a version restored there) changes the content without the hub, and a designer that later saved
  // its shared state would silently undo that change. Found, it replaces the shared document for everyone.
  private scheduleCheck(): void {
    if (this.closed || this.checkTimer !== undefined) return;
    this.checkTimer = setTimeout(() => {
      this.checkTimer = undefined;
      void this.checkStored().finally(() => {
        if (this.joined) this.scheduleCheck();
      });
    }, this.timing.checkEveryMs ?? 15_000);
  }

  /** Whether `t` is newer than what the shared state is known to match, and different from it. */
  private changedOutside(t: StoredTemplate): boolean {
    const known = this.ydoc.getMap<unknown>(META_KEY).get(CONTENT_UPDATED_AT);
    if (typeof known !== "string" || !(Date.parse(t.updatedAt) > Date.parse(known)) || t.editorMode !== "report") return false;
    try {
      return !sameJson(yDocToDocument(this.ydoc), JSON.parse(t.content)) || !this.sampleMatches(t.sampleData ?? null);
    } catch {
      return false;
    }
  }

  /** The shared sample data as an object: null when there is none, undefined when its text is not a JSON object. */
  private sharedSample(): SampleData | null | undefined {
    return sampleDataOf(readSampleDataText(this.ydoc));
  }

  /** Whether the shared sample data stands for `stored` (text that is not an object yet stands for nothing else). */
  private sampleMatches(stored: SampleData | null): boolean {
    const shared = this.sharedSample();
    return shared === undefined || sameJson(shared, stored);
  }

  private async checkStored(): Promise<void> {
    if (!this.joined || !this.state.canEdit) return;
    let t: StoredTemplate;
    try {
      t = await this.api.getTemplate(this.templateId);
    } catch {
      return;
    }
    if (!this.changedOutside(t)) return;
    await new Promise((resolve) => setTimeout(resolve, this.timing.confirmAfterMs ?? 2_000));
    if (this.closed || !this.joined || !this.changedOutside(t)) return;
    this.stored = t;
    this.set({ template: t });
    this.reconcile(true);
  }

  /** Seeds an empty room, or takes the stored content when it changed outside the designer. */
  private reconcile(canEdit: boolean): void {
    const stored = this.stored;
    if (stored === undefined) return;
    let parsed: TemplateDocument;
    try {
      parsed = JSON.parse(stored.content) as TemplateDocument;
    } catch {
      this.set({ error: "The stored content is not a JSON document." });
      return;
    }
    const meta = this.ydoc.getMap<unknown>(META_KEY);
    if (!isSeeded(this.ydoc)) {
      // A Viewer seeds its own copy only (it cannot send); the first editor's seed reaches it later.
      this.seed(parsed, stored.updatedAt);
      return;
    }
    if (!canEdit) return;
    // A room seeded before sample data was shared has never held any: the stored data goes in.
    if (this.ydoc.getMap<unknown>(SAMPLE_DATA_KEY).size === 0 && stored.sampleData) replaceSampleDataText(this.ydoc, sampleDataJson(stored.sampleData), SEED);
    const known = meta.get(CONTENT_UPDATED_AT);
    const newer = typeof known !== "string" || Date.parse(stored.updatedAt) > Date.parse(known);
    if (!newer) return;
    if (sameJson(yDocToDocument(this.ydoc), parsed) && this.sampleMatches(stored.sampleData ?? null)) {
      this.ydoc.transact(() => meta.set(CONTENT_UPDATED_AT, stored.updatedAt), META);
    } else if (typeof known === "string") {
      this.seed(parsed, stored.updatedAt);
    } else {
      // Seeded by a client that never recorded what it matched: trust the shared state, record the time.
      this.ydoc.transact(() => meta.set(CONTENT_UPDATED_AT, stored.updatedAt), META);
    }
  }

  private seed(doc: TemplateDocument, updatedAt: string): void {
    this.storedDoc = doc;
    this.storedSample = this.stored?.sampleData ?? null;
    this.ydoc.transact(() => {
      documentToYDoc(doc, this.ydoc, SEED);
      replaceSampleDataText(this.ydoc, this.storedSample === null ? "" : sampleDataJson(this.storedSample), SEED);
      this.ydoc.getMap<unknown>(META_KEY).set(CONTENT_UPDATED_AT, updatedAt);
    }, SEED);
  }

  private readonly onLocalUpdate = (update: Uint8Array, origin: unknown, _doc: Y.Doc, tr: Y.Transaction): void => {
    const document = yDocToDocument(this.ydoc);
    const sampleDataText = readSampleDataText(this.ydoc);
    // A peer's save (while we are in the room) records its updatedAt in meta: what we show now is what is
    // stored. Not while joining: the room may hold edits nobody has saved.
    const meta = this.ydoc.getMap<unknown>(META_KEY);
    if (origin === REMOTE && this.joined && tr.changed.has(meta as unknown as Y.AbstractType<Y.YEvent<Y.Map<unknown>>>)) {
      this.storedDoc = document;
      const shared = this.sharedSample();
      if (shared !== undefined) this.storedSample = shared;
    }
    this.set({ document, sampleDataText, dirty: !sameJson(document, this.storedDoc) || !this.sampleMatches(this.storedSample) });
    if (origin === REMOTE) return;
    if (this.joined && this.state.canEdit) this.enqueue(update);
    // Otherwise the next join sends it (the resync computes what the server lacks).
  };

  // Sends in order, one at a time; a failed send is left to the next join's resync.
  private enqueue(update: Uint8Array): void {
    this.sending = this.sending.then(async () => {
      if (!this.joined) return;
      try {
        const seq = await this.transport.sendUpdate(this.templateId, update);
        // Our own update is never echoed back to us, so its seq would otherwise look like a gap.
        if (seq === this.lastSeq + 1) this.lastSeq = seq;
      } catch (err) {
        // A dropped connection is not worth a message: the next join's resync sends what the server lacks.
        if (this.joined) this.set({ error: `An edit was not accepted: ${errorText(err)}` });
      }
    });
  }

  /**
   * The Data tab's text changed from `base` to `next` (`caret`: where the caret is in `next`): merged per
   * character with peers' edits. Not on the undo stack (the text field has its own undo).
   */
  editSampleData(base: string, next: string, caret?: number): void {
    if (!this.state.canEdit) return;
    editSampleDataText(this.ydoc, base, next, this.sampleOrigin, caret);
  }

  /** Replaces the sample data text for everyone ("fill from the schema's samples", a moved local copy). */
  replaceSampleData(text: string): void {
    if (!this.state.canEdit) return;
    replaceSampleDataText(this.ydoc, text, this.sampleOrigin);
  }

  /** Sample data edits are local (sent to peers) but not undone with the document. */
  private readonly sampleOrigin: object = { designer: "sample-data" };

  /** Resolves when every update sent so far has been answered. */
  flushed(): Promise<void> {
    return this.sending;
  }

  // ---------------------------------------------------------------- awareness

  private readonly onAwarenessChange = (): void => {
    const peers: AwarenessPeer[] = [];
    for (const [clientId, raw] of this.awareness.getStates()) {
      if (clientId === this.ydoc.clientID) continue;
      const state = readAwareness(raw);
      if (state !== undefined) peers.push({ ...state, clientId });
    }
    peers.sort((a, b) => a.clientId - b.clientId);
    const local = this.state.local;
    // A peer's earlier claim on an element we are dragging wins: let go (the canvas sees lock === null).
    if (local.lock !== null && claimLost(peers, local.lock, this.ydoc.clientID)) {
      this.setLocal({ lock: null, ghost: null });
    }
    this.set({ peers });
  };

  private readonly onAwarenessUpdate = (_changes: unknown, origin: unknown): void => {
    if (origin === REMOTE) return;
    const wait = this.lastAwarenessSent + AWARENESS_THROTTLE_MS - Date.now();
    if (wait <= 0) this.sendAwarenessNow();
    else this.awarenessTimer ??= setTimeout(() => this.sendAwarenessNow(), wait);
  };

  private sendAwarenessNow(): void {
    if (this.awarenessTimer !== undefined) clearTimeout(this.awarenessTimer);
    this.awarenessTimer = undefined;
    if (!this.joined) return;
    this.lastAwarenessSent = Date.now();
    const bytes = encodeAwarenessUpdate(this.awareness, [this.ydoc.clientID]);
    this.transport.sendAwareness(this.templateId, bytes).catch(() => undefined);
  }

  /** Merges `patch` into the local awareness state (cursor, selection, lock, ghost) and publishes it. */
  setLocal(patch: Partial<DesignerAwareness>): void {
    const local = { ...this.state.local, ...patch };
    this.set({ local });
    this.awareness.setLocalState(local);
  }

  /**
   * Claims the interaction lock on `ids` (elements, or a band) before a drag or resize; false when a peer holds
   * one of them. The claim can still be lost to a peer's simultaneous earlier claim: then `local.lock` becomes
   * null and the canvas must drop the gesture.
   */
  claim(ids: readonly string[], kind: InteractionLock["kind"]): boolean {
    if (!this.state.canEdit || !canClaim(this.state.peers, ids)) return false;
    this.setLocal({ lock: { ids: [...ids], kind, since: Date.now() } });
    return true;
  }

  /** Releases the local lock and ghost (end of a drag or resize). */
  release(): void {
    if (this.state.local.lock !== null || this.state.local.ghost !== null) this.setLocal({ lock: null, ghost: null });
  }

  /** The peer dragging or resizing `id`, if any. */
  lockedBy(id: string): AwarenessPeer | undefined {
    return lockHolder(this.state.peers, id);
  }

  // ---------------------------------------------------------------- undo, save, restore

  undo(): void {
    this.undoManager.undo();
  }

  redo(): void {
    this.undoManager.redo();
  }

  /** Saves the document (PUT with yState and yStateSeq); resolves to the new updatedAt, or throws. */
  async save(versionKind?: "auto" | "manual" | "restore"): Promise<string> {
    const document = yDocToDocument(this.ydoc);
    if (document === undefined) throw new Error("Nothing to save yet: the document has not loaded.");
    if (!this.state.canEdit) throw new Error("Viewers cannot save.");
    this.set({ saving: true });
    // The sample data goes with the content: null when there is none, left out (the stored data kept) while
    // its text is not a JSON object (the Data tab says why).
    const sample = this.sharedSample();
    try {
      const saved = await this.api.saveTemplate(this.templateId, {
        content: JSON.stringify(document, null, 2),
        yState: toBase64(Y.encodeStateAsUpdate(this.ydoc)),
        yStateSeq: this.lastSeq,
        ...(versionKind !== undefined ? { versionKind } : {}),
        ...(sample !== undefined ? { sampleData: sample } : {}),
      });
      this.stored = { ...(this.stored as StoredTemplate), content: JSON.stringify(document), editorMode: "report", updatedAt: saved.updatedAt };
      this.set({ template: this.stored });
      this.storedDoc = document;
      if (sample !== undefined) this.storedSample = sample;
      this.ydoc.transact(() => this.ydoc.getMap<unknown>(META_KEY).set(CONTENT_UPDATED_AT, saved.updatedAt), META);
      // Still dirty when anything changed while the save was in flight.
      this.set({ saving: false, lastSavedAt: saved.updatedAt, error: null, dirty: !sameJson(yDocToDocument(this.ydoc), document) || !this.sampleMatches(this.storedSample) });
      return saved.updatedAt;
    } catch (err) {
      this.set({ saving: false, error: `Not saved: ${errorText(err)}` });
      throw err;
    }
  }

  /**
   * Restores a version: the shared document is replaced for everyone (one undoable step of this user), then
   * saved as a `restore` version.
   */
  async restoreVersion(versionId: string): Promise<void> {
    const version = await this.api.getVersion(this.templateId, versionId);
    if (version.editorMode !== "report") throw new Error("That version is an HTML template; the designer restores report versions only.");
    this.undoManager.stopCapturing();
    this.editor.replaceDocument(JSON.parse(version.content) as TemplateDocument);
    this.undoManager.stopCapturing();
    // The version's sample data comes back with it. A version without any (recorded before sample data was
    // kept with templates, or when there was none) leaves the current data as it is.
    if (version.sampleData) replaceSampleDataText(this.ydoc, sampleDataJson(version.sampleData), this.sampleOrigin);
    await this.save("restore");
  }

  /** Leaves: stops the connection and timers. */
  async close(): Promise<void> {
    this.closed = true;
    this.joined = false;
    if (this.restartTimer !== undefined) clearTimeout(this.restartTimer);
    if (this.checkTimer !== undefined) clearTimeout(this.checkTimer);
    if (this.awarenessTimer !== undefined) clearTimeout(this.awarenessTimer);
    this.undoManager.destroy();
    this.awareness.destroy();
    await this.transport.stop().catch(() => undefined);
    this.ydoc.destroy();
  }
}

/** Sample data as the Data tab shows it. */
export function sampleDataJson(data: SampleData): string {
  return JSON.stringify(data, null, 2);
}

/** The sample data a text stands for: null for none (empty), undefined when it is not a JSON object. */
export function sampleDataOf(text: string): SampleData | null | undefined {
  if (text.trim() === "") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as SampleData) : undefined;
  } catch {
    return undefined;
  }
}
