// What the canvas needs of the collaboration session: peers to draw, awareness to publish, and the
// interaction lock (taken before a drag or resize, released after; docs/collab-hub-protocol.md).
import type { AwarenessPeer, DesignerAwareness, InteractionLock } from "@docsvc/collab-doc";

export interface CanvasCollab {
  readonly peers: readonly AwarenessPeer[];
  readonly setLocalAwareness: (patch: Partial<DesignerAwareness>) => void;
  /** False when a peer holds one of `ids`: the gesture does not start. */
  readonly claim: (ids: readonly string[], kind: InteractionLock["kind"]) => boolean;
  readonly release: () => void;
  readonly lockedBy: (id: string) => AwarenessPeer | undefined;
  /** Whether this client still holds its lock (a peer's earlier claim may have won since). */
  readonly holdsLock: () => boolean;
}
