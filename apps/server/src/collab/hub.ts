// The collaboration hub's state: pending negotiations, live connections, rooms, and the document operations
// the hub methods and the template save path call. Transport (collab/transport.ts) and wire format
// (collab/protocol.ts) live elsewhere; this file knows no sockets.
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import type { SessionPrincipal } from "../auth/principal.js";
import { lastSeq } from "../db/collab.js";
import type { Db } from "../db/database.js";
import { findTemplate } from "../db/templates.js";
import { findLiveSession } from "../db/sessions.js";
import type { Role } from "../db/schema.js";
import { errorFields, type Logger } from "../log.js";
import { withDocumentLock } from "../db/document-lock.js";
import type { BusMessage, HubBus } from "./bus.js";
import { nowIso } from "../time.js";
import { HubConnection } from "./connection.js";
import { HubErrors, HubException, invocationFrame, MAX_MESSAGE_BYTES } from "./protocol.js";
import { Room } from "./room.js";
import { KeyedSerial } from "./serial.js";
import { appendUpdate, compact, isYjsUpdate, loadState, mergeState } from "./store.js";

/** Timings and limits; the defaults are ASP.NET's where it has one. */
export interface HubOptions {
  /** Send a ping after this long without sending anything. */
  readonly keepAliveMs?: number;
  /** Close a connection that sent nothing for this long. */
  readonly clientTimeoutMs?: number;
  /** Close a connection that has not completed the handshake within this long. */
  readonly handshakeTimeoutMs?: number;
  /** A negotiated connection token must be used within this long, once. */
  readonly negotiateTtlMs?: number;
  /** Fold the log into the snapshot after this many updates. */
  readonly compactEvery?: number;
  /** The largest update or awareness message accepted. */
  readonly maxUpdateBytes?: number;
  /** Open connections one user may hold at once; more are refused with 429 before the upgrade. */
  readonly maxConnectionsPerUser?: number;
  /** The largest hub message, whole or being reassembled (HUB_MAX_MESSAGE_BYTES). */
  readonly maxMessageBytes?: number;
  /** Bytes one connection may hold at once, reassembling and queued (HUB_MAX_BUFFERED_BYTES). */
  readonly maxBufferedBytes?: number;
}

const DEFAULTS: Required<HubOptions> = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTtlMs: 30_000,
  compactEvery: 500,
  maxUpdateBytes: 8 * 1024 * 1024,
  maxConnectionsPerUser: 20,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxBufferedBytes: 2 * MAX_MESSAGE_BYTES,
};

/** What JoinDocument answers. */
export interface JoinResult {
  readonly snapshot: Uint8Array | null;
  readonly snapshotSeq: number;
  readonly updates: readonly { readonly seq: number; readonly update: Uint8Array }[];
  readonly peerAwareness: readonly Uint8Array[];
  readonly canEdit: boolean;
}

/** The negotiate answer (negotiateVersion 1). */
export interface NegotiateResult {
  readonly negotiateVersion: 1;
  readonly connectionId: string;
  readonly connectionToken: string;
  readonly availableTransports: readonly { readonly transport: "WebSockets"; readonly transferFormats: readonly string[] }[];
}

/** Why a connection is refused or closed once its session or membership has gone. */
const ACCESS_ENDED = "Unauthorized: the session has ended or you are no longer a member of this workspace.";

/** Which open connections lost their access: every field given must match (`exceptSessionId` must not). */
export interface AccessEnded {
  readonly sessionId?: string;
  readonly userId?: string;
  readonly workspaceId?: string;
  readonly exceptSessionId?: string;
}

// URL-safe: the JS client puts the token into `?id=` without encoding it.
const newId = (): string => randomBytes(16).toString("base64url");

