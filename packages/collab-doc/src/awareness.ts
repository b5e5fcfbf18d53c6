// The designer's awareness state (what every client publishes through SendAwareness: never persisted) and the
// interaction lock built on it. The hub relays awareness bytes without reading them, so the lock is agreed
// between clients: a client may start dragging or resizing elements only when no peer's published lock holds
// any of them, and when two clients claim the same element at nearly the same moment, both see both claims
// and the same rule picks one winner (the earlier `since`, then the lower client id); the other gives up.
import type { Rect } from "./snap.js";

/** Who a peer is. */
export interface AwarenessUser {
  readonly name: string;
  /** A CSS colour (`#rrggbb`) for the cursor, selection outline and avatar. */
  readonly colour: string;
  readonly userId?: string;
}

/**
 * A pointer position in points, in the coordinates of the designer's canvas content box (the band stack: the
 * page's top-left content corner, inside the margins, is 0,0), so it lands on the same spot at any zoom.
 */
export interface AwarenessCursor {
  readonly x: number;
  readonly y: number;
}

/** Elements (or a band, for band resizing) one client is dragging or resizing right now. */
export interface InteractionLock {
  /** Element ids, or band ids for a band resize. */
  readonly ids: readonly string[];
  readonly kind: "move" | "resize" | "band-resize";
  /** When the claim was made (Date.now() of the claimer): the earlier claim wins a race. */
  readonly since: number;
}

/** Where a peer's dragged elements would land, drawn as outlines on the other canvases. */
export interface GhostRect extends Rect {
  readonly id: string;
  /** The band whose coordinates x and y are in. */
  readonly bandId: string;
}

/** Everything a designer client publishes. */
export interface DesignerAwareness {
  readonly user: AwarenessUser;
  readonly cursor: AwarenessCursor | null;
  /** Selected element ids (a band id when a band is selected). */
  readonly selection: readonly string[];
  readonly lock: InteractionLock | null;
  readonly ghost: readonly GhostRect[] | null;
}

/** A peer as the designer shows it. */
export interface AwarenessPeer extends DesignerAwareness {
  /** The peer's Y.Doc client id (unique per open document). */
  readonly clientId: number;
}

/** Whether claim `a` (client `aId`) beats claim `b` (client `bId`) for the same element. */
export function lockWins(a: InteractionLock, aId: number, b: InteractionLock, bId: number): boolean {
  return a.since !== b.since ? a.since < b.since : aId < bId;
}

/** The peer whose published lock holds `id` (the winner when several claim it), or undefined. */
export function lockHolder(peers: readonly AwarenessPeer[], id: string): AwarenessPeer | undefined {
  let holder: AwarenessPeer | undefined;
  for (const peer of peers) {
    if (peer.lock === null || !peer.lock.ids.includes(id)) continue;
    if (holder === undefined || lockWins(peer.lock, peer.clientId, holder.lock as InteractionLock, holder.clientId)) holder = peer;
  }
  return holder;
}

/** Whether the local client may claim `ids`: no peer holds any of them. */
export function canClaim(peers: readonly AwarenessPeer[], ids: readonly string[]): boolean {
  return ids.every((id) => lockHolder(peers, id) === undefined);
}

/** Whether the local claim must be given up: a peer's claim on one of the same ids wins. */
export function claimLost(peers: readonly AwarenessPeer[], mine: InteractionLock, myClientId: number): boolean {
  return peers.some(
    (peer) => peer.clientId !== myClientId && peer.lock !== null && peer.lock.ids.some((id) => mine.ids.includes(id)) && lockWins(peer.lock, peer.clientId, mine, myClientId),
  );
}

/** Reads a raw awareness state (anything a peer sent) as a designer state; undefined when it is not one. */
export function readAwareness(state: unknown): DesignerAwareness | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const s = state as Record<string, unknown>;
  const user = s.user as Record<string, unknown> | undefined;
  if (typeof user !== "object" || user === null || typeof user.name !== "string" || typeof user.colour !== "string") return undefined;
  const cursor = s.cursor as Record<string, unknown> | null | undefined;
  const lock = s.lock as Record<string, unknown> | null | undefined;
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return {
    user: { name: user.name, colour: user.colour, ...(typeof user.userId === "string" ? { userId: user.userId } : {}) },
    cursor: cursor && finite(cursor.x) && finite(cursor.y) ? { x: cursor.x, y: cursor.y } : null,
    selection: strings(s.selection),
    lock:
      lock && finite(lock.since) && (lock.kind === "move" || lock.kind === "resize" || lock.kind === "band-resize")
        ? { ids: strings(lock.ids), kind: lock.kind, since: lock.since }
        : null,
    ghost: Array.isArray(s.ghost)
      ? s.ghost.filter(
          (g): g is GhostRect =>
            typeof g === "object" && g !== null && typeof g.id === "string" && typeof g.bandId === "string" && finite(g.x) && finite(g.y) && finite(g.width) && finite(g.height),
        )
      : null,
  };
}
