// A room is the live group `doc:{templateId}`: its connections, each one's awareness client id and last
// awareness bytes (memory only, never stored), and the fan-out of one serialised frame to everyone else.

/** What a room needs from a connection. */
export interface RoomMember {
  /** Sends an already framed message (the same bytes go to every member). */
  send(frame: Uint8Array): void;
}

/** A member's per-document state. */
interface MemberState {
  readonly awarenessClientId: number;
  awareness: Uint8Array | null;
}

/** The group name of a template, as the protocol names it. */
export function groupName(templateId: string): string {
  return `doc:${templateId}`;
}

/** One template's live group. */
export class Room {
  private readonly members = new Map<RoomMember, MemberState>();
  /** Updates logged since the last compaction (compaction runs when this passes a threshold). */
  logRows = 0;
  /** The last seq issued; kept here (all writes go through the document's lock) so appends need no lookup. */
  lastSeq = 0;
  /** Awareness of members on other instances, by Y.Doc client id (memory only, like local awareness). */
  private readonly remote = new Map<number, Uint8Array>();

  constructor(
    readonly templateId: string,
    readonly workspaceId: string,
  ) {}

  /** The group name (`doc:{templateId}`). */
  get group(): string {
    return groupName(this.templateId);
  }

  /** How many connections are in the room. */
  get size(): number {
    return this.members.size;
  }

  /** Whether the connection has joined. */
  has(member: RoomMember): boolean {
    return this.members.has(member);
  }

  /** Adds (or re-adds) a connection with its Y.Doc client id. */
  join(member: RoomMember, awarenessClientId: number): void {
    const previous = this.members.get(member);
    this.members.set(member, { awarenessClientId, awareness: previous?.awarenessClientId === awarenessClientId ? previous.awareness : null });
  }

  /** The latest awareness bytes of every member but `member`. */
  peerAwareness(member: RoomMember): Uint8Array[] {
    const out: Uint8Array[] = [...this.remote.values()];
    for (const [m, state] of this.members) if (m !== member && state.awareness !== null) out.push(state.awareness);
    return out;
  }

  /** Keeps a member's latest awareness (so later joiners see current cursors). */
  setAwareness(member: RoomMember, bytes: Uint8Array): void {
    const state = this.members.get(member);
    if (state !== undefined) state.awareness = bytes;
  }

  /** The Y.Doc client id a member joined with. */
  clientIdOf(member: RoomMember): number | undefined {
    return this.members.get(member)?.awarenessClientId;
  }

  /** Keeps (bytes) or forgets (null) the awareness of a member on another instance. */
  setRemoteAwareness(clientId: number, bytes: Uint8Array | null): void {
    if (bytes === null) this.remote.delete(clientId);
    else this.remote.set(clientId, bytes);
  }

  /**
   * Removes a connection. Returns its awareness client id when peers should be told it left: not when another
   * live connection (a fast reconnect of the same Y.Doc) still uses that id.
   */
  leave(member: RoomMember): number | undefined {
    const state = this.members.get(member);
    if (state === undefined) return undefined;
    this.members.delete(member);
    for (const other of this.members.values()) if (other.awarenessClientId === state.awarenessClientId) return undefined;
    return state.awarenessClientId;
  }

  /** Sends one frame to every member except `except`. */
  broadcast(frame: Uint8Array, except?: RoomMember): void {
    for (const member of this.members.keys()) if (member !== except) member.send(frame);
  }
}