/** The hub. One per service; the template save path reaches it through ServiceDeps. */
export class CollabHub {
  readonly options: Required<HubOptions>;
  private readonly rooms = new Map<string, Room>();
  private readonly serial = new KeyedSerial();
  private readonly pending = new Map<string, { readonly userId: string; readonly connectionId: string; readonly expiresAt: number }>();
  private readonly connections = new Set<HubConnection>();
  private ticker: NodeJS.Timeout | undefined;
  private updates = 0;

  /** With a bus (REDIS_URL), other instances' hubs host the same documents: see fromBus. */
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    options: HubOptions = {},
    private readonly bus?: HubBus,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Live connections, loaded rooms (rooms must not outlive their members) and updates persisted since start. */
  stats(): { readonly connections: number; readonly rooms: number; readonly updates: number } {
    return { connections: this.connections.size, rooms: this.rooms.size, updates: this.updates };
  }

  /** How many open connections a user has (the transport refuses more than `maxConnectionsPerUser`). */
  connectionsOf(userId: string): number {
    let n = 0;
    for (const c of this.connections) if (c.principal.userId === userId) n += 1;
    return n;
  }

  /**
   * The member's current role, read on every join and write: a logout, a removal or a demotion applies to an
   * open connection at once. When the session or the membership is gone the connection is revoked.
   */
  private async liveRole(connection: HubConnection): Promise<Role> {
    const { sessionId, userId, workspaceId } = connection.principal;
    const live = await findLiveSession(this.db, sessionId, userId, workspaceId, nowIso());
    if (live !== undefined) return live.role;
    connection.revoke(ACCESS_ENDED);
    throw new HubException(ACCESS_ENDED);
  }

  /**
   * Closes the open connections whose credential just ended (logout, a password change or reset, a removal from
   * the workspace), so they stop receiving too; the check on every write stays as the backstop.
   */
  endAccess(ended: AccessEnded): void {
    for (const c of [...this.connections]) {
      const p = c.principal;
      if (ended.sessionId !== undefined && p.sessionId !== ended.sessionId) continue;
      if (ended.userId !== undefined && p.userId !== ended.userId) continue;
      if (ended.workspaceId !== undefined && p.workspaceId !== ended.workspaceId) continue;
      if (ended.exceptSessionId !== undefined && p.sessionId === ended.exceptSessionId) continue;
      c.close(ACCESS_ENDED, false);
    }
  }

  /** Issues a one-use connection token for an authenticated user. */
  negotiate(principal: SessionPrincipal): NegotiateResult {
    const now = Date.now();
    for (const [token, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(token);
    const connectionId = newId();
    const connectionToken = newId();
    this.pending.set(connectionToken, { userId: principal.userId, connectionId, expiresAt: now + this.options.negotiateTtlMs });
    return { negotiateVersion: 1, connectionId, connectionToken, availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }] };
  }

  /** Redeems a connection token for the same user; undefined when unknown, used or expired. */
  claim(connectionToken: string, userId: string): string | undefined {
    const p = this.pending.get(connectionToken);
    if (p === undefined) return undefined;
    this.pending.delete(connectionToken);
    return p.userId === userId && p.expiresAt > Date.now() ? p.connectionId : undefined;
  }

  /** Takes over an upgraded socket. */
  attach(ws: WebSocket, principal: SessionPrincipal, connectionId: string): void {
    const connection = new HubConnection(ws, principal, connectionId, this, this.log);
    this.connections.add(connection);
    if (this.ticker === undefined) {
      const o = this.options;
      const tickMs = Math.max(20, Math.min(o.keepAliveMs, o.clientTimeoutMs, o.handshakeTimeoutMs) / 5);
      this.ticker = setInterval(() => {
        const now = Date.now();
        for (const c of this.connections) c.tick(now, tickMs);
      }, tickMs);
      this.ticker.unref();
    }
  }

