// Table types for Kysely. Timestamps are ISO 8601 UTC strings with milliseconds (they sort as text).
import type { ColumnType } from "kysely";
import type { CollabSnapshotsTable, CollabUpdatesTable, CommentsTable, PresenceTable } from "./collab-schema.js";

export type Role = "Owner" | "Editor" | "Viewer";
export type Plan = "free" | "pro" | "enterprise" | "unlimited";
export type EmailTokenKind = "verify" | "reset";
export type RenderSource = "api" | "preview" | "ai";

export interface UsersTable {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** bcrypt; '' for a user who signed up through a provider and never set one (NO_PASSWORD). */
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
  /** The template's sample data as JSON text (an object), null when none was saved; optional on insert. */
  sample_data: ColumnType<string | null, string | null | undefined, string | null>;
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

export type VersionKind = "auto" | "manual" | "restore";

export interface TemplateVersionsTable {
  id: string;
  template_id: string;
  workspace_id: string;
  /** Per template, from 1. */
  number: number;
  kind: VersionKind;
  label: string | null;
  content: string;
  /** SHA-256 of content, hex: identical saves are skipped without comparing megabytes. */
  content_hash: string;
  /** The editor mode the content was saved under (`report` or `html`). */
  editor_mode: string;
  /** The template's sample data at this version (JSON text), null when it had none; optional on insert. */
  sample_data: ColumnType<string | null, string | null | undefined, string | null>;
  author_id: string | null;
  created_at: string;
  /** The last save coalesced into this version. */
  updated_at: string;
}

export type BatchStatus = "pending" | "processing" | "completed" | "failed";
export type BatchOutput = "zip" | "merged";

export interface BatchJobsTable {
  id: string;
  workspace_id: string;
  template_id: string;
  template_name: string;
  /** Unused since batch_inputs (written empty); the submission lives there. */
  content: string;
  /** Unused since batch_inputs (written `[]`). */
  rows: string;
  /** Unused since batch_inputs (written null). */
  theme: string | null;
  output: BatchOutput;
  file_name_pattern: string;
  email_column: string | null;
  source: RenderSource;
  status: BatchStatus;
  total: number;
  completed: number;
  failed: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  /** The webhook told when the job finishes (batch.completed / batch.failed); null: none. */
  webhook_url?: string | null;
}

export interface BatchRowsTable {
  job_id: string;
  idx: number;
  /** 1 rendered, 0 failed. */
  ok: number;
  pages: number;
  file_name: string | null;
  reason: string | null;
  /** Why a row's email was not sent (no valid address), if so. */
  email_note: string | null;
  /** The render's diagnostics as a JSON array of {code, message, path}; null when there were none. */
  diagnostics: string | null;
  /** The pack blob holding the row's file (src/jobs/batch-packs.ts); null: a file of its own, or none (failed). */
  pack: string | null;
}

/** A batch job's submission, apart from its counters (see the 2026-11-21T21-30 migration). */
export interface BatchInputsTable {
  job_id: string;
  content: string;
  /** The template's editor mode when the job was submitted (`report` or `html`). */
  editor_mode: string;
  rows: string;
  theme: string | null;
  /** The submission's `sign` request (JSON), null when rows are not signed (2026-11-29T06-00 migration). */
  sign: string | null;
  /** The render's form options as JSON (`{"forms":true,"flatten":true}`), null when none was set. */
  form_options: string | null;
  /** The `protect` option sealed (src/jobs/batch-protect.ts); null: the job's PDFs are not encrypted. */
  protect: string | null;
  /** The `stamps` render option as JSON text; null: none. */
  stamps: string | null;
  /** The `pdfStandards` render option as JSON text; null: none (2026-11-29T07-03 migration). */
  pdf_standards: string | null;
}

export interface BasePdfsTable {
  template_id: string;
  workspace_id: string;
  /** SHA-256 of the original, hex. */
  hash: string;
  file_name: string;
  bytes: number;
  /** JSON array of {width, height} in points. */
  pages: string;
  created_at: string;
}

/** A provider account linked to a user (see the 2026-11-23T15-00 migration). */
export interface OAuthIdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
}

