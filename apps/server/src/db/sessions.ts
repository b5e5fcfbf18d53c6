// Sessions and their rotating refresh tokens.
import type { Db } from "./database.js";
import type { Plan, RefreshTokensTable, Role, SessionsTable } from "./schema.js";

export type SessionRow = SessionsTable;
export type RefreshTokenRow = RefreshTokensTable;

/** What one authenticated request needs to know, read in a single query. */
export interface LiveSessionRow {
  readonly session_id: string;
  readonly user_id: string;
  readonly email: string;
  readonly email_verified_at: string | null;
  readonly workspace_id: string;
  readonly plan: Plan;
  /** The member's current role (not the one in the token: a demotion takes effect at once). */
  readonly role: Role;
}

/** Inserts a session. */
export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

/** The session by id. */
export function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The session if it is live (not revoked, not expired) and the user is still a member of `workspaceId`.
 */
export function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
  workspaceId: string,
  now: string,
): Promise<LiveSessionRow | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("memberships", (join) =>
      join.onRef("memberships.user_id", "=", "sessions.user_id").on("memberships.workspace_id", "=", workspaceId),
    )
    .innerJoin("workspaces", "workspaces.id", "memberships.workspace_id")
    .select([
      "sessions.id as session_id",
      "users.id as user_id",
      "users.email",
      "users.email_verified_at",
      "workspaces.id as workspace_id",
      "workspaces.plan",
      "memberships.role",
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.user_id", "=", userId)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

/** Points the session at another workspace (refresh then issues tokens for it). */
export async function setSessionWorkspace(db: Db, sessionId: string, workspaceId: string): Promise<void> {
  await db.updateTable("sessions").set({ workspace_id: workspaceId }).where("id", "=", sessionId).execute();
}

/** Extends the session's expiry (each refresh keeps it alive for another refresh lifetime). */
export async function extendSession(db: Db, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", sessionId).execute();
}

/** Revokes one session. */
export async function revokeSession(db: Db, sessionId: string, at: string): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: at }).where("id", "=", sessionId).where("revoked_at", "is", null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, at: string, keepSessionId?: string): Promise<void> {
  let query = db.updateTable("sessions").set({ revoked_at: at }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (keepSessionId !== undefined) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}

/** Stores a refresh token (hashed). */
export async function insertRefreshToken(db: Db, row: RefreshTokenRow): Promise<void> {
  await db.insertInto("refresh_tokens").values(row).execute();
}

/** The refresh token with this hash. */
export function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks a refresh token used; false when it was already used (a concurrent rotation won). */
export async function markRefreshTokenUsed(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Drops a session's unused refresh tokens (superseded by a newer one issued another way). */
export async function deleteUnusedRefreshTokens(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("refresh_tokens").where("session_id", "=", sessionId).where("used_at", "is", null).execute();
}