  /** Joins a connection to `doc:{docId}`: authorises, then reads the state and joins under the document's lock. */
  async join(connection: HubConnection, docId: string, awarenessClientId: number): Promise<JoinResult> {
    const { workspaceId } = connection.principal;
    const template = await findTemplate(this.db, workspaceId, docId);
    if (template === undefined) throw new HubException("Not found: no such document in your workspace.");
    const canEdit = (await this.liveRole(connection)) !== "Viewer";
    // Reading the state and entering the group happen under the lock that SendUpdate persists and fans out
    // under, so every update is either in what we read or delivered to us afterwards.
    return this.serial.run(docId, async () => {
      let room = this.rooms.get(docId);
      // Listening before reading: an update persisted elsewhere after the read arrives through the bus, and
      // its delivery waits for this lock, so it reaches the joiner once it is in the room.
      if (room === undefined) await this.bus?.subscribe(docId, (message) => this.fromBus(docId, message));
      const state = await loadState(this.db, docId);
      // A connection that ended while waiting must not enter the room: nothing would ever take it out.
      if (connection.closed) {
        if (room === undefined) await this.bus?.unsubscribe(docId);
        throw new HubException("Closed: the connection ended.");
      }
      if (room === undefined) {
        room = new Room(docId, workspaceId);
        room.logRows = state.updates.length;
        room.lastSeq = state.updates.at(-1)?.seq ?? state.snapshotSeq;
        this.rooms.set(docId, room);
      }
      room.join(connection, awarenessClientId);
      connection.docs.add(docId);
      return { ...state, peerAwareness: room.peerAwareness(connection), canEdit };
    });
  }

  private joined(connection: HubConnection, docId: string): Room {
    const room = this.rooms.get(docId);
    if (!connection.docs.has(docId) || room === undefined || !room.has(connection)) throw new HubException("Not joined: call JoinDocument first.");
    return room;
  }

  private checkSize(bytes: Uint8Array): void {
    if (bytes.length > this.options.maxUpdateBytes) throw new HubException(`Too large: at most ${this.options.maxUpdateBytes} bytes.`);
  }

  /** Persists one update, then sends it to the other members; returns its seq. */
  async sendUpdate(connection: HubConnection, docId: string, update: Uint8Array): Promise<number> {
    this.joined(connection, docId);
    if ((await this.liveRole(connection)) === "Viewer") throw new HubException("Forbidden: Viewers cannot edit this document.");
    this.checkSize(update);
    if (!(await isYjsUpdate(update))) throw new HubException("Invalid update: the bytes are not a Yjs update.");
    const bytes = new Uint8Array(update);
    return this.serial.run(docId, async () => {
      const room = this.rooms.get(docId);
      // Other instances append too: numbered under the template's database lock, from the log itself.
      const seq = this.bus !== undefined ? await this.shared(docId, (db) => appendUpdate(db, docId, bytes)) : await appendUpdate(this.db, docId, bytes, room?.lastSeq);
      this.updates += 1;
      if (room !== undefined) room.lastSeq = seq;
      // Serialised once, the same bytes for every member; persisted before it leaves this instance.
      room?.broadcast(invocationFrame("ReceiveUpdate", [seq, bytes]), connection);
      this.bus?.publish(docId, { kind: "update", seq, bytes });
      if (room !== undefined && ++room.logRows >= this.options.compactEvery) this.scheduleCompaction(docId);
      return seq;
    });
  }

  /** Relays awareness to the other members and keeps the latest bytes in memory only. */
  async sendAwareness(connection: HubConnection, docId: string, awareness: Uint8Array): Promise<void> {
    const room = this.joined(connection, docId);
    this.checkSize(awareness);
    await this.liveRole(connection);
    const bytes = new Uint8Array(awareness);
    room.setAwareness(connection, bytes);
    room.broadcast(invocationFrame("ReceiveAwareness", [bytes]), connection);
    const clientId = room.clientIdOf(connection);
    if (clientId !== undefined) this.bus?.publish(docId, { kind: "awareness", clientId, bytes });
  }

