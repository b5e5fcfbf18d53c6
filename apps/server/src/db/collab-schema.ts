// Table types of presence, comments and the collaboration hub (kept apart from schema.ts, which many features share).

export interface PresenceTable {
  workspace_id: string;
  /** Only `template` today; the resolver table in services/presence.ts lists the known kinds. */
  resource_type: string;
  resource_id: string;
  user_id: string;
  last_seen_at: string;
}

export interface CommentsTable {
  id: string;
  workspace_id: string;
  template_id: string;
  parent_id: string | null;
  /** Null when the author's account is gone. */
  author_id: string | null;
  /** Emptied when the comment is deleted (the row stays while replies point at it). */
  body: string;
  /** JSON array of `{userId, email}`. */
  mentions: string;
  created_at: string;
  deleted_at: string | null;
  /** `element` or `band` when the comment is pinned to part of the document; null with anchor_id otherwise. */
  anchor_kind: string | null;
  anchor_id: string | null;
}

export interface CollabUpdatesTable {
  template_id: string;
  /** Per template, from 1, never reused (compaction removes rows but never lowers the next seq). */
  seq: number;
  bytes: Uint8Array;
  created_at: string;
}

export interface CollabSnapshotsTable {
  template_id: string;
  /** Y.encodeStateAsUpdate of a Y.Doc holding every update with seq ≤ snapshot_seq. */
  bytes: Uint8Array;
  snapshot_seq: number;
  updated_at: string;
}
