// useDesignerDoc(templateId): the band designer's live document. The interface the canvas, panels and toolbar
// build on (apps/web/README.md, "Band designer", says the same):
//
//   const d = useDesignerDoc(templateId);
//   d.template      the template as loaded (name, editorMode, updatedAt) | undefined while loading
//   d.ydoc          Y.Doc          the shared document (layout: packages/collab-doc/src/structure.ts)
//   d.document      TemplateDocument | undefined   the v4 document it holds, re-read after every change
//   d.editor        DocEditor      every edit, one Yjs transaction each (addElement, updateElement, moveElements,
//                                  resizeElement, deleteElements, reorder, addBand, updateBand, resizeBand,
//                                  moveBand, deleteBand, setDocumentProps, replaceDocument, transact)
//   d.status        "loading" | "connecting" | "online" | "reconnecting" | "offline" | "error"
//   d.canEdit       false for Viewers (the hub's canEdit): the canvas must not start a gesture
//   d.peers         AwarenessPeer[]: { clientId, user {name, colour}, cursor {x, y} | null (page points),
//                   selection (ids), lock { ids, kind, since } | null, ghost GhostRect[] | null }
//   d.local         this client's awareness state
//   d.setLocalAwareness(partial)   publish cursor / selection / ghost (throttled to 25 messages a second)
//   d.claim(ids, kind) → boolean   take the interaction lock before a drag or resize; false: a peer holds one
//   d.release()                    end of the gesture (drops lock and ghost)
//   d.lockedBy(id) → peer | undefined
//   d.undo(), d.redo(), d.canUndo, d.canRedo     the local user's edits only
//   d.save(versionKind?) → Promise<updatedAt>    PUT content + yState + yStateSeq
//   d.restoreVersion(versionId)                  replaces the document for everyone, saves as "restore"
//   d.sampleDataText, d.editSampleData(base, next, caret?), d.replaceSampleData(text)
//                                                the template's sample data (JSON text), shared and saved with it
//   d.dirty, d.saving, d.lastSavedAt, d.error
//
// The lock is honoured by convention between designers (the hub relays awareness and knows no locks): the
// canvas calls claim() on pointer-down over an element and aborts the gesture when local.lock becomes null.
import type { AwarenessPeer, DesignerAwareness, DocEditor, InteractionLock, TemplateDocument } from "@docsvc/collab-doc";

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type * as Y from "yjs";
import { api } from "../../api/client";
import { templates } from "../../api/endpoints";
import { useSession } from "../../auth/session";
import { colourOf } from "./colour";
import { DesignerSession, type SessionApi, type SessionState, type SessionStatus, type StoredTemplate } from "./session";
import { signalRTransport } from "./signalr-transport";
import type { HubTransport } from "./transport";

export type { SessionStatus } from "./session";

/** What useDesignerDoc returns (see the top of this file). */
export interface DesignerDoc {
  /** The template as loaded (name, editorMode, updatedAt); undefined while loading. */
  readonly template: StoredTemplate | undefined;
  readonly ydoc: Y.Doc;
  readonly document: TemplateDocument | undefined;
  readonly editor: DocEditor;
  readonly status: SessionStatus;
  readonly canEdit: boolean;
  readonly peers: readonly AwarenessPeer[];
  readonly local: DesignerAwareness;
  readonly setLocalAwareness: (patch: Partial<DesignerAwareness>) => void;
  readonly claim: (ids: readonly string[], kind: InteractionLock["kind"]) => boolean;
  readonly release: () => void;
  readonly lockedBy: (id: string) => AwarenessPeer | undefined;
  readonly undo: () => void;
  readonly redo: () => void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly save: (versionKind?: "auto" | "manual" | "restore") => Promise<string>;
  readonly restoreVersion: (versionId: string) => Promise<void>;
  /** The shared sample data's JSON text ("" when there is none), and its edits (merged per character). */
  readonly sampleDataText: string;
  readonly editSampleData: (base: string, next: string, caret?: number) => void;
  readonly replaceSampleData: (text: string) => void;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly lastSavedAt: string | null;
  readonly error: string | null;
  /** The session itself (tests, and the rare caller that needs the Y.UndoManager or the awareness). */
  readonly session: DesignerSession;
}

