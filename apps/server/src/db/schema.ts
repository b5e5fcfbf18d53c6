// Table types for Kysely. Timestamps are ISO 8601 UTC strings with milliseconds (they sort as text).
import type { CollabSnapshotsTable, CollabUpdatesTable, CommentsTable, PresenceTable } from "./collab-schema.js";

export type Role = "Owner" | "Editor" | "Viewer";
export type Plan = "free" | "pro" | "enterprise";
export type EmailTokenKind = "verify" | "reset";
export type RenderSource = "api" | "preview" | "ai";

export interface UsersTable {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  /** The workspace a fresh login lands in. */
  last_workspace_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  plan: Plan;
  created_at: string;
}

export interface MembershipsTable {
  workspace_id: string;
  user_id: string;
  role: Role;
  joined_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** Active workspace; refresh issues tokens for it. */
  workspace_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token, hex. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  kind: EmailTokenKind;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  id: string;
  workspace_id: string;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
}

export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The first characters of the key, shown in lists. */
  prefix: string;
  key_hash: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TemplatesTable {
  id: string;
  workspace_id: string;
  name: string;
  content: string;
  editor_mode: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface RenderEventsTable {
  id: string;
  workspace_id: string;
  /** Kept after the template is deleted: usage history outlives templates. */
  template_id: string | null;
  source: RenderSource;
  pages: number;
  bytes: number;
  duration_ms: number;
  created_at: string;
}

/** The whole database, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  invites: InvitesTable;
  api_keys: ApiKeysTable;
  templates: TemplatesTable;
  render_events: RenderEventsTable;
  presence: PresenceTable;
  comments: CommentsTable;
  collab_updates: CollabUpdatesTable;
  collab_snapshots: CollabSnapshotsTable;
}
