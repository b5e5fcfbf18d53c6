// What the hub tells hubs on other instances about a document: an update it persisted (with its seq), a
// member's awareness, a member that left. Without a bus (one instance) the hub fans out in process only.

/** One cross-instance message about a document. */
export type BusMessage =
  | { readonly kind: "update"; readonly seq: number; readonly bytes: Uint8Array }
  | { readonly kind: "awareness"; readonly clientId: number; readonly bytes: Uint8Array }
  | { readonly kind: "left"; readonly clientId: number };

/** A per-document channel between instances; an instance never receives its own messages. */
export interface HubBus {
  /** Starts delivering the document's messages from other instances (resolved once listening). */
  subscribe(docId: string, onMessage: (message: BusMessage) => void): Promise<void>;
  /** Stops delivering them. */
  unsubscribe(docId: string): Promise<void>;
  /** Sends to the other instances; never throws (an unreachable bus means same-instance fan-out). */
  publish(docId: string, message: BusMessage): void;
}
