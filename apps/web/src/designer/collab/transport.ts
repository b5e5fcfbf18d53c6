// The collaboration hub as the designer sees it: the three hub methods and the three client callbacks of
// /hubs/collab (docs: collab-hub-protocol.md §11), behind an interface so the session logic is testable
// without a server. signalr-transport.ts is the real one.

/** What JoinDocument answers. */
export interface JoinResult {
  readonly snapshot: Uint8Array | null;
  readonly snapshotSeq: number;
  readonly updates: readonly { readonly seq: number; readonly update: Uint8Array }[];
  readonly peerAwareness: readonly Uint8Array[];
  readonly canEdit: boolean;
}

/** What the hub calls on the client, and the connection's life events. */
export interface HubHandlers {
  /** ReceiveUpdate(seq, bytes): a peer's update, persisted under `seq`. */
  onUpdate(seq: number, update: Uint8Array): void;
  /** ReceiveAwareness(bytes): a peer's awareness (y-protocols encoding). */
  onAwareness(update: Uint8Array): void;
  /** PeerLeft(clientId): a peer's connection ended. */
  onPeerLeft(clientId: number): void;
  /** The connection dropped and is being re-established (a brand-new connection: join again). */
  onReconnecting(): void;
  /** Re-established: the session joins again and resynchronises. */
  onReconnected(): void;
  /** Closed for good (automatic reconnection gave up, or stop()). */
  onClosed(error: Error | undefined): void;
}

/** A connection to the hub. */
export interface HubTransport {
  start(handlers: HubHandlers): Promise<void>;
  joinDocument(docId: string, awarenessClientId: number): Promise<JoinResult>;
  sendUpdate(docId: string, update: Uint8Array): Promise<number>;
  sendAwareness(docId: string, update: Uint8Array): Promise<void>;
  stop(): Promise<void>;
}