/** The HTTP calls the session makes, through the app's API client. */
export const httpSessionApi: SessionApi = {
  getTemplate: (id) => templates.get(id),
  saveTemplate: (id, body) => api.json<{ updatedAt: string }>(`/api/templates/${encodeURIComponent(id)}`, { method: "PUT", body }),
  getVersion: (id, versionId) => templates.version(id, versionId),
};

/** Seconds since the epoch at which a JWT expires, or undefined when it cannot be read (it is not verified here). */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The access token for the hub, read at every (re)connection. The hub checks it once, at the upgrade, so a token
 * about to expire (a laptop waking up) is renewed first, as the API client would after a 401.
 */
async function hubToken(): Promise<string> {
  const token = api.accessToken;
  const exp = token === null ? undefined : tokenExpiry(token);
  if (token !== null && (exp === undefined || exp * 1000 > Date.now() + 30_000)) return token;
  return (await api.refresh().catch(() => null))?.accessToken ?? token ?? "";
}

/** Opens template `templateId` in the designer for as long as the calling component is mounted. */
export function useDesignerDoc(templateId: string, options: { readonly transport?: () => HubTransport; readonly sessionApi?: SessionApi } = {}): DesignerDoc {
  const { session: auth } = useSession();
  const userId = auth?.user.id ?? "anonymous";
  const name = auth?.user.email ?? "Someone";
  const makeTransport = options.transport;
  const sessionApi = options.sessionApi ?? httpSessionApi;
  // One session per template (and user); StrictMode's double mount makes and closes an extra one, harmlessly.
  const [session, setSession] = useState<DesignerSession>(() => new DesignerSession(templateId, (makeTransport ?? (() => signalRTransport(hubToken)))(), sessionApi, { name, colour: colourOf(userId), userId }));
  useEffect(() => {
    const s =
      session.templateId === templateId && !sessionClosed.has(session)
        ? session
        : new DesignerSession(templateId, (makeTransport ?? (() => signalRTransport(hubToken)))(), sessionApi, { name, colour: colourOf(userId), userId });
    if (s !== session) setSession(s);
    void s.open();
    return () => {
      sessionClosed.add(s);
      void s.close();
    };
    // The session is recreated only for another template or user, never for a re-render.
  }, [templateId, userId]);

  const state: SessionState = useSyncExternalStore(
    useCallback((listener: () => void) => session.subscribe(listener), [session]),
    () => session.snapshot,
  );

  return useMemo(
    () => ({
      template: state.template,
      ydoc: session.ydoc,
      document: state.document,
      editor: session.editor,
      status: state.status,
      canEdit: state.canEdit,
      peers: state.peers,
      local: state.local,
      setLocalAwareness: (patch) => session.setLocal(patch),
      claim: (ids, kind) => session.claim(ids, kind),
      release: () => session.release(),
      lockedBy: (id) => session.lockedBy(id),
      undo: () => session.undo(),
      redo: () => session.redo(),
      canUndo: state.canUndo,
      canRedo: state.canRedo,
      save: (versionKind) => session.save(versionKind),
      restoreVersion: (versionId) => session.restoreVersion(versionId),
      sampleDataText: state.sampleDataText,
      editSampleData: (base, next, caret) => session.editSampleData(base, next, caret),
      replaceSampleData: (text) => session.replaceSampleData(text),
      dirty: state.dirty,
      saving: state.saving,
      lastSavedAt: state.lastSavedAt,
      error: state.error,
      session,
    }),
    [session, state],
  );
}

// Sessions closed by an effect cleanup (StrictMode runs effects twice: the second run needs a fresh one).
const sessionClosed = new WeakSet<DesignerSession>();