  // Another instance's news about a document this instance hosts, in order with local writes and joins.
  private fromBus(docId: string, message: BusMessage): void {
    void this.serial.run(docId, async () => {
      const room = this.rooms.get(docId);
      if (room === undefined) return;
      if (message.kind === "update") {
        room.broadcast(invocationFrame("ReceiveUpdate", [message.seq, message.bytes]));
      } else if (message.kind === "awareness") {
        room.setRemoteAwareness(message.clientId, message.bytes);
        room.broadcast(invocationFrame("ReceiveAwareness", [message.bytes]));
      } else {
        room.setRemoteAwareness(message.clientId, null);
        room.broadcast(invocationFrame("PeerLeft", [message.clientId]));
      }
    });
  }

  // Compaction and appends of one template, one instance at a time (the lock), when other instances write.
  private shared<T>(docId: string, work: (db: Db) => Promise<T>): Promise<T> {
    return this.bus !== undefined ? withDocumentLock(this.db, docId, work) : work(this.db);
  }

  /** A connection ended: leave its rooms, tell peers, unload rooms left empty. */
  disconnected(connection: HubConnection): void {
    this.connections.delete(connection);
    for (const docId of connection.docs.keys()) {
      const room = this.rooms.get(docId);
      if (room === undefined) continue;
      const left = room.leave(connection);
      if (left !== undefined) {
        room.broadcast(invocationFrame("PeerLeft", [left]));
        this.bus?.publish(docId, { kind: "left", clientId: left });
      }
      if (room.size === 0) this.scheduleUnload(room);
    }
    connection.docs.clear();
    if (this.connections.size === 0 && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private scheduleCompaction(docId: string): void {
    void this.serial
      .run(docId, async () => {
        await this.shared(docId, (db) => compact(db, docId));
        const room = this.rooms.get(docId);
        if (room !== undefined) room.logRows = 0;
      })
      .catch((err: unknown) => this.log.error("collab: compaction failed", { templateId: docId, ...errorFields(err) }));
  }

  // An empty room is compacted and dropped, so memory follows live documents, not every document ever opened.
  private scheduleUnload(room: Room): void {
    void this.serial
      .run(room.templateId, async () => {
        if (room.size > 0 || this.rooms.get(room.templateId) !== room) return;
        this.rooms.delete(room.templateId);
        await this.bus?.unsubscribe(room.templateId);
        if (room.logRows > 0) await this.shared(room.templateId, (db) => compact(db, room.templateId));
      })
      .catch((err: unknown) => this.log.error("collab: unloading a room failed", { templateId: room.templateId, ...errorFields(err) }));
  }

  /** The latest seq issued for a template (0 when it has no shared state yet). */
  latestSeq(templateId: string): Promise<number> {
    return lastSeq(this.db, templateId);
  }

  /** Merges a saved full client state (template PUT), fans out what it added, and returns the snapshot seq. */
  mergeSaved(templateId: string, state: Uint8Array): Promise<number> {
    return this.serial.run(templateId, async () => {
      const result = await this.shared(templateId, (db) => mergeState(db, templateId, state));
      const room = this.rooms.get(templateId);
      if (result.diff !== null) {
        room?.broadcast(invocationFrame("ReceiveUpdate", [result.diff.seq, result.diff.update]));
        this.bus?.publish(templateId, { kind: "update", seq: result.diff.seq, bytes: result.diff.update });
      }
      if (room !== undefined) {
        room.logRows = 0;
        room.lastSeq = result.snapshotSeq;
      }
      return result.snapshotSeq;
    });
  }

  /** Closes every connection (clients may reconnect), waits for pending writes and compacts live rooms. */
  async close(): Promise<void> {
    for (const c of [...this.connections]) c.close(HubErrors.shuttingDown, true);
    await this.serial.idle();
    for (const docId of [...this.rooms.keys()]) {
      await this.serial.run(docId, () => this.shared(docId, (db) => compact(db, docId))).catch((err: unknown) => this.log.error("collab: compaction failed", errorFields(err)));
    }
    this.rooms.clear();
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }
}
