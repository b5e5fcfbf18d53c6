// Sessions: issuing, refreshing (rotating), switching workspace, ending. The database is the truth:
// every request re-checks its session, so revocation takes effect at once.
import { ACCESS_TOKEN_SECONDS } from "../auth/jwt.js";
import type { SessionPrincipal } from "../auth/principal.js";
import { hashToken, randomToken } from "../auth/tokens.js";
import { findUserById, setLastWorkspace, type UserRow } from "../db/users.js";
import { findMembership, listMemberships, type MembershipRow } from "../db/workspaces.js";
import {
  deleteUnusedRefreshTokens,
  extendSession,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
  setSessionWorkspace,
} from "../db/sessions.js";
import { NotFoundError, UnauthorizedError } from "../errors.js";
import { uuidv7 } from "../ids.js";
import { DAY, isoAfter, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";
import { userView, workspaceView, type TokenResponse } from "./views.js";

/** Refresh tokens (and so idle sessions) live 30 days. */
export const REFRESH_TOKEN_MS = 30 * DAY;

/** A token response plus the refresh token that goes into the cookie. */
export interface IssuedSession {
  readonly response: TokenResponse;
  readonly refreshToken: string;
}

/** Starts a new session for the user in the given workspace. */
export async function startSession(deps: ServiceDeps, user: UserRow, membership: MembershipRow): Promise<IssuedSession> {
  const now = Date.now();
  const sessionId = uuidv7(now);
  await insertSession(deps.db, {
    id: sessionId,
    user_id: user.id,
    workspace_id: membership.workspace_id,
    created_at: nowIso(now),
    expires_at: isoAfter(REFRESH_TOKEN_MS, now),
    revoked_at: null,
  });
  const refreshToken = await newRefreshToken(deps, sessionId, now);
  return { response: await tokenResponse(deps, user, membership, sessionId), refreshToken };
}

/** Signs an access token for the session in `membership`'s workspace and builds the login-shaped answer. */
export async function tokenResponse(
  deps: ServiceDeps,
  user: UserRow,
  membership: MembershipRow,
  sessionId: string,
): Promise<TokenResponse> {
  const accessToken = await deps.jwt.sign({
    sub: user.id,
    sid: sessionId,
    ws: membership.workspace_id,
    role: membership.role,
    email: user.email,
  });
  return {
    accessToken,
    tokenType: "Bearer",
    expiresIn: ACCESS_TOKEN_SECONDS,
    user: userView(user),
    workspace: workspaceView(membership),
    role: membership.role,
  };
}

async function newRefreshToken(deps: ServiceDeps, sessionId: string, now: number): Promise<string> {
  const token = randomToken(32);
  await insertRefreshToken(deps.db, {
    token_hash: hashToken(token),
    session_id: sessionId,
    created_at: nowIso(now),
    expires_at: isoAfter(REFRESH_TOKEN_MS, now),
    used_at: null,
  });
  await extendSession(deps.db, sessionId, isoAfter(REFRESH_TOKEN_MS, now));
  return token;
}

/** The membership a session should act in: its own workspace, else the user's first one. */
async function sessionMembership(deps: ServiceDeps, userId: string, workspaceId: string): Promise<MembershipRow | undefined> {
  return (await findMembership(deps.db, workspaceId, userId)) ?? (await listMemberships(deps.db, userId))[0];
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once:
 * presenting a used one means it was copied, so the whole session is revoked.
 */
export async function refreshWithToken(deps: ServiceDeps, token: string): Promise<IssuedSession> {
  const now = Date.now();
  const tokenHash = hashToken(token);
  const row = await findRefreshToken(deps.db, tokenHash);
  if (row === undefined || row.expires_at <= nowIso(now)) throw new UnauthorizedError("The refresh token is invalid or has expired.");
  if (row.used_at !== null || !(await markRefreshTokenUsed(deps.db, tokenHash, nowIso(now)))) {
    await revokeSession(deps.db, row.session_id, nowIso(now));
    deps.collab.endAccess({ sessionId: row.session_id });
    deps.log.warn("refresh token reused; session revoked", { sessionId: row.session_id });
    throw new UnauthorizedError("The refresh token was already used; the session has been ended.");
  }
  const session = await findSession(deps.db, row.session_id);
  if (session === undefined || session.revoked_at !== null || session.expires_at <= nowIso(now)) {
    throw new UnauthorizedError("The session has ended.");
  }
  return reissue(deps, session.id, session.user_id, session.workspace_id, now);
}

/** Refresh for clients without a cookie jar: a live access token gets a fresh one (and a new refresh token). */
export async function refreshWithSession(deps: ServiceDeps, principal: SessionPrincipal): Promise<IssuedSession> {
  // Outstanding refresh tokens are superseded (dropped, not marked used: presenting one is a plain 401).
  await deleteUnusedRefreshTokens(deps.db, principal.sessionId);
  return reissue(deps, principal.sessionId, principal.userId, principal.workspaceId, Date.now());
}

async function reissue(deps: ServiceDeps, sessionId: string, userId: string, workspaceId: string, now: number): Promise<IssuedSession> {
  const user = await findUserById(deps.db, userId);
  const membership = user && (await sessionMembership(deps, user.id, workspaceId));
  if (user === undefined || membership === undefined) throw new UnauthorizedError("The session has no workspace left.");
  if (membership.workspace_id !== workspaceId) await setSessionWorkspace(deps.db, sessionId, membership.workspace_id);
  const refreshToken = await newRefreshToken(deps, sessionId, now);
  return { response: await tokenResponse(deps, user, membership, sessionId), refreshToken };
}

/** Moves the session to another of the user's workspaces; 404 when the user is not a member there. */
export async function switchWorkspace(deps: ServiceDeps, principal: SessionPrincipal, workspaceId: string): Promise<TokenResponse> {
  const membership = await findMembership(deps.db, workspaceId, principal.userId);
  const user = await findUserById(deps.db, principal.userId);
  if (membership === undefined || user === undefined) throw new NotFoundError("Workspace");
  await setSessionWorkspace(deps.db, principal.sessionId, workspaceId);
  await setLastWorkspace(deps.db, user.id, workspaceId);
  return tokenResponse(deps, user, membership, principal.sessionId);
}

/** Ends the current session: its access tokens stop working at once. */
export async function logout(deps: ServiceDeps, principal: SessionPrincipal): Promise<void> {
  await revokeSession(deps.db, principal.sessionId, nowIso());
  deps.collab.endAccess({ sessionId: principal.sessionId });
}

/** Ends every session of the user, on every device. */
export async function logoutAll(deps: ServiceDeps, principal: SessionPrincipal): Promise<void> {
  await revokeUserSessions(deps.db, principal.userId, nowIso());
  deps.collab.endAccess({ userId: principal.userId });
}

/** The current session as `GET /api/auth/session` shows it. */
export interface SessionView {
  readonly sessionId: string;
  readonly userId: string;
  readonly email: string;
  readonly workspaceId: string;
  readonly role: string;
  readonly createdAt: string;
  /** When the session ends unless refreshed. */
  readonly expiresAt: string;
}

/** Describes the caller's session. */
export async function describeSession(deps: ServiceDeps, principal: SessionPrincipal): Promise<SessionView> {
  const session = await findSession(deps.db, principal.sessionId);
  if (session === undefined) throw new UnauthorizedError("The session has ended.");
  return {
    sessionId: session.id,
    userId: principal.userId,
    email: principal.email,
    workspaceId: principal.workspaceId,
    role: principal.role,
    createdAt: session.created_at,
    expiresAt: session.expires_at,
  };
}
