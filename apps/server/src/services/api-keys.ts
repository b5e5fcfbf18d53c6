// API keys: created with a session, shown once, stored hashed, usable only on render and batch endpoints.
import type { SessionPrincipal } from "../auth/principal.js";
import { hashToken, randomToken } from "../auth/tokens.js";
import { deleteApiKey, insertApiKey, listApiKeys, type ApiKeyRow } from "../db/api-keys.js";
import { NotFoundError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { nowIso } from "../time.js";
import { API_KEY_PREFIX } from "./authenticate.js";
import type { ServiceDeps } from "./deps.js";
import { requireRole } from "./workspaces.js";

// dsk_ + 12 characters identify a key in lists without revealing it (72 of its 256 bits).
const PREFIX_LENGTH = API_KEY_PREFIX.length + 12;

/** An API key as listed. */
export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

/** A key just created: the only time `key` is ever shown. */
export interface CreatedApiKeyView extends ApiKeyView {
  readonly key: string;
}

function view(row: ApiKeyRow): ApiKeyView {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** Creates a key in the caller's workspace (Owner or Editor). */
export async function createApiKey(deps: ServiceDeps, principal: SessionPrincipal, name: string): Promise<CreatedApiKeyView> {
  requireRole(principal, "Owner", "Editor");
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const now = Date.now();
  const row: ApiKeyRow = {
    id: uuidv7(now),
    workspace_id: principal.workspaceId,
    name: name.trim(),
    prefix: key.slice(0, PREFIX_LENGTH),
    key_hash: hashToken(key),
    created_by: principal.userId,
    created_at: nowIso(now),
    last_used_at: null,
  };
  await insertApiKey(deps.db, row);
  return { ...view(row), key };
}

/** The caller's workspace's keys (Owner or Editor). */
export async function listKeys(deps: ServiceDeps, principal: SessionPrincipal): Promise<ApiKeyView[]> {
  requireRole(principal, "Owner", "Editor");
  return (await listApiKeys(deps.db, principal.workspaceId)).map(view);
}

/** Deletes a key (Owner or Editor); it stops working at once. */
export async function removeApiKey(deps: ServiceDeps, principal: SessionPrincipal, id: string): Promise<void> {
  requireRole(principal, "Owner", "Editor");
  if (!(await deleteApiKey(deps.db, principal.workspaceId, id))) throw new NotFoundError("API key");
  await deps.lookups.changed(principal.workspaceId);
}
