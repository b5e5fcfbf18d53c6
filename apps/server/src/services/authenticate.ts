// The two credential lanes: session JWTs and API keys.
import type { ApiKeyPrincipal, SessionPrincipal } from "../auth/principal.js";
import { hashToken } from "../auth/tokens.js";
import { touchApiKey, type ApiKeyAuthRow } from "../db/api-keys.js";
import { findLiveSession } from "../db/sessions.js";
import { UnauthorizedError } from "../errors.js";
import { errorFields } from "../log.js";
import { nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";

/** The prefix every API key starts with. */
export const API_KEY_PREFIX = "dsk_";

// lastUsedAt is written at most once a minute per key, so a busy key costs no write per render.
const TOUCH_INTERVAL_MS = 60_000;

// When this instance last wrote lastUsedAt for a row it got from the lookup cache: the cached row keeps the
// last_used_at it was read with, and without this every render after the first minute would write again.
const touched = new WeakMap<ApiKeyAuthRow, number>();

/** Checks a session JWT and that its session is still live; the role is the member's current one. */
export async function authenticateBearer(deps: ServiceDeps, token: string): Promise<SessionPrincipal> {
  const claims = await deps.jwt.verify(token);
  if (claims === undefined) throw new UnauthorizedError("The access token is invalid or has expired.");
  const live = await findLiveSession(deps.db, claims.sid, claims.sub, claims.ws, nowIso());
  if (live === undefined) throw new UnauthorizedError("The session has ended.");
  return {
    kind: "session",
    userId: live.user_id,
    sessionId: live.session_id,
    email: live.email,
    emailVerified: live.email_verified_at !== null,
    workspaceId: live.workspace_id,
    role: live.role,
    plan: live.plan,
  };
}

/**
 * Checks an API key. A deleted key stops working at once: its removal invalidates the lookup cache on every
 * instance before the DELETE answers (see cache/lookups.ts).
 */
export async function authenticateApiKey(deps: ServiceDeps, key: string): Promise<ApiKeyPrincipal> {
  if (!key.startsWith(API_KEY_PREFIX)) throw new UnauthorizedError("The API key is invalid.");
  const row = await deps.lookups.apiKey(hashToken(key));
  if (row === undefined) throw new UnauthorizedError("The API key is invalid.");
  const now = Date.now();
  const lastUsed = touched.get(row) ?? (row.last_used_at === null ? 0 : Date.parse(row.last_used_at));
  if (lastUsed < now - TOUCH_INTERVAL_MS) {
    touched.set(row, now);
    // Best effort: bookkeeping must not fail an authenticated request.
    await touchApiKey(deps.db, row.id, nowIso(now)).catch((err: unknown) =>
      deps.log.warn("could not record API key use", { keyId: row.id, ...errorFields(err) }),
    );
  }
  return { kind: "apiKey", keyId: row.id, workspaceId: row.workspace_id, plan: row.plan };
}