/** A started OAuth flow, single use, ten minutes. */
export interface OAuthStatesTable {
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string | null;
  redirect: string;
  created_at: string;
  expires_at: string;
}

/** One blob of the database blob store (see blobs/db-store.ts). */
export interface BlobsTable {
  key: string;
  bytes: Uint8Array;
  size: number;
  created_at: string;
  /** Set when the bytes are in blob_chunks (chunks of this size, the last shorter; `bytes` is then empty). */
  chunk_bytes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One chunk of a chunked blob (see blobs/db-store.ts); idx counts from 0. */
export interface BlobChunksTable {
  key: string;
  idx: number;
  bytes: Uint8Array;
}

/** An issued, unused AI checkToken (see ai/check-tokens.ts). */
export interface AiCheckTokensTable {
  token_hash: string;
  workspace_id: string;
  reference_hash: string;
  expires_at: string;
}

/** refine-band calls of one workspace on one UTC day (days since the epoch). */
export interface AiRefineCountsTable {
  workspace_id: string;
  day: number;
  count: number;
}

/** A render token bucket shared by the instances on this database (see db/rate-buckets.ts). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  at: number;
  full_at: number;
  granted: number;
}

/** A batch submission's Idempotency-Key, kept 24 hours (see services/batch-idempotency.ts). */
export interface BatchIdempotencyKeysTable {
  workspace_id: string;
  key: string;
  request_hash: string;
  job_id: string;
  created_at: string;
  expires_at: string;
}

/** A workspace's webhook signing secret, encrypted (src/webhooks/secrets.ts). */
export interface WebhookSecretsTable {
  workspace_id: string;
  secret: string;
  /** The start of the secret, to recognise it (`whsec_ab12…`). */
  prefix: string;
  created_at: string;
}

/** Where a delivery stands: waiting (or between retries), delivered, or given up. */
export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event to one URL, with its attempts (src/jobs/webhook-dispatcher.ts works through them). */
export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  url: string;
  /** The JSON body, fixed when the event happened (a redelivery sends the same body, freshly signed). */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  /** An instance working on the delivery holds it until then (a dead instance's claim runs out). */
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  /** No more retries after this (24 hours after the event or the redelivery). */
  give_up_at: string;
  delivered_at: string | null;
}

/** Where an asynchronous render stands. */
export type RenderJobStatus = "pending" | "processing" | "completed" | "failed";

/** A render queued by POST /api/render/async; its PDF is a blob under `render/<id>/`. */
export interface RenderJobsTable {
  id: string;
  workspace_id: string;
  template_id: string | null;
  source: RenderSource;
  status: RenderJobStatus;
  /** What to render (src/jobs/render-jobs.ts RenderJobRequest), as JSON. */
  request: string;
  webhook_url: string | null;
  pages: number | null;
  bytes: number | null;
  error: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
}

/** One token bucket of the login throttle (db/login-buckets.ts); times in ms since the epoch. */
export interface LoginBucketsTable {
  key: string;
  tokens: number;
  updated_at: number;
  full_at: number;
}

/** The whole database, as Kysely sees it. */
/** A workspace's signing certificate (see the 2026-11-29T06-00 migration). */
export interface CertificatesTable {
  id: string;
  workspace_id: string;
  name: string;
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: string;
  not_after: string;
  fingerprint: string;
  /** The private key and chain, AES-256-GCM under CERTIFICATE_KEY (src/signing/sealed.ts). */
  sealed: string;
  created_by: string;
  created_at: string;
}

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
  template_versions: TemplateVersionsTable;
  batch_jobs: BatchJobsTable;
  batch_rows: BatchRowsTable;
  base_pdfs: BasePdfsTable;
  batch_inputs: BatchInputsTable;
  oauth_identities: OAuthIdentitiesTable;
  oauth_states: OAuthStatesTable;
  blobs: BlobsTable;
  blob_chunks: BlobChunksTable;
  certificates: CertificatesTable;
  ai_check_tokens: AiCheckTokensTable;
  ai_refine_counts: AiRefineCountsTable;
  rate_buckets: RateBucketsTable;
  batch_idempotency_keys: BatchIdempotencyKeysTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  render_jobs: RenderJobsTable;
  login_buckets: LoginBucketsTable;
}
